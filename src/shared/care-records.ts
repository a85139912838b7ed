/**
 * What care records are: the states, kinds and buckets, and the answers staff read (a dose, a
 * treatment, an animal's care record, the due list, a round given). Re-exported by care.ts.
 */
import type { Face, PersonRef } from './movements';

/** A scheduled dose waits; it ends given, or skipped with a reason. */
export const DOSE_STATUSES = ['scheduled', 'given', 'skipped'] as const;
export type DoseStatus = (typeof DOSE_STATUSES)[number];

/** Treatments, procedures and tests; the tests carry a result. */
export const TREATMENT_KINDS = [
  'deworming',
  'flea_tick',
  'fiv_felv_test',
  'heartworm_test',
  'spay_neuter',
  'other_treatment',
  'other_test',
] as const;
export type TreatmentKind = (typeof TREATMENT_KINDS)[number];
export const TEST_KINDS: readonly TreatmentKind[] = ['fiv_felv_test', 'heartworm_test', 'other_test'];
export const TEST_RESULTS = ['negative', 'positive', 'inconclusive'] as const;
export type TestResult = (typeof TEST_RESULTS)[number];

export const CARE_EVENT_KINDS = [
  'dose_scheduled',
  'dose_given',
  'dose_edited',
  'dose_skipped',
  'treatment_recorded',
  'treatment_edited',
] as const;
export type CareEventKind = (typeof CARE_EVENT_KINDS)[number];

/** Where a due list row falls against today. */
export const DUE_BUCKETS = ['overdue', 'today', 'soon'] as const;
export type DueBucket = (typeof DUE_BUCKETS)[number];

/** How many doses one round may give (a shelter's whole population, with room). */
export const MAX_ROUND = 500;

export interface Dose {
  id: number;
  petId: number;
  vaccine: string;
  status: DoseStatus;
  /** When it is due: set by hand, or following the protocol's age rule with the birth date as it is now (`followsAge`). */
  dueDate: string | null;
  followsAge: boolean;
  givenDate: string | null;
  expiresDate: string | null;
  batch: string | null;
  manufacturer: string | null;
  givenBy: string | null;
  vet: PersonRef | null;
  skipReason: string | null;
  /** PRIVATE medical notes. */
  notes: string | null;
  /** Scheduled by the category's protocol at an intake (its step's index), or null: by hand. */
  protocolStep: number | null;
  createdAt: number;
}

export interface Treatment {
  id: number;
  petId: number;
  kind: TreatmentKind;
  product: string | null;
  givenDate: string;
  result: TestResult | null;
  nextDueDate: string | null;
  givenBy: string | null;
  vet: PersonRef | null;
  notes: string | null;
  createdAt: number;
}

/** One entry of an animal's care history: what changed, when it was recorded and by which face. */
export interface CareEvent {
  id: number;
  petId: number;
  kind: CareEventKind;
  doseId: number | null;
  treatmentId: number | null;
  recordedAt: number;
  by: Face | null;
  /** What was recorded, or each field changed with its value before and after. */
  details: Record<string, unknown>;
}

/** One animal's care, in one read. */
export interface CareRecord {
  petId: number;
  /** Waiting first (by due date), then the rest newest first. */
  doses: Dose[];
  treatments: Treatment[];
  spayNeuterDate: string | null;
  /** See upToDate: null when nothing was ever given or scheduled. */
  upToDate: boolean | null;
  /** The shelter's day the record was read on: what doseState judges each dose against. */
  today: string;
  /** Newest first. */
  history: CareEvent[];
}

export interface DueDose {
  dose: Dose;
  petName: string;
  category: string;
  bucket: DueBucket;
  /** Days past due (0 today, negative: still ahead). */
  overdueDays: number;
}

/** The due list on `today`: doses waiting, of animals in care, due up to `until`. */
export interface DueList {
  today: string;
  until: string;
  overdue: DueDose[];
  dueToday: DueDose[];
  soon: DueDose[];
}

/** What a round recorded, dose by dose. */
export interface GivenRound {
  doses: Dose[];
}
