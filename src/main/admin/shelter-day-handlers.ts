import type { AppHost } from '../host/app-host';
import { adoptionContractPdf, contractFileName } from '../print/contract-of-stay';

export { contractFileName } from '../print/contract-of-stay';
import type { AdminHandlers } from './dispatch';

type ShelterDayChannel = Extract<keyof AdminHandlers, `movements.${string}` | `people.${string}`>;

/** The shelter's day: movements and people, recorded as the window's. */
export function shelterDayHandlers(host: AppHost): Pick<AdminHandlers, ShelterDayChannel> {
  const services = (environment: Parameters<AppHost['engine']>[0]) => host.engine(environment).services;
  return {
    'movements.intake': ({ environment, intake }) => services(environment).movements.intake(intake, 'window'),
    'movements.reserve': ({ environment, reservation }) =>
      services(environment).movements.reserve(reservation, 'window'),
    'movements.cancelReservation': ({ environment, cancellation }) =>
      services(environment).movements.cancelReservation(cancellation, 'window'),
    'movements.adopt': ({ environment, adoption }) => services(environment).movements.adopt(adoption, 'window'),
    'movements.fosterStart': ({ environment, placement }) =>
      services(environment).movements.fosterStart(placement, 'window'),
    'movements.fosterEnd': ({ environment, placement }) =>
      services(environment).movements.fosterEnd(placement, 'window'),
    'movements.outcome': ({ environment, outcome }) => services(environment).movements.outcome(outcome, 'window'),
    'movements.return': ({ environment, return: back }) =>
      services(environment).movements.returnAfterAdoption(back, 'window'),
    'movements.list': ({ environment, query }) => services(environment).shelterDay.list(query),
    'movements.today': ({ environment, query }) => services(environment).shelterDay.today(query),
    'movements.record': ({ environment, petId }) => services(environment).shelterDay.record(petId),
    'movements.contractData': ({ environment, stayId }) =>
      services(environment).shelterDay.adoptionContractData(stayId),
    'people.add': ({ environment, person }) => services(environment).people.add(person),
    'people.list': ({ environment, query }) => services(environment).people.search(query),
    'people.show': ({ environment, id }) => {
      const { people, shelterDay } = services(environment);
      return { person: people.get(id), ...shelterDay.personMovements(id) };
    },
    'people.edit': ({ environment, id, changes, version }) => services(environment).people.edit(id, changes, version),
    'people.forget': ({ environment, id }) => services(environment).people.forget(id),
    'people.duplicates': ({ environment, person }) => services(environment).people.duplicatesOf(person),
    'movements.contractPdf': async ({ environment, stayId }) => {
      const { record, pdf } = await adoptionContractPdf(services(environment), stayId, 'a4');
      return { fileName: contractFileName(record.animal.pet.name, stayId), pdfBase64: pdf.toString('base64') };
    },
  };
}
