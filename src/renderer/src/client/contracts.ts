import { useQuery } from '@tanstack/react-query';
import type { SignContractInput } from '../../../shared/contracts';
import { windowI18n } from '../i18n/i18n';
import { call } from './transport';
import { useEnvironment } from './EnvironmentProvider';
import { topicsOf, useAction } from './action';
import { SHOWN_IN_PLACE } from './errors';

/** A pet's signed contracts over all its stays, newest first. */
export function useSignedContracts(petId: number) {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'movements', 'signed-contracts', petId],
    queryFn: () => call('contracts.ofPet', { environment, petId }),
  });
}

/** The adopter signs on this screen: the failure shows in the signing dialog, nothing is kept. */
export function useSignContract() {
  return useAction({
    run: (contract: SignContractInput, environment) => call('contracts.sign', { environment, contract }),
    progress: windowI18n.t('contracts:signing'),
    success: () => windowI18n.t('contracts:signed'),
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: topicsOf('contracts.sign'),
  });
}

/** The signed file byte for byte, to download. */
export function useSignedContractPdf() {
  return useAction({
    run: ({ contractId }: { contractId: number }, environment) => call('contracts.pdf', { environment, contractId }),
    progress: windowI18n.t('contracts:fetching'),
    success: ({ contract }) => windowI18n.t('contracts:ready', { file: contract.fileName }),
    invalidates: [],
  });
}
