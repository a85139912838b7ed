/** Each profile field as staff read it, in the form, the pet's history and the audit trail. */
import type { PetProfileField } from '../../../../shared/pet-profile';

export const PROFILE_FIELD_LABEL: Record<PetProfileField, string> = {
  breedPrimary: 'Primary breed',
  breedSecondary: 'Secondary breed',
  breedMixed: 'Mixed breed',
  sex: 'Sex',
  birthDate: 'Born',
  size: 'Size (adult)',
  color: 'Colour',
  coat: 'Coat',
  description: 'Description',
  goodWithKids: 'Good with kids',
  goodWithDogs: 'Good with dogs',
  goodWithCats: 'Good with cats',
  houseTrained: 'House-trained',
  spayedNeutered: 'Spayed / neutered',
  specialNeeds: 'Special needs',
  intakeDate: 'Intake date',
  adoptionFee: 'Adoption fee',
  microchipNumber: 'Microchip number',
  kennelLocation: 'Kennel location',
  internalNotes: 'Internal notes',
};
