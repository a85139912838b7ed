/** The header profile through the admin contract (the window's channels): per environment, validated, applied by the serving engine at once. */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { adminDispatcher } from '../../src/main/admin/dispatch';
import { createAdminHandlers } from '../../src/main/admin/handlers';
import { createKey } from '../helpers/limits-server';
import { startAdminHarness, type AdminHarness } from '../helpers/admin-host';

let harness: AdminHarness;
beforeEach(async () => {
  harness = await startAdminHarness('profile-token');
});
afterEach(async () => {
  await harness.stop();
});

it('sets one environment’s profile, which its server answers with from the next request; a name outside the list is refused', async () => {
  const dispatch = adminDispatcher(createAdminHandlers(harness.host));
  expect(await dispatch('lab.headerProfile', { environment: 'staging' })).toEqual({
    ok: true,
    value: { profile: 'standard' },
  });
  expect(await dispatch('lab.setHeaderProfile', { environment: 'staging', profile: 'ietf' })).toEqual({
    ok: true,
    value: { profile: 'ietf' },
  });
  expect(await dispatch('lab.headerProfile', { environment: 'production' })).toEqual({
    ok: true,
    value: { profile: 'standard' },
  });

  const { key } = createKey(harness.host.engine('staging'), 'free');
  const answer = await fetch(`${harness.host.baseUrl('staging')}/pets`, {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('ratelimit')).not.toBeNull();
  expect(answer.headers.get('x-ratelimit-limit')).toBeNull();

  const refused = await dispatch('lab.setHeaderProfile', { environment: 'staging', profile: 'stripe' });
  expect(refused).toMatchObject({ ok: false, error: { code: 'validation_failed' } });
});

it('the API console reads Retry-After as an HTTP-date too (retry-after-date)', async () => {
  const dispatch = adminDispatcher(createAdminHandlers(harness.host));
  await dispatch('lab.setHeaderProfile', { environment: 'staging', profile: 'retry-after-date' });
  const { key } = createKey(harness.host.engine('staging'), 'enterprise', { perMinute: 1, perDay: 100 });
  const burst = (await dispatch('console.burst', { environment: 'staging', operation: 'listPets', key, count: 2 })) as {
    ok: true;
    value: { responses: { status: number; code: string | null; retryAfter: number | null }[] };
  };
  const refused = burst.value.responses[1];
  expect(refused).toMatchObject({ status: 429, code: 'rate_limited' });
  expect(refused?.retryAfter).toBeGreaterThanOrEqual(0);
  expect(refused?.retryAfter).toBeLessThanOrEqual(61);
});
