/**
 * The shelter's day over browser mode's HTTP admin transport, against the real AppHost: every
 * movements.* and people.* channel, validated by its schema, refusals as Error bodies with the rule
 * in `details`, history recorded as the window's, and the public API's `status` following.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppHost } from '../../src/main/host/app-host';
import type { AddedPerson, Person } from '../../src/shared/people';
import type { AnimalRecord, MovementEvent, Stay, TodaySummary } from '../../src/shared/movements';
import { createKey } from '../helpers/limits-server';
import { startAdminHarness, type AdminHarness } from '../helpers/admin-host';
import { adminClient, harnessOrigin, overHttp } from '../helpers/admin-client';

const TOKEN = 'test-token-shelter-day-0123456789abcdefghij';
const environment = 'production';

let harness: AdminHarness;
let host: AppHost;
let apiKey: string;

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

async function apiStatus(petId: number): Promise<string> {
  const response = await fetch(`${host.baseUrl(environment)}/pets?limit=100`, {
    headers: { authorization: `Bearer ${apiKey}` },
  });
  const pets = (await response.json()) as Array<{ id: number; status: string }>;
  return pets.find((pet) => pet.id === petId)?.status ?? 'absent';
}

beforeAll(async () => {
  harness = await startAdminHarness(TOKEN);
  host = harness.host;
  apiKey = createKey(host.engine(environment), 'business').key;
});

afterAll(async () => {
  await harness.stop();
});

describe('people channels', () => {
  it('add (with its duplicate warning), list, show, edit, forget', async () => {
    const first = await ok<AddedPerson>('people.add', {
      person: { name: 'Inès Ferreira', email: 'ines@example.test', roles: ['adopter'] },
    });
    expect(first.warnings).toEqual([]);
    const again = await ok<AddedPerson>('people.add', { person: { name: 'Ines F.', email: 'INES@example.test' } });
    expect(again.warnings).toEqual([
      { kind: 'possible_duplicate', personId: first.person.id, name: 'Inès Ferreira', matched: ['email'] },
    ]);
    expect((await ok<{ total: number; people: Person[] }>('people.list', { query: { search: 'ines' } })).total).toBe(2);
    expect(
      await ok<Person>('people.edit', { id: again.person.id, changes: { phones: ['0612 000 111'] } }),
    ).toMatchObject({ phones: ['0612 000 111'] });
    expect(await ok('people.show', { id: first.person.id })).toMatchObject({
      person: { name: 'Inès Ferreira' },
      events: [],
      animals: [],
    });
    expect(await ok<Person>('people.forget', { id: again.person.id })).toMatchObject({
      name: 'Forgotten person',
      email: null,
      phones: [],
    });

    const invalid = await send('people.add', { person: { name: 'X', email: 'nope' } });
    expect(invalid).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    expect(await send('people.show', { id: 999 })).toMatchObject({
      status: 404,
      body: { code: 'not_found', details: { missing: 'person', personId: 999 } },
    });
  });
});

describe('movement channels', () => {
  it('walk an animal from intake to adoption and back, with the rules refused as typed conflicts and the API status following', async () => {
    const finder = (await ok<AddedPerson>('people.add', { person: { name: 'Finn Finder', roles: ['finder'] } })).person
      .id;
    const foster = (
      await ok<AddedPerson>('people.add', { person: { name: 'Flo Foster', fosterApproved: true, fosterCapacity: 2 } })
    ).person.id;
    const adopter = (await ok<AddedPerson>('people.add', { person: { name: 'Ada Adopter' } })).person.id;
    const flagged = (
      await ok<AddedPerson>('people.add', { person: { name: 'No Way', doNotAdopt: true, doNotAdoptReason: 'cruelty' } })
    ).person.id;

    const stay = await ok<Stay>('movements.intake', {
      intake: { pet: { name: 'Biscuit', categoryId: 1 }, type: 'stray', personId: finder, condition: 'muddy' },
    });
    const petId = stay.petId;
    expect(stay).toMatchObject({ intakeType: 'stray', intakePerson: { id: finder, name: 'Finn Finder' } });
    expect(await apiStatus(petId)).toBe('available');

    const twice = await send('movements.intake', { intake: { petId, type: 'stray' } });
    expect(twice).toMatchObject({
      status: 409,
      body: { code: 'conflict', details: { reason: 'stay_open', petId, stayId: stay.id } },
    });
    const badTransfer = await send('movements.intake', { intake: { petId, type: 'transfer_in' } });
    expect(badTransfer).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', message: expect.stringMatching(/transferFrom/) },
    });

    await ok('movements.fosterStart', { placement: { petId, personId: foster } });
    expect((await ok<AnimalRecord>('movements.record', { petId })).location).toMatchObject({
      kind: 'foster',
      placement: { person: { name: 'Flo Foster' } },
    });
    await ok('movements.fosterEnd', { placement: { petId } });

    expect(await send('movements.reserve', { reservation: { petId, personId: flagged } })).toMatchObject({
      status: 409,
      body: { details: { reason: 'do_not_adopt', personId: flagged, flagReason: 'cruelty' } },
    });
    await ok('movements.reserve', { reservation: { petId, personId: adopter } });
    expect(await apiStatus(petId)).toBe('pending');
    await ok('movements.cancelReservation', { cancellation: { petId, reason: 'wants a smaller dog' } });
    expect(await apiStatus(petId)).toBe('available');
    await ok('movements.reserve', { reservation: { petId, personId: adopter } });

    const adopted = await ok<Stay>('movements.adopt', {
      adoption: { petId, personId: adopter, fee: 120, feeMethod: 'transfer' },
    });
    expect(adopted).toMatchObject({ outcomeType: 'adoption', fee: 120, feeMethod: 'transfer' });
    expect(await apiStatus(petId)).toBe('sold');
    expect(await ok('movements.contractData', { stayId: adopted.id })).toMatchObject({
      adopter: { name: 'Ada Adopter' },
      animal: { pet: { name: 'Biscuit' } },
      fee: 120,
    });

    await ok('movements.return', { return: { petId, reason: 'moved abroad' } });
    expect(await apiStatus(petId)).toBe('available');
    await ok('movements.outcome', {
      outcome: { petId, type: 'transfer_out', transferTo: 'in_state', reason: 'partner shelter' },
    });
    // A transfer found no home: the public API lists the animal no more rather than call it `sold`.
    expect(await apiStatus(petId)).toBe('absent');
    expect(await send('movements.outcome', { outcome: { petId, type: 'adoption' } })).toMatchObject({
      status: 400,
      body: { code: 'validation_failed' },
    });

    const record = await ok<AnimalRecord>('movements.record', { petId });
    expect(record.stays.map((each) => [each.intakeType, each.outcomeType])).toEqual([
      ['returned_after_adoption', 'transfer_out'],
      ['stray', 'adoption'],
    ]);
    expect(record.events.every((event) => event.by === 'window')).toBe(true);
    expect(record.statusHistory.map((change) => change.toStatus)).toEqual([
      'available',
      'pending',
      'available',
      'pending',
      'sold',
      'available',
      'sold',
    ]);

    const listed = await ok<MovementEvent[]>('movements.list', { query: { petId, type: 'reservation' } });
    expect(listed).toHaveLength(2);
    const today = await ok<TodaySummary>('movements.today', { query: { utcOffsetMinutes: 0 } });
    expect(today.arrivals.map((event) => event.petName)).toContain('Biscuit');
    expect(today.outcomes.map((event) => event.type)).toEqual(expect.arrayContaining(['adoption', 'transfer_out']));
    expect(await ok('people.show', { id: adopter })).toMatchObject({
      animals: [{ id: petId, name: 'Biscuit', status: 'sold' }],
    });
  });

  it('a pet created through the public API is in care from its creation: an open stay of type unknown, made precise by an intake', async () => {
    const created = await fetch(`${host.baseUrl(environment)}/pets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Api Arrival', categoryId: 2 }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const record = await ok<AnimalRecord>('movements.record', { petId: id });
    expect(record).toMatchObject({ openStay: { intakeType: 'unknown' }, location: { kind: 'kennel' }, daysInCare: 0 });
    expect(record.events).toEqual([expect.objectContaining({ kind: 'intake', type: 'unknown', by: null })]);
    expect(
      await ok<Stay>('movements.intake', { intake: { petId: id, type: 'owner_surrender', reason: 'moving house' } }),
    ).toMatchObject({ id: record.openStay?.id, intakeType: 'owner_surrender' });
  });
});
