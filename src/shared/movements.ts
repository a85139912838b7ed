/**
 * An animal's movements: stays that open with an intake and close with an outcome,
 * and between them reservations and foster placements. Staff only; the public API sees only the
 * pet's `status` they drive (docs/decisions.md, "Movements and the public status").
 */
import { z } from 'zod';
import { NewPetSchema, type PetStatus } from './pet';
import type { PetRecord, StatusChange } from './models';
import type { PetPhoto } from './photos';
import type { Person } from './people';
import type { PetDetails } from './pet-profile';
import type { ShelterProfile } from './shelter';
import { OUTCOME_TYPES, type Departure, type OutcomeType } from './outcomes';
import { personalField, privateField } from './privacy';

/** `unknown`: the stay a pet gets when it is created without an intake (the API, a plain `pets create`, an import). */
export const INTAKE_TYPES = [
  'stray',
  'owner_surrender',
  'transfer_in',
  'seized',
  'born_in_care',
  'returned_after_adoption',
  'unknown',
] as const;
export type IntakeType = (typeof INTAKE_TYPES)[number];
/** What staff may choose: `unknown` is only ever given by creation, `returned_after_adoption` only by a return. */
export const CHOSEN_INTAKE_TYPES = ['stray', 'owner_surrender', 'transfer_in', 'seized', 'born_in_care'] as const;

/** How far a transfer went: where a transfer in came from (`transferFrom`), where a transfer out went (`transferTo`). */
export const TRANSFER_ORIGINS = ['in_state', 'out_of_state', 'abroad'] as const;
export type TransferOrigin = (typeof TRANSFER_ORIGINS)[number];

/** The receiving organisation's name, as staff type it on a transfer out. */
export const RECEIVING_ORGANISATION_MAX = 200;

export { OUTCOME_TYPES, type OutcomeType } from './outcomes';
/** Every outcome but adoption, which is recorded by `adopt` (with its fee). */
export const OTHER_OUTCOME_TYPES = OUTCOME_TYPES.filter((type) => type !== 'adoption') as Exclude<
  OutcomeType,
  'adoption'
>[];

export const FEE_METHODS = ['cash', 'card', 'transfer', 'cheque', 'online', 'waived'] as const;
export type FeeMethod = (typeof FEE_METHODS)[number];

/** Who recorded a change: the face it came through. `null` in a history entry: with the pet's creation. */
export const FACES = ['cli', 'window', 'api'] as const;
export type Face = (typeof FACES)[number];

export const MOVEMENT_KINDS = [
  'intake',
  'reservation',
  'reservation_cancelled',
  'foster_start',
  'foster_end',
  'outcome',
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

const id = z.int({ error: 'must be a positive integer' }).positive({ error: 'must be a positive integer' });
const text = (max: number) =>
  z
    .string({ error: 'must be a string' })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(max, { error: `must be at most ${max} characters` });

/**
 * A moment staff give: an ISO date-time with its offset (2026-06-01T10:00:00+02:00), or a date alone
 * (that day, 00:00 UTC); epoch ms out. Epoch ms in too, so an input parsed once (by the admin
 * dispatch) parses again unchanged in the service.
 */
export const MomentSchema = z
  .union([z.iso.datetime({ offset: true }), z.iso.date(), z.int().nonnegative()], {
    error: 'must be an ISO date (2026-06-01) or date-time with its offset (2026-06-01T10:00:00Z)',
  })
  .transform((value) =>
    typeof value === 'number' ? value : Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value),
  );

const FeeSchema = z
  .number({ error: 'must be an amount, e.g. 150 or 85.50' })
  .min(0, { error: 'must be 0 or more' })
  .max(1_000_000, { error: 'must be at most 1,000,000' })
  .refine((amount) => Math.abs(Math.round(amount * 100) - amount * 100) < 1e-6, {
    error: 'must have at most two decimals',
    params: { reason: 'amount_decimals' },
  });

/** Choosing a person flagged "do not adopt to" needs this, and it is written to the animal's history. */
const OverrideSchema = z.strictObject({ reason: text(500) }).optional();

export const IntakeInputSchema = z
  .strictObject({
    /** An animal already in the register, or a new one made with this intake. */
    petId: id.optional(),
    pet: NewPetSchema.optional(),
    type: z.enum(CHOSEN_INTAKE_TYPES, { error: `must be one of ${CHOSEN_INTAKE_TYPES.join(', ')}` }),
    transferFrom: z.enum(TRANSFER_ORIGINS, { error: `must be one of ${TRANSFER_ORIGINS.join(', ')}` }).optional(),
    at: MomentSchema.optional(),
    /** Who it came from: the finder, the owner, the other shelter. */
    personId: id.optional(),
    reason: text(1000).optional(),
    condition: text(1000).optional(),
  })
  .superRefine((intake, context) => {
    if ((intake.petId === undefined) === (intake.pet === undefined))
      context.addIssue({
        code: 'custom',
        path: ['petId'],
        message: 'give either petId or pet (a new animal), not both',
        params: { reason: 'pet_or_new_pet' },
      });
    if (intake.type === 'transfer_in' && intake.transferFrom === undefined)
      context.addIssue({
        code: 'custom',
        path: ['transferFrom'],
        message: 'is required for a transfer in',
        params: { reason: 'transfer_from_missing' },
      });
    if (intake.type !== 'transfer_in' && intake.transferFrom !== undefined)
      context.addIssue({
        code: 'custom',
        path: ['transferFrom'],
        message: 'only goes with a transfer in',
        params: { reason: 'transfer_from_not_transfer' },
      });
  });
