/** The profile form's values (text as typed, '' for "not recorded") and the change they make. */
import {
  isPrivateProfileField,
  PET_PROFILE_FIELDS,
  type PetProfile,
  type PetProfileChange,
  type PetProfileField,
} from '../../../../shared/pet-profile';

const YES_NO_FIELDS = ['breedMixed', 'houseTrained', 'spayedNeutered'] as const;
type YesNoField = (typeof YES_NO_FIELDS)[number];

export type ProfileValues = Record<Exclude<PetProfileField, YesNoField | 'adoptionFee'>, string> &
  Record<YesNoField, '' | 'yes' | 'no'> & { adoptionFee: number | string };

const isYesNo = (field: string): field is YesNoField => (YES_NO_FIELDS as readonly string[]).includes(field);

export function valuesOf(profile: PetProfile): ProfileValues {
  const values: Record<string, unknown> = {};
  for (const field of PET_PROFILE_FIELDS) {
    const value = profile[field];
    if (isYesNo(field)) values[field] = value === undefined ? '' : value ? 'yes' : 'no';
    else values[field] = value ?? '';
  }
  return values as ProfileValues;
}

/**
 * Every field the form shows, so the save says what it shows: an emptied field clears (null). Without
 * `withPrivate` the private fields are left out, never sent back blank (a role that is not shown them).
 */
export function changeOf(values: ProfileValues, withPrivate = true): PetProfileChange {
  const change: Record<string, unknown> = {};
  for (const field of PET_PROFILE_FIELDS) {
    if (!withPrivate && isPrivateProfileField(field)) continue;
    // A cleared Select gives null, an emptied input ''.
    const value = values[field] as unknown;
    if (value === null || value === undefined || (typeof value === 'string' && value.trim() === ''))
      change[field] = null;
    else if (isYesNo(field)) change[field] = value === 'yes';
    else change[field] = value;
  }
  return change as PetProfileChange;
}
