import type { AppHost } from '../host/app-host';
import type { AdminHandlers } from './dispatch';

type ContractChannel = Extract<keyof AdminHandlers, `contracts.${string}`>;

/** Contracts signed on the spot: the desk's touch screen, or a tablet logged into the shelter server. */
export function contractHandlers(host: AppHost): Pick<AdminHandlers, ContractChannel> {
  const contracts = (environment: Parameters<AppHost['engine']>[0]) => host.engine(environment).services.contracts;
  return {
    'contracts.sign': ({ environment, contract }, context) =>
      contracts(environment).sign(contract, context.member?.id ?? null),
    'contracts.ofPet': ({ environment, petId }) => contracts(environment).ofPet(petId),
    'contracts.pdf': ({ environment, contractId }) => {
      const { contract, pdf } = contracts(environment).pdf(contractId);
      return { contract, pdfBase64: pdf.toString('base64') };
    },
    'contracts.verify': ({ environment, file }) => contracts(environment).verifyBase64(file),
  };
}
