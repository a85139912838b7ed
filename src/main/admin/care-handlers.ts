import type { AppHost } from '../host/app-host';
import type { AdminHandlers } from './dispatch';

type CareChannel = Extract<keyof AdminHandlers, `care.${string}`>;

/** Care: vaccinations, treatments, protocols and the due list, recorded as the window's. */
export function careHandlers(host: AppHost): Pick<AdminHandlers, CareChannel> {
  const care = (environment: Parameters<AppHost['engine']>[0]) => host.engine(environment).services.care;
  return {
    'care.record': ({ environment, petId }) => care(environment).record(petId),
    'care.due': ({ environment, query }) => care(environment).dueList(query),
    'care.upToDate': ({ environment, petId }) => ({ upToDate: care(environment).upToDate(petId) }),
    'care.schedule': ({ environment, dose }) => care(environment).schedule(dose, 'window'),
    'care.give': ({ environment, round }) => care(environment).give(round, 'window'),
    'care.editDose': ({ environment, doseId, changes }) => care(environment).editDose(doseId, changes, 'window'),
    'care.skip': ({ environment, skip }) => care(environment).skip(skip, 'window'),
    'care.addTreatment': ({ environment, treatment }) => care(environment).addTreatment(treatment, 'window'),
    'care.editTreatment': ({ environment, treatmentId, changes }) =>
      care(environment).editTreatment(treatmentId, changes, 'window'),
    'care.protocols': ({ environment }) => care(environment).protocols.list(),
    'care.setProtocol': ({ environment, protocol }) => care(environment).protocols.set(protocol),
  };
}
