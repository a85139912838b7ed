/**
 * The login brake over the real admin server: it runs on the real clock (injected here), so an
 * api-admin moving the quota lab's clock between guesses wins no more of them; a member's own
 * password change is braked the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/shared/clock';
import { LOGIN_LIMITS } from '../../src/shared/staff';
import { adminCalls } from '../helpers/admin-client';
import { startAdminHarness, type AdminHarness } from '../helpers/admin-host';

const TOKEN = 'test-token-throttle-0123456789abcdefghijkl';
const PASSWORD = 'a long shelter password';
const WRONG = 'not the owner password';

let harness: AdminHarness;
const clock = new ManualClock(Date.UTC(2026, 11, 2, 9, 0, 30));
const { call, login } = adminCalls(() => harness, TOKEN, PASSWORD);

beforeAll(async () => {
  harness = await startAdminHarness(TOKEN, { clock });
  const staff = harness.host.engine('production').services.staff;
  await staff.add({ name: 'Ana', login: 'ana', role: 'owner', password: PASSWORD });
  await staff.add({ name: 'Ivo', login: 'ivo', role: 'api-admin', password: PASSWORD });
  await staff.add({ name: 'Ben', login: 'ben', role: 'staff', password: PASSWORD });
}, 60_000);

afterAll(async () => {
  await harness?.stop();
});

describe('the login brake and the quota lab’s clock', () => {
  it('still refuses guesses at the owner’s password after the lab clock moved a day between each', async () => {
    const apiAdmin = await login('ivo');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < LOGIN_LIMITS.perLogin.perMinute + 3; attempt++) {
      expect(
        (await call('lab.advanceClock', { environment: 'production', duration: '1d' }, { cookie: apiAdmin })).status,
      ).toBe(200);
      statuses.push((await call('staff.login', { login: 'ana', password: WRONG })).status);
    }
    expect(statuses).toEqual([...Array<number>(LOGIN_LIMITS.perLogin.perMinute).fill(401), 429, 429, 429]);
    const refused = await call('staff.login', { login: 'ana', password: PASSWORD });
    expect(refused).toMatchObject({
      status: 429,
      body: { code: 'rate_limited', details: { reason: 'login_throttled' } },
    });
    expect(
      (await call('lab.moveClock', { environment: 'production', move: 'reset' }, { cookie: apiAdmin })).status,
    ).toBe(200);
    expect((await call('staff.login', { login: 'ana', password: PASSWORD })).status).toBe(429);
    clock.advance(60_000);
    expect((await call('staff.login', { login: 'ana', password: PASSWORD })).status).toBe(200);
  });
});

describe('a member’s own password change', () => {
  it('is braked after the login’s attempts per minute, until the real minute turns', async () => {
    clock.advance(60_000);
    const ben = await login('ben');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < LOGIN_LIMITS.perLogin.perMinute + 1; attempt++) {
      statuses.push(
        (await call('staff.changePassword', { current: WRONG, password: 'the new password for ben' }, { cookie: ben }))
          .status,
      );
    }
    expect(statuses).toEqual([...Array<number>(LOGIN_LIMITS.perLogin.perMinute).fill(401), 429]);
    const braked = await call(
      'staff.changePassword',
      { current: PASSWORD, password: 'the new password for ben' },
      { cookie: ben },
    );
    expect(braked).toMatchObject({
      status: 429,
      body: { code: 'rate_limited', details: { reason: 'login_throttled' } },
    });
    clock.advance(60_000);
    expect(
      (await call('staff.changePassword', { current: PASSWORD, password: 'the new password for ben' }, { cookie: ben }))
        .status,
    ).toBe(200);
  });
});
