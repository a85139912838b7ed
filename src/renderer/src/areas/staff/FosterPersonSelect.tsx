import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../client/transport';

/** Who a foster's login is in the register: the fosters of production's people; their login reaches the animals placed with them. */
export function FosterPersonSelect({
  value,
  onChange,
  error,
}: {
  value: number | null;
  onChange: (personId: number | null) => void;
  error?: React.ReactNode;
}): React.JSX.Element {
  const { t } = useTranslation('phone');
  const fosters = useQuery({
    // Staff logins are production's, and so is the person a login is linked to.
    queryKey: ['production', 'people', 'fosters'],
    queryFn: () => call('people.list', { environment: 'production', query: { role: 'foster', limit: 500 } }),
  });
  return (
    <Select
      label={t('fosterLink.label')}
      description={t('fosterLink.description')}
      placeholder={t('fosterLink.placeholder')}
      searchable
      data={(fosters.data?.people ?? []).map((person) => ({ value: String(person.id), label: person.name }))}
      value={value === null ? null : String(value)}
      onChange={(chosen) => onChange(chosen === null ? null : Number(chosen))}
      error={error}
      comboboxProps={{ withinPortal: true }}
      data-testid="foster-person"
    />
  );
}
