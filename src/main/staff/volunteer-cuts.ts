import type { Dose } from '../../shared/care';
import { DoseSchema, DueListSchema } from '../../shared/care-answers';
import { MatchSchema, MatchesWaitingSchema, ReportListSchema, ReportWithMatchesSchema } from '../../shared/lost-found';
import { PetDetailsSchema, PetProfileSchema } from '../../shared/pet-profile';
import { cutByMarks } from '../../shared/privacy';
import { ShelterProfileSchema } from '../../shared/shelter';

/**
 * What a volunteer (and, for the shelter profile, an api-admin) is shown of an answer: the channel is
 * allowed, the fields its schema marks private, personal or secret are not (shared/privacy.ts).
 */

/** A profile without its marked fields (microchip, kennel, internal notes). */
export function publicPart(profile: object): object {
  return cutByMarks(PetProfileSchema, profile);
}

/** A pet's details without its profile's marked fields. */
export function withoutPrivateFields(value: unknown): unknown {
  return cutByMarks(PetDetailsSchema, value);
}

/** A dose without its vet (a person from the register) and its private medical notes. */
export function doseForVolunteer(dose: Dose): Omit<Dose, 'vet' | 'notes'> {
  return cutByMarks(DoseSchema, dose);
}

/** The shelter profile without its contract terms, which the schema marks private to the staff. */
export function withoutContractTerms(value: unknown): unknown {
  return cutByMarks(ShelterProfileSchema, value);
}

/** The due list with each dose cut as `doseForVolunteer` cuts it. */
export function dueListForVolunteer(value: unknown): unknown {
  return cutByMarks(DueListSchema, value);
}

/** Lost and found reports, and their matches, without the reporter's contact and the microchip. */
export const reportsForVolunteer = (value: unknown): unknown => cutByMarks(ReportListSchema, value);
export const reportMatchesForVolunteer = (value: unknown): unknown => cutByMarks(ReportWithMatchesSchema, value);
export const matchesForVolunteer = (value: unknown): unknown => cutByMarks(MatchSchema.array(), value);
export const matchesWaitingForVolunteer = (value: unknown): unknown => cutByMarks(MatchesWaitingSchema, value);