export type IntakeInput = z.input<typeof IntakeInputSchema>;

export const ReserveInputSchema = z.strictObject({
  petId: id,
  personId: id,
  at: MomentSchema.optional(),
  expiresAt: MomentSchema.optional(),
  override: OverrideSchema,
});
export type ReserveInput = z.input<typeof ReserveInputSchema>;

export const CancelReservationInputSchema = z.strictObject({
  petId: id,
  at: MomentSchema.optional(),
  reason: text(500).optional(),
});
export type CancelReservationInput = z.input<typeof CancelReservationInputSchema>;

export const AdoptInputSchema = z.strictObject({
  petId: id,
  personId: id,
  at: MomentSchema.optional(),
  fee: FeeSchema,
  feeMethod: z.enum(FEE_METHODS, { error: `must be one of ${FEE_METHODS.join(', ')}` }),
  override: OverrideSchema,
});
export type AdoptInput = z.input<typeof AdoptInputSchema>;

export const FosterStartInputSchema = z.strictObject({
  petId: id,
  personId: id,
  at: MomentSchema.optional(),
  expectedEndAt: MomentSchema.optional(),
});
export type FosterStartInput = z.input<typeof FosterStartInputSchema>;

export const FosterEndInputSchema = z.strictObject({ petId: id, at: MomentSchema.optional() });
export type FosterEndInput = z.input<typeof FosterEndInputSchema>;

/** Not a plain enum: a destination that is none of the three carries its rule's name (validation.ts's details), for the faces to word. */
const TransferToSchema = z.custom<TransferOrigin>((value) => (TRANSFER_ORIGINS as readonly unknown[]).includes(value), {
  error: `must be one of ${TRANSFER_ORIGINS.join(', ')}`,
  params: { reason: 'transfer_destination_unknown' },
});

/**
 * A transfer out needs where it went (`transferTo`), on every face, as a transfer in needs where it
 * came from: the SAC matrix splits transfers by it (docs/decisions.md, "A transfer out's destination").
 * The receiving organisation's name is optional.
 */
export const OutcomeInputSchema = z
  .strictObject({
    petId: id,
    type: z.enum(OTHER_OUTCOME_TYPES as [Exclude<OutcomeType, 'adoption'>, ...Exclude<OutcomeType, 'adoption'>[]], {
      error: `must be one of ${OTHER_OUTCOME_TYPES.join(', ')} (an adoption is recorded with adopt)`,
    }),
    at: MomentSchema.optional(),
    personId: id.optional(),
    reason: text(1000).optional(),
    transferTo: TransferToSchema.optional(),
    receivingOrganisation: privateField(text(RECEIVING_ORGANISATION_MAX)).optional(),
  })
  .superRefine((outcome, context) => {
    if (outcome.type === 'transfer_out') {
      if (outcome.transferTo === undefined)
        context.addIssue({
          code: 'custom',
          path: ['transferTo'],
          message: `is required for a transfer out: one of ${TRANSFER_ORIGINS.join(', ')}`,
          params: { reason: 'transfer_destination_missing' },
        });
      return;
    }
    for (const field of ['transferTo', 'receivingOrganisation'] as const) {
      if (outcome[field] !== undefined)
        context.addIssue({
          code: 'custom',
          path: [field],
          message: 'only goes with a transfer out',
          params: { reason: 'transfer_destination_not_transfer' },
        });
    }
  });
export type OutcomeInput = z.input<typeof OutcomeInputSchema>;

export const ReturnInputSchema = z.strictObject({
  petId: id,
  at: MomentSchema.optional(),
  reason: text(1000),
  condition: text(1000).optional(),
});
export type ReturnInput = z.input<typeof ReturnInputSchema>;

export const MovementQuerySchema = z.strictObject({
  from: MomentSchema.optional(),
  to: MomentSchema.optional(),
  /** A kind (`intake`, `outcome`, `reservation`…) or an intake or outcome type (`stray`, `adoption`…). */
  type: z
    .enum([...MOVEMENT_KINDS, ...INTAKE_TYPES, ...OUTCOME_TYPES], {
      error: 'must be a movement kind, an intake type or an outcome type',
    })
    .optional(),
  petId: id.optional(),
  personId: id.optional(),
  limit: z.int().min(1).max(5000).optional(),
  offset: z.int().min(0).optional(),
});
export type MovementQuery = z.input<typeof MovementQuerySchema>;

