import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatFigure } from '../../ui/format';
import { SAC_AGES, SAC_ROWS, SAC_SPECIES, type SacMatrix, type SacRowKey, type SacSection } from '../../../../shared/reports';

/** Shelter Animals Count's own row names, kept in English beside the translation: funders ask for them. */
const OFFICIAL_ROW_NAMES: Record<SacRowKey, string> = {
  beginning: 'In care at the start',
  beginning_in_foster: '… of which in foster',
  intake_stray: 'Stray or at large',
  intake_relinquished: 'Relinquished by owner',
  intake_owner_intended_euthanasia: 'Owner-intended euthanasia',
  intake_transfer_in_state: 'Transferred in, within state',
  intake_transfer_out_of_state: 'Transferred in, out of state',
  intake_transfer_abroad: 'Transferred in, from abroad',
  intake_other: 'Other intakes',
  intakes: 'All live intakes',
  outcome_adoption: 'Adoption',
  outcome_returned_to_owner: 'Returned to owner',
  outcome_transfer_in_state: 'Transferred out, within state',
  outcome_transfer_out_of_state: 'Transferred out, out of state',
  outcome_transfer_abroad: 'Transferred out, abroad',
  outcome_transfer_unrecorded: 'Transferred out, destination not recorded',
  outcome_returned_to_field: 'Returned to field',
  outcome_other_live: 'Other live outcomes',
  live_outcomes: 'All live outcomes',
  outcome_died_in_care: 'Died in care',
  outcome_lost_in_care: 'Lost in care',
  outcome_shelter_euthanasia: 'Shelter euthanasia',
  outcome_owner_intended_euthanasia: 'Owner-intended euthanasia',
  other_outcomes: 'All other outcomes',
  outcomes: 'All outcomes',
  grew_up: 'Turned five months in care',
  ending: 'In care at the end',
  ending_in_foster: '… of which in foster',
};

/** A row's key in the catalogue: a key ending in "_other" would read as a plural form. */
const catalogueKey = (key: SacRowKey) => (key === 'intake_other' ? 'intake_others' : key);

/** The Shelter Animals Count matrix, row by row as SAC lists it, a column per species and age. */
export function SacTable({ matrix, withOfficial }: { matrix: SacMatrix; withOfficial: boolean }): React.JSX.Element {
  const { t } = useTranslation('reports');
  const sectionHeading = (of: SacSection): string | undefined =>
    of === 'intake' || of === 'live_outcome' || of === 'other_outcome' ? t(`sac.section.${of}`) : undefined;
  let section: SacSection | null = null;
  const lines: React.JSX.Element[] = [];
  for (const row of SAC_ROWS) {
    const heading = row.section !== section ? sectionHeading(row.section) : undefined;
    section = row.section;
    if (heading) {
      lines.push(
        <Table.Tr key={`${row.key}-heading`}>
          <Table.Th colSpan={8} bg="var(--mantine-color-default-hover)">
            {heading}
          </Table.Th>
        </Table.Tr>,
      );
    }
    const counts = matrix.rows[row.key];
    const strong = 'total' in row || row.key === 'beginning' || row.key === 'ending';
    const total = SAC_SPECIES.reduce((sum, species) => sum + SAC_AGES.reduce((all, age) => all + counts[species][age], 0), 0);
    lines.push(
      <Table.Tr key={row.key} data-row={row.key} fw={strong ? 600 : undefined}>
        <Table.Td>
          {t(`sac.row.${catalogueKey(row.key)}`)}
          {withOfficial && (
            <Text span display="block" size="xs" c="dimmed" lang="en" data-official>
              {OFFICIAL_ROW_NAMES[row.key]}
            </Text>
          )}
        </Table.Td>
        {SAC_SPECIES.flatMap((species) =>
          SAC_AGES.map((age) => (
            <Table.Td key={`${species}-${age}`} ta="right" c={counts[species][age] === 0 ? 'dimmed' : undefined}>
              {formatFigure(counts[species][age])}
            </Table.Td>
          )),
        )}
        <Table.Td ta="right">{formatFigure(total)}</Table.Td>
      </Table.Tr>,
    );
  }
  return (
    <Table fz="xs" verticalSpacing={4} horizontalSpacing={6} striped={false} withTableBorder withColumnBorders data-testid="sac-matrix">
      <Table.Thead>
        <Table.Tr>
          <Table.Th rowSpan={2}>
            <Text size="xs" fw={600}>
              {matrix.month}
            </Text>
          </Table.Th>
          <Table.Th colSpan={3} ta="center">
            {t('sac.dogs')}
          </Table.Th>
          <Table.Th colSpan={3} ta="center">
            {t('sac.cats')}
          </Table.Th>
          <Table.Th rowSpan={2} ta="right">
            {t('sac.total')}
          </Table.Th>
        </Table.Tr>
        <Table.Tr>
          {SAC_SPECIES.flatMap((species) =>
            SAC_AGES.map((age) => (
              <Table.Th key={`${species}-${age}`} ta="right" w={72}>
                {t(`sac.age.${age}`)}
              </Table.Th>
            )),
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{lines}</Table.Tbody>
    </Table>
  );
}
