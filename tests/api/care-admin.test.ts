/**
 * Care over browser mode's HTTP admin transport, against the real AppHost: every
 * care.* channel validated by its schema, a round from the due list in one call, refusals as Error
 * bodies with the rule in `details`, the history recorded as the window's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppHost } from '../../src/main/host/app-host';
import type { CareRecord, CategoryProtocol, Dose, DueList, GivenRound, Treatment } from '../../src/shared/care';
import type { Stay } from '../../src/shared/movements';
import { localDay } from '../../src/shared/pet-profile';
import { startAdminHarness, type AdminHarness } from '../helpers/admin-host';
import { adminClient, harnessOrigin, overHttp } from '../helpers/admin-client';

const TOKEN = 'test-token-care-0123456789abcdefghijklmnop';
const environment = 'production';

let harness: AdminHarness;
let host: AppHost;

interface Answer<T> {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- an Error body or the channel's value
  body: T & Record<string, any>;
}

/** The window's calls with the desk's token, in `environment` unless they say otherwise. */
const admin = adminClient(
  overHttp(
    harnessOrigin(() => harness),
    TOKEN,
  ),
  { defaults: { environment }, auth: { token: true } },
);
const send = <T = unknown>(channel: string, input: Record<string, unknown>): Promise<Answer<T>> =>
  admin.raw<Answer<T>['body']>(channel, input);
const ok = <T>(channel: string, input: Record<string, unknown>): Promise<T> => admin.rawOk<T>(channel, input);

const offset = -new Date().getTimezoneOffset();

beforeAll(async () => {
  harness = await startAdminHarness(TOKEN);
  host = harness.host;
});

afterAll(async () => {
  await harness.stop();
});

describe('care channels', () => {
  it('intake schedules; the due list; a round given in one call; record, up to date and history as the window’s', async () => {
    const pets: number[] = [];
    for (const name of ['Ace', 'Bea'])
      pets.push(
        (await ok<Stay>('movements.intake', { intake: { pet: { name, categoryId: 1 }, type: 'stray' } })).petId,
      );
    const due = await ok<DueList>('care.due', { query: { utcOffsetMinutes: offset } });
    const dhpp = due.dueToday.filter((row) => row.dose.vaccine === 'DHPP' && pets.includes(row.dose.petId));
    expect(dhpp).toHaveLength(2);
    const vet = (
      await ok<{ person: { id: number } }>('people.add', { person: { name: 'Dr Vera Vet', roles: ['vet'] } })
    ).person.id;
    const round = await ok<GivenRound>('care.give', {
      round: {
        doses: dhpp.map((row) => ({ petId: row.dose.petId, vaccine: 'DHPP', batch: 'DH-1', doseId: row.dose.id })),
        givenBy: 'Sam',
        vetId: vet,
      },
    });
    expect(round.doses.map((dose) => dose.status)).toEqual(['given', 'given']);
    const record = await ok<CareRecord>('care.record', { petId: pets[0] });
    expect(record.doses.find((dose) => dose.status === 'given')).toMatchObject({
      batch: 'DH-1',
      givenBy: 'Sam',
      vet: { id: vet, name: 'Dr Vera Vet' },
      givenDate: localDay(Date.now()),
    });
    expect(record.history[0]).toMatchObject({ kind: 'dose_given', by: 'window' });
    expect(await ok('care.upToDate', { petId: pets[0] })).toEqual({ upToDate: true });

    const again = await send('care.give', {
      round: {
        doses: dhpp.map((row) => ({ petId: row.dose.petId, vaccine: 'DHPP', batch: 'DH-1', doseId: row.dose.id })),
      },
    });
    expect(again).toMatchObject({
      status: 409,
      body: { code: 'conflict', details: { reason: 'dose_not_waiting', doseId: dhpp[0]?.dose.id, status: 'given' } },
    });
  });

  it('schedule, edit, skip; treatments; protocols — each validated by its schema', async () => {
    const petId = (
      await ok<Stay>('movements.intake', { intake: { pet: { name: 'Cob', categoryId: 4 }, type: 'stray' } })
    ).petId;
    const dose = await ok<Dose>('care.schedule', { dose: { petId, vaccine: 'Polyomavirus', dueDate: '2026-12-01' } });
    expect(
      await ok<Dose>('care.editDose', {
        doseId: dose.id,
        changes: { dueDate: '2026-12-05', notes: 'after the moult' },
      }),
    ).toMatchObject({ dueDate: '2026-12-05', notes: 'after the moult' });
    expect(await send('care.editDose', { doseId: dose.id, changes: { batch: 'X' } })).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', details: { field: 'batch' } },
    });
    expect(
      await ok<Dose>('care.skip', { skip: { doseId: dose.id, reason: 'not advised for this species' } }),
    ).toMatchObject({ status: 'skipped', skipReason: 'not advised for this species' });
    expect((await send('care.skip', { skip: { doseId: dose.id } })).status).toBe(400);
    expect(await send('care.skip', { skip: { doseId: 424242, reason: 'x' } })).toMatchObject({
      status: 404,
      body: { details: { missing: 'dose', doseId: 424242 } },
    });

    const test = await ok<Treatment>('care.addTreatment', {
      treatment: { petId, kind: 'other_test', product: 'PBFD PCR', result: 'negative' },
    });
    expect(
      await ok<Treatment>('care.editTreatment', {
        treatmentId: test.id,
        changes: { result: 'positive', notes: 'retest in 90 days' },
      }),
    ).toMatchObject({ result: 'positive', notes: 'retest in 90 days' });
    expect(
      await send('care.addTreatment', { treatment: { petId, kind: 'deworming', result: 'negative' } }),
    ).toMatchObject({ status: 400, body: { code: 'validation_failed' } });

    const set = await ok<CategoryProtocol>('care.setProtocol', {
      protocol: { categoryId: 4, steps: [{ vaccine: 'Polyomavirus', afterIntakeDays: 14 }] },
    });
    expect(set).toMatchObject({ categoryId: 4, category: 'Birds', shipped: false });
    expect(
      (
        await send('care.setProtocol', {
          protocol: { categoryId: 4, steps: [{ vaccine: 'X', afterIntakeDays: 1, atAgeWeeks: 2 }] },
        })
      ).status,
    ).toBe(400);
    expect(
      (await ok<CategoryProtocol[]>('care.protocols', {})).map((each) => `${each.category} ${each.shipped}`),
    ).toEqual(['Dogs true', 'Cats true', 'Rabbits true', 'Birds false']);
    expect(
      host
        .engine(environment)
        .services.care.record(petId)
        .history.map((event) => event.by),
    ).toEqual(['window', 'window', 'window', 'window', 'window']);
  });
});
