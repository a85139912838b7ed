import { useTranslation } from 'react-i18next';
import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Person } from '../../../../shared/people';
import type { PageProps } from '../../ui/navigation';
import { useDialog } from '../../ui/dialog';
import { PageTitle } from '../../ui/PageTitle';
import { PeopleList } from './PeopleList';
import { PersonFormModal } from './PersonFormModal';
import { PersonPage } from './PersonPage';

/** `#/people`: the register; `#/people/12`: one person's page. The Add/Edit dialog serves both. */
export function PeoplePage({ recordId }: PageProps): React.JSX.Element {
  const { t } = useTranslation('people');
  const personForm = useDialog<Person | 'new'>();
  const dialog = (
    <PersonFormModal
      opened={personForm.opened}
      person={personForm.subject === 'new' ? null : personForm.subject}
      onClose={personForm.close}
    />
  );
  if (recordId !== null) {
    return (
      <>
        <PersonPage key={recordId} id={recordId} onEdit={personForm.open} />
        {dialog}
      </>
    );
  }
  return (
    <Stack>
      <PageTitle
        title={t('title')}
        description={t('description')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => personForm.open('new')}>
            {t('addPerson')}
          </Button>
        }
      />
      <PeopleList onAdd={() => personForm.open('new')} />
      {dialog}
    </Stack>
  );
}
