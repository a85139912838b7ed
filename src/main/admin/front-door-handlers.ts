import type { AppHost } from '../host/app-host';
import type { AdminHandlers } from './dispatch';

type FrontDoorChannel = Extract<keyof AdminHandlers, `forms.${string}` | `applications.${string}`>;

/** The public forms and the review queue, as the window's. */
export function frontDoorHandlers(host: AppHost): Pick<AdminHandlers, FrontDoorChannel> {
  const frontDoor = (environment: Parameters<AppHost['engine']>[0]) => host.engine(environment).services.frontDoor;
  return {
    'forms.get': ({ environment, kind }) => frontDoor(environment).form(kind),
    'forms.set': ({ environment, kind, form }) => frontDoor(environment).setForm(kind, form),
    'applications.list': ({ environment, filter }) => frontDoor(environment).list(filter),
    'applications.show': ({ environment, id }) => frontDoor(environment).show(id),
    'applications.link': ({ environment, id, personId }) => frontDoor(environment).linkPerson(id, personId),
    'applications.createPerson': ({ environment, id }) => frontDoor(environment).createPerson(id),
    'applications.setState': ({ environment, id, to, note }) => frontDoor(environment).setState(id, to, note),
    'applications.bookVisit': ({ environment, id, visit }) => frontDoor(environment).bookVisit(id, visit.at),
    'applications.recordVisit': ({ environment, id, visit }) =>
      frontDoor(environment).recordVisit(id, visit.notes, visit.at),
    'applications.approve': ({ environment, id }) => frontDoor(environment).approve(id, 'window'),
    'applications.rank': ({ environment, id, rank }) => frontDoor(environment).rank(id, rank),
    'applications.forPet': ({ environment, petId }) => frontDoor(environment).forPet(petId),
    'applications.pause': ({ environment, petId, paused }) => frontDoor(environment).pause(petId, paused),
  };
}
