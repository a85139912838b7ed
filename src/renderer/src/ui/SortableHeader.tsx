import { useTranslation } from 'react-i18next';
import { Group, Table, UnstyledButton, type MantineBreakpoint } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';

export type Direction = 'asc' | 'desc';

interface SortableHeaderProps<F extends string> {
  field: F;
  label: string;
  sort: F;
  direction: Direction;
  onSort: (field: F) => void;
  /** A column only wide windows show (its cells say the same). */
  visibleFrom?: MantineBreakpoint;
}

export function SortableHeader<F extends string>({
  field,
  label,
  sort,
  direction,
  onSort,
  visibleFrom,
}: SortableHeaderProps<F>): React.JSX.Element {
  const { t } = useTranslation();
  const sorted = sort === field;
  const SortIcon = !sorted ? IconArrowsSort : direction === 'asc' ? IconSortAscending : IconSortDescending;
  return (
    <Table.Th
      visibleFrom={visibleFrom}
      aria-sort={sorted ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <UnstyledButton onClick={() => onSort(field)} aria-label={t('sortBy', { column: label })} fw={600} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <SortIcon size={14} stroke={1.6} opacity={sorted ? 1 : 0.45} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
