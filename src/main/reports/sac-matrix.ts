/**
 * The Shelter Animals Count basic data matrix and the live release rate, computed from stays: pure,
 * so the property test can hold any history to them. The mapping is documented in
 * docs/guide/reports.md; keep the two in step.
 */
import type { OutcomeType, TransferOrigin } from '../../shared/movements';
import { ageInMonths, ageScaleOf } from '../../shared/pet-profile';
import type { Species } from '../../shared/species';
import { SAC_ADULT_MONTHS, SAC_AGES, SAC_ROWS, SAC_SPECIES, type LiveReleaseFigures, type SacAge, type SacCounts, type SacRowKey, type SacSpecies } from '../../shared/reports';
import { zonedDay } from '../../shared/zoned-time';
import type { ReportFoster, ReportStay } from './store';

export type SacRows = Record<SacRowKey, SacCounts>;

const TRANSFER_IN: Record<TransferOrigin, SacRowKey> = { in_state: 'intake_transfer_in_state', out_of_state: 'intake_transfer_out_of_state', abroad: 'intake_transfer_abroad' };
const TRANSFER_OUT: Record<TransferOrigin, SacRowKey> = { in_state: 'outcome_transfer_in_state', out_of_state: 'outcome_transfer_out_of_state', abroad: 'outcome_transfer_abroad' };

/** Ours → SAC's. A transfer out goes by its destination (outcomeRow); this row is for one without. */
const OUTCOME_ROW: Record<OutcomeType, SacRowKey> = {
  adoption: 'outcome_adoption',
  return_to_owner: 'outcome_returned_to_owner',
  transfer_out: 'outcome_transfer_unrecorded',
  return_to_field: 'outcome_returned_to_field',
  died_in_care: 'outcome_died_in_care',
  lost_in_care: 'outcome_lost_in_care',
  euthanasia: 'outcome_shelter_euthanasia',
  owner_requested_euthanasia: 'outcome_owner_intended_euthanasia',
};

/** SAC's outcome category of a stay that left: a transfer out by how far it went, "not recorded" only when nobody said. */
function outcomeRow(outcomeType: OutcomeType, transferTo: TransferOrigin | null): SacRowKey {
  return outcomeType === 'transfer_out' && transferTo !== null ? TRANSFER_OUT[transferTo] : OUTCOME_ROW[outcomeType];
}

/** SAC's intake category of a stay. An owner's animal whose stay ends in the euthanasia they asked for came in for it. */
function intakeRow(stay: Pick<ReportStay, 'intakeType' | 'transferFrom' | 'outcomeType'>): SacRowKey {
  switch (stay.intakeType) {
    case 'stray':
      return 'intake_stray';
    case 'owner_surrender':
    case 'returned_after_adoption':
      return stay.outcomeType === 'owner_requested_euthanasia' ? 'intake_owner_intended_euthanasia' : 'intake_relinquished';
    case 'transfer_in':
      return stay.transferFrom === null ? 'intake_other' : TRANSFER_IN[stay.transferFrom];
    default:
      return 'intake_other';
  }
}

/** The category's species, never its name: a French "Chiens" counts as dogs. */
function sacSpeciesOf(species: Species): SacSpecies | null {
  const scale = ageScaleOf(species);
  return scale === 'other' ? null : scale;
}

/** The age split at `instant`: an estimate that lies after it is a very young animal, not an unknown age. */
function ageAt(birthDate: string | null, instant: number, timeZone: string): SacAge {
  if (!birthDate) return 'unknown';
  const months = ageInMonths(birthDate, zonedDay(instant, timeZone));
  return months === null || months < SAC_ADULT_MONTHS ? 'youth' : 'adult';
}

const zeroCounts = (): SacCounts => ({ dog: { adult: 0, youth: 0, unknown: 0 }, cat: { adult: 0, youth: 0, unknown: 0 } });

function emptyRows(): SacRows {
  return Object.fromEntries(SAC_ROWS.map((row) => [row.key, zeroCounts()])) as SacRows;
}

/** In foster at `instant`: placed at or before it, not yet back. */
const fosteredAt = (placements: ReportFoster[] | undefined, instant: number) => placements?.some((placement) => placement.startedAt <= instant && (placement.endedAt === null || placement.endedAt > instant)) ?? false;

