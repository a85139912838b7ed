import { Group, SegmentedControl, Select, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { BrowsePets } from '../../../../shared/admin-schemas';
import type { Category } from '../../../../shared/models';
import { useTranslation } from 'react-i18next';
import { PET_STATUSES } from '../../../../shared/pet';
import { petStatusWords } from '../../domain/pets/status-words';
import { clearButtonNamed } from '../../ui/clear-button';

/** "adopted" means adopted; an animal that left care otherwise (died, transferred…) is under "left care". */
export type StatusFilter = NonNullable<BrowsePets['status']> | 'all';

interface PetFiltersProps {
  search: string;
  onSearch: (search: string) => void;
  status: StatusFilter;
  onStatus: (status: StatusFilter) => void;
  categoryId: number | null;
  onCategory: (categoryId: number | null) => void;
  categories: readonly Category[];
}

/** The list's search by name, status and category; widths that keep the three on one line in a 1000 px window, so the table stays high. */
export function PetFilters({
  search,
  onSearch,
  status,
  onStatus,
  categoryId,
  onCategory,
  categories,
}: PetFiltersProps): React.JSX.Element {
  const { t } = useTranslation(['pets', 'domain']);
  return (
    <Group align="flex-end" wrap="wrap">
      <TextInput
        label={t('filters.search')}
        placeholder={t('filters.searchExample')}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        // Narrower before the filters wrap: at 1000 px the search, the five statuses and the category share one row.
        flex="1 1 140px"
        miw={140}
        maw={200}
      />
      <div>
        <Text size="sm" fw={500} mb={4} id="status-filter">
          {t('filters.status')}
        </Text>
        <SegmentedControl<StatusFilter>
          aria-labelledby="status-filter"
          value={status}
          onChange={onStatus}
          data={[
            { value: 'all', label: t('filters.all') },
            ...PET_STATUSES.map((value) => ({ value, label: petStatusWords(value) })),
            { value: 'left_care', label: t('domain:animals.status.left_care') },
          ]}
        />
      </div>
      <Select<number>
        label={t('filters.category')}
        placeholder={t('filters.allCategories')}
        clearable
        clearButtonProps={clearButtonNamed(t('filters.clearCategory'))}
        value={categoryId}
        onChange={onCategory}
        data={categories.map((category) => ({ value: category.id, label: category.name }))}
        w={150}
      />
    </Group>
  );
}
