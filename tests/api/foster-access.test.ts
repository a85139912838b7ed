/**
 * A foster's login against the real admin server: linked to a person of the register, it sees only
 * the animals placed with that person (an open foster placement) and their care due, marks their
 * doses and adds their photos; another animal, or a dose of one, is refused 403 with the contract's
 * Error body (`not_in_care`). A volunteer adds photos too, and the owner links a login to a person.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dose, DueList, GivenRound } from '../../src/shared/care';
import type { PetRecord } from '../../src/shared/models';
import type { PetPhoto } from '../../src/shared/photos';
import type { StaffInvite, StaffPersonLink } from '../../src/shared/staff';
import type { Services } from '../../src/main/engine/services';
import { adminCalls } from '../helpers/admin-client';
import { startAdminHarness, type AdminHarness } from '../helpers/admin-host';
import { plainWebp } from '../helpers/photos';

const TOKEN = 'test-token-0123456789abcdefghijklmnopqrstuv';
const PASSWORD = 'a long shelter password';
const environment = 'production';

let harness: AdminHarness;
let services: Services;
let owner: string;
let foster: string;
let volunteer: string;
const pets: Record<string, number> = {};
let fosterPersonId: number;

const { call, login } = adminCalls(() => harness, TOKEN, PASSWORD);
const dueRows = (list: DueList) => [...list.overdue, ...list.dueToday, ...list.soon];
const waitingOf = (petId: number) => services.care.record(petId).doses.filter((dose) => dose.status === 'scheduled');
const photo = async () => ({ name: 'garden.webp', data: (await plainWebp(640, 480)).toString('base64') });

beforeAll(async () => {
  harness = await startAdminHarness(TOKEN);
  services = harness.host.engine(environment).services;
  await services.staff.add({ name: 'Ana Ruiz', login: 'ana', role: 'owner', password: PASSWORD });
  await services.staff.add({ name: 'Vera Lind', login: 'vera', role: 'volunteer', password: PASSWORD });
  fosterPersonId = services.people.add({ name: 'Fanny Morel', roles: ['foster'] }).person.id;
  const otherFoster = services.people.add({ name: 'Gaston Roux', roles: ['foster'] }).person.id;
  // The protocol schedules each dog's first DHPP for the day of its intake: due today.
  for (const name of ['Mina', 'Oscar', 'Rex', 'Tango'])
    pets[name] = services.movements.intake({ pet: { name, categoryId: 1 }, type: 'stray' }, 'cli').petId;
  for (const name of ['Mina', 'Oscar'])
    services.movements.fosterStart({ petId: pets[name] ?? 0, personId: fosterPersonId }, 'cli');
  services.movements.fosterStart({ petId: pets.Rex ?? 0, personId: otherFoster }, 'cli');
  owner = await login('ana');
  volunteer = await login('vera');
}, 60_000);

afterAll(async () => {
  await harness?.stop();
});

describe("a foster's login", () => {
  it('is invited linked to a person of the register; a foster without one is refused, so is a person who is not there', async () => {
    const unlinked = await call('staff.invite', { name: 'Nobody', role: 'foster' }, { cookie: owner });
    expect(unlinked).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    const missing = await call('staff.invite', { name: 'Ghost', role: 'foster', personId: 9999 }, { cookie: owner });
    expect(missing).toMatchObject({ status: 404, body: { code: 'not_found' } });
    const invited = await call<StaffInvite>(
      'staff.invite',
      { name: 'Fanny Morel', role: 'foster', personId: fosterPersonId },
      { cookie: owner },
    );
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const joined = await call<{ id: number }>(
      'staff.acceptInvite',
      { code: invited.body.code, login: 'fanny', password: PASSWORD },
      {},
    );
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    const links = await call<StaffPersonLink[]>('staff.personLinks', {}, { cookie: owner });
    expect(links.body).toContainEqual({ staffId: joined.body.id, personId: fosterPersonId });
    foster = await login('fanny');
  });

  it('lists only the animals placed with their person, and only their care due', async () => {
    const page = await call<{ pets: PetRecord[]; total: number }>(
      'pets.browse',
      { environment, query: { limit: 100 } },
      { cookie: foster },
    );
    expect(page.status).toBe(200);
    expect(page.body.pets.map((pet) => pet.name).sort()).toEqual(['Mina', 'Oscar']);
    expect(page.body.total).toBe(2);
    const due = await call<DueList>('care.due', { environment, query: {} }, { cookie: foster });
    expect(due.status).toBe(200);
    expect([...new Set(dueRows(due.body).map((row) => row.petName))].sort()).toEqual(['Mina', 'Oscar']);
  });

  it('marks their doses given and skipped, and adds their photos', async () => {
    const [minaDose] = waitingOf(pets.Mina ?? 0);
    const round = { doses: [{ petId: pets.Mina, vaccine: minaDose?.vaccine, batch: 'LOT-9', doseId: minaDose?.id }] };
    const given = await call<GivenRound>('care.give', { environment, round }, { cookie: foster });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(JSON.stringify(given.body)).not.toMatch(/"notes"|"vet"/);
    const [oscarDose] = waitingOf(pets.Oscar ?? 0);
    const skipped = await call<Dose>(
      'care.skip',
      { environment, skip: { doseId: oscarDose?.id, reason: 'Il dort' } },
      { cookie: foster },
    );
    expect(skipped.status, JSON.stringify(skipped.body)).toBe(200);
    const added = await call<PetPhoto>(
      'photos.add',
      { environment, petId: pets.Mina, photo: await photo() },
      { cookie: foster },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(services.photos.list(pets.Mina ?? 0)).toHaveLength(1);
  });

  it("is refused another's animal, its doses and its photos: 403 with the contract's Error body, nothing written", async () => {
    const [rexDose] = waitingOf(pets.Rex ?? 0);
    const refusals: Array<[string, unknown]> = [
      ['pets.profile', { environment, id: pets.Rex }],
      ['photos.list', { environment, petId: pets.Tango }],
      ['photos.add', { environment, petId: pets.Rex, photo: await photo() }],
      ['care.upToDate', { environment, petId: pets.Rex }],
      [
        'care.give',
        {
          environment,
          round: { doses: [{ petId: pets.Rex, vaccine: rexDose?.vaccine, batch: 'X', doseId: rexDose?.id }] },
        },
      ],
      ['care.skip', { environment, skip: { doseId: rexDose?.id, reason: 'not mine' } }],
    ];
    for (const [channel, payload] of refusals) {
      const refused = await call(channel, payload, { cookie: foster });
      expect(refused, channel).toMatchObject({
        status: 403,
        body: { code: 'forbidden', status: 403, details: { reason: 'not_in_care', role: 'foster', channel } },
      });
      expect(typeof (refused.body as { message: unknown }).message).toBe('string');
    }
    expect(waitingOf(pets.Rex ?? 0).map((dose) => dose.id)).toContain(rexDose?.id);
    expect(services.photos.list(pets.Rex ?? 0)).toEqual([]);
    // A dose of Mina's given as if it were Rex's, or Rex's dose under Mina's name: the dose's own animal counts.
    const [mixed] = waitingOf(pets.Rex ?? 0);
    const disguised = await call(
      'care.give',
      { environment, round: { doses: [{ petId: pets.Mina, vaccine: mixed?.vaccine, batch: 'X', doseId: mixed?.id }] } },
      { cookie: foster },
    );
    expect(disguised).toMatchObject({ status: 403, body: { details: { reason: 'not_in_care', petId: pets.Rex } } });
  });

  it('is refused what a volunteer is, and the people and movements', async () => {
    for (const channel of ['pets.history', 'people.list', 'movements.today', 'photos.remove'])
      expect((await call(channel, { environment, id: pets.Mina, query: {} }, { cookie: foster })).status, channel).toBe(
        403,
      );
  });

  it('sees an animal no more once its foster stay ends; unlinked, none at all', async () => {
    services.movements.fosterEnd({ petId: pets.Oscar ?? 0 }, 'cli');
    const page = await call<{ pets: PetRecord[] }>('pets.browse', { environment, query: {} }, { cookie: foster });
    expect(page.body.pets.map((pet) => pet.name)).toEqual(['Mina']);
    const fanny = services.staff.list().find((member) => member.login === 'fanny');
    const unlinked = await call<StaffPersonLink>(
      'staff.linkPerson',
      { id: fanny?.id, personId: null },
      { cookie: owner },
    );
    expect(unlinked.body).toEqual({ staffId: fanny?.id, personId: null });
    const none = await call<{ pets: PetRecord[] }>('pets.browse', { environment, query: {} }, { cookie: foster });
    expect(none.body.pets).toEqual([]);
    expect((await call('pets.profile', { environment, id: pets.Mina }, { cookie: foster })).status).toBe(403);
  });
});

describe("a volunteer's photos", () => {
  it('adds a photo to any animal in care; removing it stays the staff’s', async () => {
    const added = await call<PetPhoto>(
      'photos.add',
      { environment, petId: pets.Tango, photo: await photo() },
      { cookie: volunteer },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const removed = await call(
      'photos.remove',
      { environment, petId: pets.Tango, photoId: added.body.id },
      { cookie: volunteer },
    );
    expect(removed).toMatchObject({ status: 403, body: { details: { reason: 'role_not_allowed' } } });
  });
});
