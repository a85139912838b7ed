import { SAC_AGES, SAC_ROWS, SAC_SPECIES, type SacAge, type SacMatrix, type SacRowKey, type SacSection, type SacSpecies } from '../../shared/reports';
import type { CsvSeparator } from '../../shared/csv-separator';
import { csvText } from '../files/csv';
import { totalOf } from './sac-matrix';

/** The matrix's words in SAC's English, for the CSV and the CLI's table (the window words its own). */
export const SAC_ROW_LABELS: Record<SacRowKey, string> = {
  beginning: 'Beginning count',
  beginning_in_foster: 'Beginning count: in foster',
  intake_stray: 'Stray / at large',
  intake_relinquished: 'Relinquished by owner',
  intake_owner_intended_euthanasia: 'Owner-intended euthanasia',
  intake_transfer_in_state: 'Transferred in: within state',
  intake_transfer_out_of_state: 'Transferred in: out of state',
  intake_transfer_abroad: 'Transferred in: from abroad',
  intake_other: 'Other intakes',
  intakes: 'Total live intakes',
  outcome_adoption: 'Adoption',
  outcome_returned_to_owner: 'Returned to owner',
  outcome_transfer_in_state: 'Transferred out: within state',
  outcome_transfer_out_of_state: 'Transferred out: out of state',
  outcome_transfer_abroad: 'Transferred out: abroad',
  outcome_transfer_unrecorded: 'Transferred out: destination not recorded',
  outcome_returned_to_field: 'Returned to field',
  outcome_other_live: 'Other live outcomes',
  live_outcomes: 'Total live outcomes',
  outcome_died_in_care: 'Died in care',
  outcome_lost_in_care: 'Lost in care',
  outcome_shelter_euthanasia: 'Shelter euthanasia',
  outcome_owner_intended_euthanasia: 'Owner-intended euthanasia',
  other_outcomes: 'Total other outcomes',
  outcomes: 'Total outcomes',
  grew_up: 'Grew past five months in care',
  ending: 'Ending count',
  ending_in_foster: 'Ending count: in foster',
};

export const SAC_SECTION_LABELS: Record<SacSection, string> = { count: 'Count', intake: 'Live intake', live_outcome: 'Live outcome', other_outcome: 'Other outcome', ageing: 'Age change' };

const SPECIES_LABELS: Record<SacSpecies, string> = { dog: 'Dogs', cat: 'Cats' };
const AGE_LABELS: Record<SacAge, string> = { adult: 'adult', youth: 'up to 5 months', unknown: 'age unknown' };

/** "Dogs: adult", … in the matrix's column order. */
export const SAC_COLUMN_LABELS = SAC_SPECIES.flatMap((species) => SAC_AGES.map((age) => `${SPECIES_LABELS[species]}: ${AGE_LABELS[age]}`));

/** Each row's figures in the column order, then the dogs-and-cats total. */
export function sacLines(matrix: SacMatrix): { key: SacRowKey; section: SacSection; label: string; values: number[]; total: number }[] {
  return SAC_ROWS.map(({ key, section }) => ({
    key,
    section,
    label: SAC_ROW_LABELS[key],
    values: SAC_SPECIES.flatMap((species) => SAC_AGES.map((age) => matrix.rows[key][species][age])),
    total: totalOf(matrix.rows[key]),
  }));
}

/** Through the one CSV writer: Month, Section, Row, the six columns, Total; `semicolon` for a spreadsheet set to French. */
export function sacCsv(matrix: SacMatrix, separator: CsvSeparator = 'comma'): string {
  return csvText(
    ['Month', 'Section', 'Row', ...SAC_COLUMN_LABELS, 'Total'],
    sacLines(matrix).map((line) => [matrix.month, SAC_SECTION_LABELS[line.section], line.label, ...line.values, line.total]),
    { separator },
  );
}
