/**
 * Reports for funders and councils: the Shelter Animals Count basic data matrix of a
 * month, the live release rate (Asilomar Accords) of any period, and their trends. How our intake and
 * outcome types map onto SAC's categories: docs/guide/reports.md.
 */
import { z } from 'zod';
import { isTimeZone } from './zoned-time';

/** SAC's national database counts dogs and cats only. */
export const SAC_SPECIES = ['dog', 'cat'] as const;
export type SacSpecies = (typeof SAC_SPECIES)[number];

/** SAC's age split at each event: adult (5 months and older), up to five months (`youth`), age unknown. */
export const SAC_AGES = ['adult', 'youth', 'unknown'] as const;
export type SacAge = (typeof SAC_AGES)[number];

/** SAC's break between puppy or kitten and adult, in whole months of age. */
export const SAC_ADULT_MONTHS = 5;

export const SAC_SECTIONS = ['count', 'intake', 'live_outcome', 'other_outcome', 'ageing'] as const;
export type SacSection = (typeof SAC_SECTIONS)[number];

/** The matrix's rows, in SAC's order; `total: true` rows sum the section above them. */
export const SAC_ROWS = [
  { key: 'beginning', section: 'count' },
  { key: 'beginning_in_foster', section: 'count' },
  { key: 'intake_stray', section: 'intake' },
  { key: 'intake_relinquished', section: 'intake' },
  { key: 'intake_owner_intended_euthanasia', section: 'intake' },
  { key: 'intake_transfer_in_state', section: 'intake' },
  { key: 'intake_transfer_out_of_state', section: 'intake' },
  { key: 'intake_transfer_abroad', section: 'intake' },
  { key: 'intake_other', section: 'intake' },
  { key: 'intakes', section: 'intake', total: true },
  { key: 'outcome_adoption', section: 'live_outcome' },
  { key: 'outcome_returned_to_owner', section: 'live_outcome' },
  { key: 'outcome_transfer_in_state', section: 'live_outcome' },
  { key: 'outcome_transfer_out_of_state', section: 'live_outcome' },
  { key: 'outcome_transfer_abroad', section: 'live_outcome' },
  { key: 'outcome_transfer_unrecorded', section: 'live_outcome' },
  { key: 'outcome_returned_to_field', section: 'live_outcome' },
  { key: 'outcome_other_live', section: 'live_outcome' },
  { key: 'live_outcomes', section: 'live_outcome', total: true },
  { key: 'outcome_died_in_care', section: 'other_outcome' },
  { key: 'outcome_lost_in_care', section: 'other_outcome' },
  { key: 'outcome_shelter_euthanasia', section: 'other_outcome' },
  { key: 'outcome_owner_intended_euthanasia', section: 'other_outcome' },
  { key: 'other_outcomes', section: 'other_outcome', total: true },
  { key: 'outcomes', section: 'other_outcome', total: true },
  { key: 'grew_up', section: 'ageing' },
  { key: 'ending', section: 'count' },
  { key: 'ending_in_foster', section: 'count' },
] as const satisfies readonly { key: string; section: SacSection; total?: boolean }[];
export type SacRowKey = (typeof SAC_ROWS)[number]['key'];

/** One row's figures: per species, per age split. */
export type SacCounts = Record<SacSpecies, Record<SacAge, number>>;

/**
 * The month's matrix. It reconciles for every species and age split:
 * ending = beginning + intakes − outcomes + grew_up, where `grew_up` moves the animals that passed five
 * months while in care from "up to five months" (−) to "adult" (+): intakes count the age at intake,
 * outcomes the age at outcome, the counts the age at the month's first and last instant.
 */
export interface SacMatrix {
  month: string;
  timeZone: string;
  /** The month as the half-open span [from, to) of the zone's midnights, epoch ms. */
  from: number;
  to: number;
  rows: Record<SacRowKey, SacCounts>;
}

/** The live release rate's terms (Asilomar Accords): rate = live outcomes ÷ (live outcomes + shelter euthanasia). */
export interface LiveReleaseFigures {
  adoptions: number;
  returnedToOwner: number;
  transfersOut: number;
  returnedToField: number;
  liveOutcomes: number;
  /** Euthanasia the shelter decided: in the denominator. */
  shelterEuthanasia: number;
  /** Left out of the rate, as the Accords leave out owner-requested euthanasia. */
  ownerIntendedEuthanasia: number;
  /** Died or lost in care: left out of the Accords' rate, shown for the record. */
  diedOrLost: number;
  /** 0 to 1; null when the period has no outcome the rate counts. */
  rate: number | null;
}

export interface LiveRelease {
  /** The first and last day, YYYY-MM-DD, in the zone. */
  from: string;
  to: string;
  timeZone: string;
  dog: LiveReleaseFigures;
  cat: LiveReleaseFigures;
  /** Dogs and cats together. */
  total: LiveReleaseFigures;
}

/** One month of the trend charts, dogs and cats together. */
export interface ReportTrendMonth {
  month: string;
  intakes: number;
  liveOutcomes: number;
  otherOutcomes: number;
  /** In care at the month's end (fosters included). */
  ending: number;
  liveReleaseRate: number | null;
}

const MonthSchema = z
  .string({ error: 'must be a month, YYYY-MM' })
  .regex(/^(19|20)\d{2}-(0[1-9]|1[0-2])$/, { error: 'must be a month, YYYY-MM (e.g. 2026-03)' });
const DaySchema = z.iso.date({ error: 'must be a date, YYYY-MM-DD' });
const TimeZoneSchema = z.string({ error: 'must be a time zone name' }).refine(isTimeZone, {
  error: 'must be a time zone the runtime knows, e.g. Europe/Paris, America/Chicago or UTC',
  params: { reason: 'time_zone_unknown' },
});

/** Without a time zone, UTC: each face sends the zone the shelter works in (docs/guide/reports.md). */
export const SacQuerySchema = z.strictObject({ month: MonthSchema, timeZone: TimeZoneSchema.optional() });
export type SacQuery = z.input<typeof SacQuerySchema>;

export const LiveReleaseQuerySchema = z
  .strictObject({ from: DaySchema, to: DaySchema, timeZone: TimeZoneSchema.optional() })
  .refine((query) => query.from <= query.to, {
    error: 'must not be before from',
    path: ['to'],
    params: { reason: 'range_reversed' },
  });
export type LiveReleaseQuery = z.input<typeof LiveReleaseQuerySchema>;

/** The `months` months up to and including `month`. */
export const TrendsQuerySchema = z.strictObject({
  month: MonthSchema,
  months: z.int().min(1).max(36).optional(),
  timeZone: TimeZoneSchema.optional(),
});
export type TrendsQuery = z.input<typeof TrendsQuerySchema>;
