/**
 * The adoption contract's terms are private to the staff (the shelter schema says so): over the real
 * admin server, shelter.get gives them to owners, managers and staff, and to nobody else.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STAFF_ROLES } from '../../src/shared/staff';
import { adminCalls } from '../helpers/admin-client';
import { startAdminHarness, type AdminHarness } from '../helpers/admin-host';

const TOKEN = 'test-token-shelter-terms-0123456789abcdef';
const PASSWORD = 'a long shelter password';
const TERMS = 'The adopter returns the animal to the shelter, never to a third party.';

let harness: AdminHarness;
const { call, login } = adminCalls(() => harness, TOKEN, PASSWORD);

beforeAll(async () => {
  harness = await startAdminHarness(TOKEN);
  const staff = harness.host.engine('production').services.staff;
  for (const role of STAFF_ROLES) await staff.add({ name: `The ${role}`, login: role, role, password: PASSWORD });
  const { version } = (await call<{ version: number }>('shelter.get', { environment: 'production' }, { token: true }))
    .body;
  const saved = await call(
    'shelter.set',
    { environment: 'production', shelter: { name: 'Refuge des Monts', contractTerms: TERMS }, version },
    { token: true },
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}, 60_000);

afterAll(async () => {
  await harness?.stop();
});

it.each([
  ['owner', true],
  ['manager', true],
  ['staff', true],
  ['volunteer', false],
  ['api-admin', false],
] as const)('shelter.get for the %s role: contract terms shown: %s', async (role, seesTerms) => {
  const answer = await call<Record<string, unknown>>(
    'shelter.get',
    { environment: 'production' },
    { cookie: await login(role) },
  );
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({ name: 'Refuge des Monts' });
  expect('contractTerms' in answer.body).toBe(seesTerms);
  expect(JSON.stringify(answer.body).includes(TERMS)).toBe(seesTerms);
});

it('gives the desk the terms', async () => {
  expect((await call('shelter.get', { environment: 'production' }, { token: true })).body).toMatchObject({
    contractTerms: TERMS,
  });
});
