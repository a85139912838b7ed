/**
 * The brakes on guessing a member's secrets, in the production engine on real SQLite: a member keeps
 * getting in from where they held a session while strangers elsewhere lock their login; one's own
 * current password and invitation codes are braked like a login; owners see what is locked.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/shared/clock';
import { isAppError } from '../../src/shared/errors';
import { KNOWN_ADDRESS_MS, LOGIN_LIMITS } from '../../src/shared/staff';
import { Engine } from '../../src/main/engine/engine';
import type { StaffService } from '../../src/main/staff/staff';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const PASSWORD = 'correct horse battery';
const WRONG = 'not the password at all';
const HOME = '192.168.1.20';
let dir: string;
let clock: ManualClock;
let engine: Engine;
let staff: StaffService;

async function refusal(promise: Promise<unknown>): Promise<{ code: string; details: unknown }> {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { code: error.code, details: error.details };
    throw error;
  }
  throw new Error('expected a refusal');
}

/**
 * `count` refused tries made at once, as guessers in parallel would: each is counted by the brake
 * before its scrypt starts, in the order made, so the scrypts (tens of ms each) overlap on the thread pool.
 */
function refusals(
  count: number,
  attempt: (index: number) => Promise<unknown>,
): Promise<{ code: string; details: unknown }[]> {
  return Promise.all(Array.from({ length: count }, (_, index) => refusal(attempt(index))));
}

/** Wrong passwords for `login`, each from an address of its own, until the per-login brake holds. */
async function lockFromElsewhere(login: string): Promise<void> {
  await refusals(LOGIN_LIMITS.perLogin.perMinute, (attempt) => staff.login(login, WRONG, `10.9.0.${attempt}`));
  expect((await refusal(staff.login(login, PASSWORD, '10.9.0.200'))).code).toBe('rate_limited');
}

beforeEach(() => {
  dir = makeTempDir('staff-lockouts');
  clock = new ManualClock(Date.UTC(2026, 11, 2, 9, 0, 30));
  engine = new Engine({ dataDir: dir, environment: 'production', clock });
  staff = engine.services.staff;
});

afterEach(() => {
  engine.close();
  removeTempDir(dir);
});

describe('the per-login brake', () => {
  it('lets a member in from where they held a session while strangers elsewhere have locked the login', async () => {
    await staff.add({ name: 'Ana', login: 'ana', role: 'owner', password: PASSWORD });
    staff.logout((await staff.login('ana', PASSWORD, HOME)).sessionId);
    clock.advance(60_000);
    await lockFromElsewhere('ana');
    expect((await staff.login('ana', PASSWORD, HOME)).member.login).toBe('ana');
    // A new address is a stranger's: the brake holds for it.
    expect((await refusal(staff.login('ana', PASSWORD, '10.9.0.201'))).code).toBe('rate_limited');
  });

  it('gives the known address a brake of its own, and forgets it after 30 days without a session', async () => {
    await staff.add({ name: 'Ana', login: 'ana', role: 'owner', password: PASSWORD });
    await staff.login('ana', PASSWORD, HOME);
    clock.advance(60_000);
    await lockFromElsewhere('ana');
    await refusals(LOGIN_LIMITS.perLogin.perMinute, () => staff.login('ana', WRONG, HOME));
    expect((await refusal(staff.login('ana', PASSWORD, HOME))).code).toBe('rate_limited');
    clock.advance(KNOWN_ADDRESS_MS + 60_000);
    await lockFromElsewhere('ana');
    expect((await refusal(staff.login('ana', PASSWORD, HOME))).code).toBe('rate_limited');
  });

  it('keeps the per-address brake for a known address', async () => {
    await staff.add({ name: 'Ana', login: 'ana', role: 'owner', password: PASSWORD });
    await staff.login('ana', PASSWORD, HOME);
    clock.advance(60_000);
    await refusals(LOGIN_LIMITS.perAddress.perMinute, (attempt) => staff.login(`user${attempt}`, WRONG, HOME));
    expect((await refusal(staff.login('ana', PASSWORD, HOME))).code).toBe('rate_limited');
  });
});

