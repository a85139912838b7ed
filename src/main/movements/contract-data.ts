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

/** What a return agreement or a foster agreement prints: the stay, the person who signs, when, and what else the document says. */
export interface AgreementRecord {
  kind: 'return' | 'foster';
  stay: Stay;
  shelter: ShelterProfile;
  animal: PetDetails;
  person: Person;
  at: number;
  /** The foster placement signed for; null for a return. */
  placementId: number | null;
  /** A return's reason as recorded. */
  reason: string | null;
  /** A placement's expected end. */
  expectedEndAt: number | null;
}

/** A return is the intake that brought an adopted animal back; a foster agreement is one placement of a stay. */
export function agreementData(
  sources: ContractSources,
  stayId: number,
  kind: 'return' | 'foster',
  placementId: number | null,
): AgreementRecord {
  const stay = sources.stay(stayId);
  const common = { kind, stay, shelter: sources.shelter(), animal: sources.animal(stay.petId) };
  if (kind === 'return') {
    if (stay.intakeType !== 'returned_after_adoption' || !stay.intakePerson)
      throw new AppError(
        'conflict',
        `Stay ${stayId} did not begin with a return recorded with who brought the animal back.`,
      );
    return {
      ...common,
      person: sources.person(stay.intakePerson.id),
      at: stay.intakeAt,
      placementId: null,
      reason: stay.intakeReason,
      expectedEndAt: null,
    };
  }
  const placement = stay.fosters.find((one) => one.id === placementId);
  if (!placement)
    throw new AppError('not_found', `Stay ${stayId} has no foster placement ${placementId ?? '(none named)'}.`);
  return {
    ...common,
    person: sources.person(placement.person.id),
    at: placement.startedAt,
    placementId: placement.id,
    reason: null,
    expectedEndAt: placement.expectedEndAt,
  };
}
