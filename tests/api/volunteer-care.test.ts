/**
 * A volunteer's care marks against the real admin server: logged in with their own
 * session, a volunteer gives a dose on the due list and skips another; the medical record, a dose's
 * edit and a vet (a person from the register) are refused; their answers name no vet and carry no
 * medical notes; the audit trail names them for each mark.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/shared/audit';
import type { Dose, DueList, GivenRound } from '../../src/shared/care';
import type { Services } from '../../src/main/engine/services';
import { adminCalls } from '../helpers/admin-client';
import { startAdminHarness, type AdminHarness } from '../helpers/admin-host';

const TOKEN = 'test-token-0123456789abcdefghijklmnopqrstuv';
const PASSWORD = 'a long shelter password';
const environment = 'production';

let harness: AdminHarness;
let services: Services;
let volunteer: string;
const pets: Record<string, number> = {};
let vetId: number;

const { call, login } = adminCalls(() => harness, TOKEN, PASSWORD);
const DESK = { token: true };
const asVolunteer = () => ({ cookie: volunteer });
const dueRows = (list: DueList) => [...list.overdue, ...list.dueToday, ...list.soon];
const waitingOf = (petId: number) => services.care.record(petId).doses.filter((dose) => dose.status === 'scheduled');

beforeAll(async () => {
  harness = await startAdminHarness(TOKEN);
  services = harness.host.engine(environment).services;
  // The first owner turns team mode on.
  await services.staff.add({ name: 'Ana Ruiz', login: 'ana', role: 'owner', password: PASSWORD });
  await services.staff.add({ name: 'Vera Lind', login: 'vera', role: 'volunteer', password: PASSWORD });
  // The protocol schedules each dog's first DHPP for the day of its intake: due today.
  for (const name of ['Ace', 'Bea', 'Cob'])
    pets[name] = services.movements.intake({ pet: { name, categoryId: 1 }, type: 'stray' }, 'cli').petId;
  const [aceDose] = waitingOf(pets.Ace ?? 0);
  services.care.editDose(aceDose?.id ?? 0, { notes: 'PRIVATE-NOTE-heart-murmur' }, 'cli');
  vetId = services.people.add({ name: 'Dr Eulalia Quist', roles: ['vet'] }).person.id;
  volunteer = await login('vera');
}, 60_000);

afterAll(async () => {
  await harness?.stop();
});

describe("a volunteer's care marks over HTTP", () => {
  it('reads the due list without the medical notes', async () => {
    const due = await call<DueList>('care.due', { environment, query: {} }, asVolunteer());
    expect(due.status).toBe(200);
    expect(dueRows(due.body).map((row) => row.petName)).toEqual(expect.arrayContaining(['Ace', 'Bea', 'Cob']));
    expect(JSON.stringify(due.body)).not.toMatch(/PRIVATE-NOTE|"notes"|"vet"/);
    // The desk's own list keeps them.
    expect(JSON.stringify((await call<DueList>('care.due', { environment, query: {} }, DESK)).body)).toContain(
      'PRIVATE-NOTE-heart-murmur',
    );
  });

  it('gives a due dose: it leaves the due list, and the answer names no vet and carries no notes', async () => {
    const [dose] = waitingOf(pets.Ace ?? 0);
    const round = {
      doses: [{ petId: pets.Ace, vaccine: dose?.vaccine, batch: 'LOT-4417', doseId: dose?.id }],
      givenBy: 'Vera',
    };
    const given = await call<GivenRound>('care.give', { environment, round }, asVolunteer());
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(given.body.doses).toEqual([
      expect.objectContaining({ id: dose?.id, status: 'given', batch: 'LOT-4417', givenBy: 'Vera' }),
    ]);
    expect(JSON.stringify(given.body)).not.toMatch(/PRIVATE-NOTE|"notes"|"vet"/);
    const due = await call<DueList>('care.due', { environment, query: {} }, asVolunteer());
    expect(dueRows(due.body).map((row) => row.dose.id)).not.toContain(dose?.id);
    // The medical record keeps the staff's note: the volunteer's giving did not write over it.
    expect(services.care.record(pets.Ace ?? 0).doses.find((each) => each.id === dose?.id)).toMatchObject({
      status: 'given',
      notes: 'PRIVATE-NOTE-heart-murmur',
    });
  });

  it('skips a due dose with its reason', async () => {
    const [dose] = waitingOf(pets.Bea ?? 0);
    const skipped = await call<Dose>(
      'care.skip',
      { environment, skip: { doseId: dose?.id, reason: 'She is poorly: the vet comes Monday' } },
      asVolunteer(),
    );
    expect(skipped.status, JSON.stringify(skipped.body)).toBe(200);
    expect(skipped.body).toMatchObject({
      id: dose?.id,
      status: 'skipped',
      skipReason: 'She is poorly: the vet comes Monday',
    });
    expect(skipped.body).not.toHaveProperty('notes');
  });

  it('is refused the medical record, a dose edit, scheduling, a treatment, a vet and medical notes; nothing is recorded', async () => {
    const [cobDose] = waitingOf(pets.Cob ?? 0);
    const refusals: Array<[string, unknown]> = [
      ['care.record', { environment, petId: pets.Ace }],
      ['care.editDose', { environment, doseId: cobDose?.id, changes: { notes: 'changed' } }],
      ['care.schedule', { environment, dose: { petId: pets.Cob, vaccine: 'Rabies', dueDate: '2030-01-01' } }],
      ['care.addTreatment', { environment, treatment: { petId: pets.Cob, kind: 'deworming' } }],
    ];
    for (const [channel, payload] of refusals) {
      expect(await call(channel, payload, asVolunteer()), channel).toMatchObject({
        status: 403,
        body: { code: 'forbidden', details: { reason: 'role_not_allowed', role: 'volunteer', channel } },
      });
    }
    const round = { doses: [{ petId: pets.Cob, vaccine: cobDose?.vaccine, batch: 'LOT-9', doseId: cobDose?.id }] };
    expect(await call('care.give', { environment, round: { ...round, vetId } }, asVolunteer())).toMatchObject({
      status: 403,
      body: {
        code: 'forbidden',
        details: { reason: 'field_not_allowed', role: 'volunteer', channel: 'care.give', field: 'round.vetId' },
      },
    });
    expect(
      await call('care.give', { environment, round: { ...round, notes: 'sneezed' } }, asVolunteer()),
    ).toMatchObject({ status: 403, body: { details: { reason: 'field_not_allowed', field: 'round.notes' } } });
    expect(waitingOf(pets.Cob ?? 0).map((dose) => dose.id)).toContain(cobDose?.id);
    // The desk names the vet as before.
    expect(
      (await call<GivenRound>('care.give', { environment, round: { ...round, vetId } }, DESK)).body.doses[0]?.vet,
    ).toMatchObject({ name: 'Dr Eulalia Quist' });
  });

  it('leaves the marks in the audit trail under the volunteer’s name, the refusals not', async () => {
    const trail = await call<AuditEntry[]>('audit.list', { environment, filter: { staff: 'Vera Lind' } }, DESK);
    expect(trail.status).toBe(200);
    expect(trail.body.map((entry) => entry.channel).sort()).toEqual(['care.give', 'care.skip', 'staff.login']);
    expect(trail.body.every((entry) => entry.address === '127.0.0.1')).toBe(true);
  });
});