/**
 * The matrix of the half-open span [from, to): every stay in care at some moment of it (more are
 * ignored). The counts take the age at `from` and at `to`, so one month's ending is the next one's
 * beginning, split for split.
 */
export function tallySac(stays: readonly ReportStay[], fosters: readonly ReportFoster[], from: number, to: number, timeZone: string): SacRows {
  const rows = emptyRows();
  const placements = new Map<number, ReportFoster[]>();
  for (const foster of fosters) placements.set(foster.stayId, [...(placements.get(foster.stayId) ?? []), foster]);
  const add = (key: SacRowKey, species: SacSpecies, age: SacAge, by = 1) => (rows[key][species][age] += by);
  for (const stay of stays) {
    const species = sacSpeciesOf(stay.species);
    if (species === null || stay.intakeAt >= to) continue;
    // Dates never run backwards (movements refuse it); clamped so a damaged row cannot unbalance the matrix.
    const outcomeAt = stay.outcomeAt === null || stay.outcomeType === null ? null : Math.max(stay.outcomeAt, stay.intakeAt);
    if (outcomeAt !== null && outcomeAt < from) continue;
    const enteredAt = Math.max(stay.intakeAt, from);
    const entryAge = ageAt(stay.birthDate, enteredAt, timeZone);
    if (stay.intakeAt < from) {
      add('beginning', species, entryAge);
      if (fosteredAt(placements.get(stay.id), from)) add('beginning_in_foster', species, entryAge);
    } else {
      add(intakeRow(stay), species, entryAge);
      add('intakes', species, entryAge);
    }
    const leaves = outcomeAt !== null && outcomeAt < to;
    const exitAge = ageAt(stay.birthDate, leaves ? outcomeAt : to, timeZone);
    if (leaves && stay.outcomeType !== null) {
      const key = outcomeRow(stay.outcomeType, stay.transferTo);
      add(key, species, exitAge);
      add(SAC_ROWS.find((row) => row.key === key)?.section === 'live_outcome' ? 'live_outcomes' : 'other_outcomes', species, exitAge);
      add('outcomes', species, exitAge);
    } else {
      add('ending', species, exitAge);
      if (fosteredAt(placements.get(stay.id), to)) add('ending_in_foster', species, exitAge);
    }
    if (entryAge !== exitAge) {
      add('grew_up', species, entryAge, -1);
      add('grew_up', species, exitAge);
    }
  }
  return rows;
}

const sumAges = (counts: SacCounts, species: readonly SacSpecies[]) => species.reduce((sum, each) => sum + SAC_AGES.reduce((total, age) => total + counts[each][age], 0), 0);

/**
 * The Asilomar Accords' live release rate: live outcomes ÷ (live outcomes + euthanasia), leaving out
 * owner-requested euthanasia and animals that died or were lost in care. Returned to field (younger
 * than the Accords) counts as a live outcome, as SAC counts it.
 */
export function liveReleaseOf(rows: SacRows, species: readonly SacSpecies[] = SAC_SPECIES): LiveReleaseFigures {
  const of = (key: SacRowKey) => sumAges(rows[key], species);
  const transfersOut = of('outcome_transfer_in_state') + of('outcome_transfer_out_of_state') + of('outcome_transfer_abroad') + of('outcome_transfer_unrecorded');
  const liveOutcomes = of('live_outcomes');
  const shelterEuthanasia = of('outcome_shelter_euthanasia');
  const counted = liveOutcomes + shelterEuthanasia;
  return {
    adoptions: of('outcome_adoption'),
    returnedToOwner: of('outcome_returned_to_owner'),
    transfersOut,
    returnedToField: of('outcome_returned_to_field'),
    liveOutcomes,
    shelterEuthanasia,
    ownerIntendedEuthanasia: of('outcome_owner_intended_euthanasia'),
    diedOrLost: of('outcome_died_in_care') + of('outcome_lost_in_care'),
    rate: counted === 0 ? null : liveOutcomes / counted,
  };
}

/** A row's figure for all dogs and cats. */
export const totalOf = (counts: SacCounts): number => sumAges(counts, SAC_SPECIES);