export const TodayQuerySchema = z.strictObject({
  /** The shelter's offset from UTC in minutes (the window sends its own), so "today" is the shelter's day. */
  utcOffsetMinutes: z
    .int()
    .min(-14 * 60)
    .max(14 * 60)
    .optional(),
  /** A reservation waiting longer than this many days is listed. */
  waitingDays: z.int().min(0).max(365).optional(),
  /** How many of the animals in care longest. */
  longest: z.int().min(1).max(100).optional(),
});
export type TodayQuery = z.input<typeof TodayQuerySchema>;

/** A person as a movement names them; a forgotten person keeps the id, not the name. */
export const PersonRefSchema = z.object({ id: z.int(), name: personalField(z.string()), forgotten: z.boolean() });
export type PersonRef = z.output<typeof PersonRefSchema>;

export interface Reservation {
  id: number;
  stayId: number;
  petId: number;
  person: PersonRef;
  reservedAt: number;
  expiresAt: number | null;
  endedAt: number | null;
  end: 'cancelled' | 'completed' | 'closed_by_outcome' | 'expired' | null;
  /** When the engine found it past its expiry and gave the animal back: open but no longer holding it (renew, cancel or adopt ends it). */
  lapsedAt: number | null;
}

export interface FosterPlacement {
  id: number;
  stayId: number;
  petId: number;
  person: PersonRef;
  startedAt: number;
  expectedEndAt: number | null;
  endedAt: number | null;
}

export interface Stay {
  id: number;
  petId: number;
  intakeType: IntakeType;
  transferFrom: TransferOrigin | null;
  intakeAt: number;
  intakePerson: PersonRef | null;
  intakeReason: string | null;
  intakeCondition: string | null;
  outcomeType: OutcomeType | null;
  outcomeAt: number | null;
  outcomePerson: PersonRef | null;
  outcomeReason: string | null;
  /** A transfer out's destination; null for other outcomes and for a transfer out recorded before it was asked. */
  transferTo: TransferOrigin | null;
  receivingOrganisation: string | null;
  /** The adoption fee (in the shelter's currency) and how it was paid. */
  fee: number | null;
  feeMethod: FeeMethod | null;
  reservations: Reservation[];
  fosters: FosterPlacement[];
}

/** One entry of an animal's movement history: what happened (`at`), when it was recorded and by which face. */
export interface MovementEvent {
  /** null for the intake a pet's creation gave (type `unknown`): it has no event row of its own. */
  id: number | null;
  petId: number;
  petName: string;
  stayId: number;
  kind: MovementKind;
  /** The intake or outcome type, for those kinds. */
  type: IntakeType | OutcomeType | null;
  at: number;
  recordedAt: number;
  by: Face | null;
  person: PersonRef | null;
  /** The rest as recorded: reason, condition, fee, feeMethod, expiresAt, expectedEndAt, transferFrom, transferTo, receivingOrganisation, override (a do-not-adopt flag overridden, and why), amended (an `unknown` intake made precise). */
  details: Record<string, unknown>;
}

export type AnimalLocation =
  | { kind: 'kennel'; kennel: string | null }
  | { kind: 'foster'; placement: FosterPlacement }
  | { kind: 'left_care'; outcomeType: OutcomeType; at: number };

/** One animal's record page: everything its header and its Movements section need, in one read. */
export interface AnimalRecord {
  pet: PetRecord;
  cover: PetPhoto | null;
  location: AnimalLocation;
  /** Whole days since the open stay's intake; null once it left care. */
  daysInCare: number | null;
  openStay: Stay | null;
  activeReservation: Reservation | null;
  /** Newest first. */
  stays: Stay[];
  /** Newest first. */
  events: MovementEvent[];
  statusHistory: StatusChange[];
}

export interface WaitingReservation {
  reservation: Reservation;
  petName: string;
  days: number;
  expired: boolean;
}

export interface FosterDue {
  placement: FosterPlacement;
  petName: string;
  /** Days past the expected end (0 = due today). */
  overdueDays: number;
}

export interface LongestInCare {
  petId: number;
  petName: string;
  status: PetStatus;
  intakeType: IntakeType;
  intakeAt: number;
  days: number;
}

/** The Today page: the shelter's day in one read. */
export interface TodaySummary {
  from: number;
  to: number;
  counts: { inCare: number; inFoster: number; reserved: number; arrivals: number; outcomes: number };
  arrivals: MovementEvent[];
  outcomes: MovementEvent[];
  reservationsWaiting: WaitingReservation[];
  fostersDue: FosterDue[];
  longestInCare: LongestInCare[];
}

/** A person's page: who they are and every movement they took part in, newest first. */
export interface PersonMovements {
  events: MovementEvent[];
  /** The animals those movements were about, by id. */
  /** Each with how it left care when that was no adoption (`departure`), so no page calls it adopted. */
  animals: Array<{ id: number; name: string; status: PetStatus; departure: Departure | null }>;
}

/**
 * Everything the adoption contract prints, in one read: the shelter (its details; terms when its
 * profile has them), the animal with its microchip, the adopter, the fee and the date.
 */
export interface AdoptionContractData {
  stay: Stay;
  shelter: ShelterProfile;
  animal: PetDetails;
  adopter: Person;
  adoptedAt: number;
  fee: number;
  feeMethod: FeeMethod;
  currency: string | null;
}