describe('the lockouts owners see', () => {
  it('lists the login braked now, until when, and drops them when their window ends', async () => {
    await staff.add({ name: 'Ana', login: 'ana', role: 'owner', password: PASSWORD });
    await refusals(LOGIN_LIMITS.perLogin.perMinute, () => staff.login('ana', WRONG, '10.9.0.1'));
    const minuteEnds = Math.floor(clock.now() / 60_000) * 60_000 + 60_000;
    expect(staff.lockouts()).toEqual([{ kind: 'login', subject: 'ana', address: null, until: minuteEnds }]);
    clock.set(minuteEnds);
    expect(staff.lockouts()).toEqual([]);
    expect((await staff.login('ana', PASSWORD, '10.9.0.1')).member.login).toBe('ana');
  });
});

describe('the attempts table', () => {
  it('keeps no row of a window that ended: a day of guesses from many addresses leaves nothing the next day', async () => {
    await refusals(30, (attempt) => staff.login(`user${attempt}`, WRONG, `10.8.${attempt}.1`));
    expect(engine.sqlite.prepare('SELECT count(*) AS n FROM staff_attempts').get()).toEqual({ n: 120 });
    clock.advance(2 * 86_400_000);
    await refusal(staff.login('someone', WRONG, '10.8.99.1'));
    expect(engine.sqlite.prepare('SELECT count(*) AS n FROM staff_attempts').get()).toEqual({ n: 4 });
  });
});

describe('a member’s own password change', () => {
  it('brakes guesses at the current password as a login’s', async () => {
    const ben = await staff.add({ name: 'Ben', login: 'ben', role: 'staff', password: PASSWORD });
    const wrong = await refusals(LOGIN_LIMITS.perLogin.perMinute, (attempt) =>
      staff.changeOwnPassword(ben.id, WRONG, 'a new long password', `10.9.1.${attempt}`),
    );
    for (const refused of wrong) expect(refused.details).toEqual({ reason: 'password_wrong' });
    expect(await refusal(staff.changeOwnPassword(ben.id, PASSWORD, 'a new long password', '10.9.1.99'))).toMatchObject({
      code: 'rate_limited',
      details: { reason: 'login_throttled' },
    });
    expect(staff.lockouts()).toEqual([expect.objectContaining({ kind: 'password', subject: 'ben', address: null })]);
    clock.advance(60_000);
    await staff.changeOwnPassword(ben.id, PASSWORD, 'a new long password', '10.9.1.99');
  });
});

describe('invitation codes', () => {
  it('brakes wrong codes per address', async () => {
    for (let attempt = 0; attempt < LOGIN_LIMITS.perAddress.perMinute; attempt++) {
      expect(
        (await refusal(staff.acceptInvite(`WRONG-CODE-${attempt}`, 'cleo', PASSWORD, '10.9.2.1'))).details,
      ).toEqual({ reason: 'invite_invalid' });
    }
    expect((await refusal(staff.acceptInvite('WRONG-CODE-X', 'cleo', PASSWORD, '10.9.2.1'))).code).toBe('rate_limited');
    expect((await refusal(staff.acceptInvite('WRONG-CODE-X', 'cleo', PASSWORD, '10.9.2.2'))).details).toEqual({
      reason: 'invite_invalid',
    });
  });

  it('keeps a code usable after a taken login, naming only the login typed, with its tries braked', async () => {
    await staff.add({ name: 'Ana', login: 'ana', role: 'owner', password: PASSWORD });
    const invite = staff.invite('Cleo', 'volunteer');
    const taken = await refusals(LOGIN_LIMITS.perInvitation.perMinute, (attempt) =>
      staff.acceptInvite(invite.code, 'ana', PASSWORD, `10.9.3.${attempt}`),
    );
    for (const refused of taken)
      expect(refused).toEqual({ code: 'conflict', details: { reason: 'login_taken', login: 'ana' } });
    expect((await refusal(staff.acceptInvite(invite.code, 'cleo', PASSWORD, '10.9.3.99'))).code).toBe('rate_limited');
    clock.advance(60_000);
    expect((await staff.acceptInvite(invite.code, 'cleo', PASSWORD, '10.9.3.99')).login).toBe('cleo');
  });
});
