import { AppError } from '../../shared/errors';
import type { AdoptionContractData, Stay } from '../../shared/movements';
import type { Person } from '../../shared/people';
import type { PetDetails } from '../../shared/pet-profile';
import type { ShelterProfile } from '../../shared/shelter';

export interface ContractSources {
  stay(stayId: number): Stay;
  person(personId: number): Person;
  animal(petId: number): PetDetails;
  shelter(): ShelterProfile;
}

export type { AdoptionContractData };

/** The contract's data for a stay that ended in an adoption. The PDF is made elsewhere (it needs the kennel cards' font pipeline): this is its seam. */
export function adoptionContractData(sources: ContractSources, stayId: number): AdoptionContractData {
  const stay = sources.stay(stayId);
  if (
    stay.outcomeType !== 'adoption' ||
    stay.outcomeAt === null ||
    !stay.outcomePerson ||
    stay.fee === null ||
    stay.feeMethod === null
  ) {
    throw new AppError('conflict', `Stay ${stayId} did not end in an adoption recorded with its adopter and fee.`, {
      details: { reason: 'not_adopted', petId: stay.petId },
    });
  }
  const shelter = sources.shelter();
  return {
    stay,
    shelter,
    animal: sources.animal(stay.petId),
    adopter: sources.person(stay.outcomePerson.id),
    adoptedAt: stay.outcomeAt,
    fee: stay.fee,
    feeMethod: stay.feeMethod,
    currency: shelter.currency ?? null,
  };
}
