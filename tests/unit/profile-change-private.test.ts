/** A role not shown the private fields (a volunteer) never sends them back: not even as blanks that would clear them. */
import { describe, expect, it } from 'vitest';
import { changeOf, valuesOf } from '../../src/renderer/src/areas/pets/profile-values';
import { isPrivateProfileField, PET_PROFILE_FIELDS } from '../../src/shared/pet-profile';

describe("the profile form's change", () => {
  const volunteerView = valuesOf({ breedPrimary: 'Beagle', description: 'A calm dog.' });

  it('leaves the private fields out when the form does not show them', () => {
    const change = changeOf(volunteerView, false);
    expect(Object.keys(change).filter(isPrivateProfileField)).toEqual([]);
    expect(change).toMatchObject({ breedPrimary: 'Beagle', description: 'A calm dog.' });
  });

  it('sends every field, an emptied one as null, when it shows them all', () => {
    const change = changeOf(volunteerView);
    expect(Object.keys(change)).toEqual([...PET_PROFILE_FIELDS]);
    expect(change).toMatchObject({ microchipNumber: null, kennelLocation: null, internalNotes: null });
  });
});
