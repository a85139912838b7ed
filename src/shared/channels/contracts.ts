/** Contracts signed on the spot (shared/contracts.ts): staff only, the signed files never published. */
import type { ContractVerdict, SignedContract } from '../contracts';
import { STAFF, answer, area } from './declare';

export const CONTRACT_CHANNELS = area({
  'contracts.sign': {
    input: ({ input, SignContractInputSchema }) => input({ contract: SignContractInputSchema }),
    answer: answer<SignedContract>(),
    may: STAFF,
    writes: 'Had a contract signed',
    topics: ['movements'],
  },
  'contracts.ofPet': {
    input: ({ id, input }) => input({ petId: id }),
    answer: answer<SignedContract[]>(),
    may: STAFF,
  },
  /** The signed file byte for byte, for the window to download or show. */
  'contracts.pdf': {
    input: ({ id, input }) => input({ contractId: id }),
    answer: answer<{ contract: SignedContract; pdfBase64: string }>(),
    may: STAFF,
  },
  'contracts.verify': {
    input: ({ input, VerifyContractInputSchema }) => input({ file: VerifyContractInputSchema }),
    answer: answer<ContractVerdict>(),
    may: STAFF,
  },
});
