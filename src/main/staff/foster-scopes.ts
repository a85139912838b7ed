import type { DueList } from '../../shared/care';
import type { FosterScope } from '../../shared/channels/declare';
import { AppError } from '../../shared/errors';
import type { Environment } from '../../shared/environments';
import type { PetRecord } from '../../shared/models';

/**
 * What keeps a foster to the animals placed with them (an open foster placement with the person
 * their login is linked to), by the channel's `forFoster` scope: the input must name one of theirs,
 * or the answer keeps theirs alone. A foster's login without a person, or a gate that cannot tell,
 * has no animals: the scope fails closed.
 */
export interface FosterCare {
  /** The animals placed with the foster now. */
  pets: ReadonlySet<number>;
  /** The animal a dose is for; undefined: no such dose (the channel then answers not_found itself). */
  petOfDose(doseId: number): number | undefined;
}

export const NO_ANIMALS: FosterCare = { pets: new Set(), petOfDose: () => undefined };

/** The environment a payload names (the staff's channels name none: production's people). */
export function environmentOf(input: unknown): Environment {
  const named = (input as { environment?: Environment } | null)?.environment;
  return named ?? 'production';
}

function refuse(channel: string, petId: number): never {
  throw new AppError('forbidden', `This animal is not in your care: a foster may use ${channel} for theirs alone.`, {
    details: { reason: 'not_in_care', role: 'foster', channel, petId },
  });
}

function admitPet(channel: string, care: FosterCare, petId: number | undefined): void {
  if (petId === undefined || !care.pets.has(petId)) refuse(channel, petId ?? 0);
}

function admitDose(channel: string, care: FosterCare, doseId: number | undefined): void {
  if (doseId === undefined) return;
  const petId = care.petOfDose(doseId);
  if (petId !== undefined) admitPet(channel, care, petId);
}

/** Refuses a foster's call about an animal not placed with them (`forbidden`, `not_in_care`); a channel without a scope is refused outright. */
export function admitForFoster(
  channel: string,
  scope: FosterScope | undefined,
  input: unknown,
  care: FosterCare,
): void {
  const fields = input as Record<string, unknown>;
  switch (scope) {
    case undefined:
      throw new AppError('forbidden', `The foster role may not use ${channel}.`, {
        details: { reason: 'role_not_allowed', role: 'foster', channel },
      });
    case 'pet':
      return admitPet(channel, care, (fields.petId ?? fields.id) as number | undefined);
    case 'round':
      for (const dose of (fields.round as { doses: { petId: number; doseId?: number }[] }).doses) {
        admitPet(channel, care, dose.petId);
        admitDose(channel, care, dose.doseId);
      }
      return;
    case 'dose':
      return admitDose(channel, care, (fields.skip as { doseId: number }).doseId);
    default:
      return;
  }
}

/** The answer as a foster sees it: a due list or a page of animals keeps the ones placed with them. */
export function keptForFoster(scope: FosterScope | undefined, value: unknown, care: FosterCare): unknown {
  if (scope === 'due-list') {
    const list = value as DueList;
    const theirs = (rows: DueList['overdue']) => rows.filter((row) => care.pets.has(row.dose.petId));
    return { ...list, overdue: theirs(list.overdue), dueToday: theirs(list.dueToday), soon: theirs(list.soon) };
  }
  if (scope === 'pet-page') {
    const pets = (value as { pets: PetRecord[] }).pets.filter((pet) => care.pets.has(pet.id));
    return { pets, total: pets.length };
  }
  return value;
}
