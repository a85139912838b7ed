/**
 * Lost and found over browser mode's HTTP admin transport, against the real AppHost: a report added
 * answers its matches, `ofPet` and `waiting` name it, confirming records the return to owner on the
 * animal's movements, refusals come back as Error bodies with their rule, and a volunteer's view of a
 * report has no contact and no microchip.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Match, MatchesWaiting, ReportWithMatches } from '../../src/shared/lost-found';
import type { AnimalRecord, Stay } from '../../src/shared/movements';
import { reportMatchesForVolunteer } from '../../src/main/staff/volunteer-cuts';
import { startAdminHarness, type AdminHarness } from '../helpers/admin-host';
import { adminClient, harnessOrigin, overHttp } from '../helpers/admin-client';

const TOKEN = 'test-token-lost-found-0123456789abcdefghij';
let harness: AdminHarness;

const admin = adminClient(
  overHttp(
    harnessOrigin(() => harness),
    TOKEN,
  ),
  { defaults: { environment: 'production' }, auth: { token: true } },
);
const ok = <T>(channel: string, input: Record<string, unknown>): Promise<T> => admin.rawOk<T>(channel, input);

beforeAll(async () => {
  harness = await startAdminHarness(TOKEN);
});

afterAll(async () => {
  await harness.stop();
});

it('adds a report, finds its stray from both sides, confirms the return to owner; refusals name their rule', async () => {
  const stray = await ok<Stay>('movements.intake', {
    intake: { pet: { name: 'Noisette', categoryId: 1 }, type: 'stray', reason: 'Found near the Rhône, 69007' },
  });
  await ok('pets.setProfile', {
    id: stray.petId,
    profile: { color: 'black and white', breedPrimary: 'Border Collie', sex: 'female', size: 'medium' },
  });
  const added = await ok<ReportWithMatches>('lostFound.add', {
    report: {
      kind: 'lost',
      species: 'dog',
      seenAt: Date.now() - 2 * 86_400_000,
      colour: 'black and white',
      breed: 'border collie',
      sex: 'female',
      postcode: '69007',
      features: 'torn left ear',
      contact: { name: 'Camille Martin', email: 'camille@example.org' },
    },
  });
  expect(added.matches[0]).toMatchObject({ certain: false, pet: { id: stray.petId } });
  expect(added.matches[0]!.score).toBeGreaterThanOrEqual(60);

  const ofPet = await ok<Match[]>('lostFound.ofPet', { petId: stray.petId });
  expect(ofPet[0]?.report?.id).toBe(added.report.id);
  const waiting = await ok<MatchesWaiting>('lostFound.waiting', {});
  expect(waiting.entries.map((entry) => entry.report.id)).toEqual([added.report.id]);
  expect(waiting.more).toBe(0);

  const volunteer = reportMatchesForVolunteer(added) as ReportWithMatches;
  expect(volunteer.report).not.toHaveProperty('contact');
  expect(volunteer.report).not.toHaveProperty('microchip');
  expect(volunteer.report.colour).toBe('black and white');

  const refused = await admin.raw<{ code: string; details: unknown }>('lostFound.confirm', {
    confirm: { reportId: added.report.id, otherReportId: added.report.id },
  });
  expect(refused.body).toMatchObject({ code: 'conflict', details: { reason: 'not_a_match' } });

  const confirmed = await ok<ReportWithMatches>('lostFound.confirm', {
    confirm: { reportId: added.report.id, petId: stray.petId },
  });
  expect(confirmed.report).toMatchObject({ state: 'returned', returnedPetId: stray.petId });
  const record = await ok<AnimalRecord>('movements.record', { petId: stray.petId });
  expect(record.stays[0]).toMatchObject({ outcomeType: 'return_to_owner' });
  expect(record.pet.departure).toBe('return_to_owner');

  const missing = await admin.raw<{ code: string; details: unknown }>('lostFound.get', { reportId: 999 });
  expect(missing).toMatchObject({
    status: 404,
    body: { code: 'not_found', details: { missing: 'report', reportId: 999 } },
  });
});
