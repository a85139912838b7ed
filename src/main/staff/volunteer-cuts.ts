import type { Dose, DueDose, DueList } from '../../shared/care';
import { isPrivateProfileField, type PetDetails } from '../../shared/pet-profile';
import type { ShelterProfile } from '../../shared/shelter';

/** What a volunteer (and, for the shelter profile, an api-admin) is shown of an answer: the channel is allowed, the private part is not. */

/** A profile without its private fields (microchip, kennel, internal notes). */
export function publicPart(profile: object): object {
  return Object.fromEntries(Object.entries(profile).filter(([field]) => !isPrivateProfileField(field)));
}

/** A pet's details without its private profile fields. */
export function withoutPrivateFields(value: unknown): unknown {
  const details = value as PetDetails;
  return { ...details, profile: publicPart(details.profile) };
}

/** A dose without its vet (a person from the register) and its private medical notes. */
export function doseForVolunteer({ vet: _vet, notes: _notes, ...dose }: Dose): Omit<Dose, 'vet' | 'notes'> {
  return dose;
}

/** The shelter profile without its contract terms, which the schema keeps private to the staff. */
export function withoutContractTerms(value: unknown): unknown {
  const { contractTerms: _terms, ...shelter } = value as ShelterProfile;
  return shelter;
}

export function dueListForVolunteer(value: unknown): unknown {
  const list = value as DueList;
  const rows = (due: DueDose[]) => due.map((row) => ({ ...row, dose: doseForVolunteer(row.dose) }));
  return { ...list, overdue: rows(list.overdue), dueToday: rows(list.dueToday), soon: rows(list.soon) };
}
