/** Staff accounts: scrypt hashes, sessions on the injected clock, invitations, login throttling on the real clock. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/shared/clock';
import { isAppError } from '../../src/shared/errors';
import { INVITE_VALID_MS, LOGIN_LIMITS, SESSION_IDLE_MS } from '../../src/shared/staff';
import { Engine } from '../../src/main/engine/engine';
import { hashPassword, SCRYPT_PARAMS, verifyPassword } from '../../src/main/staff/passwords';
import type { StaffService } from '../../src/main/staff/staff';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const PASSWORD = 'correct horse battery';
let dir: string;
let clock: ManualClock;
let engine: Engine;
let staff: StaffService;

async function refusal(promise: Promise<unknown> | (() => unknown)): Promise<{ code: string; details: unknown }> {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    if (isAppError(error)) return { code: error.code, details: error.details };
    throw error;
  }
  throw new Error('expected a refusal');
}

beforeEach(() => {
  dir = makeTempDir('staff');
  clock = new ManualClock(Date.UTC(2026, 10, 27, 9, 0, 30));
  engine = new Engine({ dataDir: dir, environment: 'production', clock });
  staff = engine.services.staff;
});

afterEach(() => {
  engine.close();
  removeTempDir(dir);
});

describe('passwords', () => {
  it('hash with scrypt, a salt of their own and the parameters kept; verify in constant time', async () => {
    const first = await hashPassword(PASSWORD);
    const second = await hashPassword(PASSWORD);
    expect(first).toMatch(new RegExp(`^scrypt\\$${SCRYPT_PARAMS.N}\\$8\\$1\\$[\\w-]{22}\\$[\\w-]{43}$`));
    expect(first).not.toBe(second);
    expect(await verifyPassword(PASSWORD, first)).toBe(true);
    expect(await verifyPassword('correct horse batterY', first)).toBe(false);
    expect(await verifyPassword(PASSWORD, 'md5$abc')).toBe(false);
  });
});

describe('team mode and accounts', () => {
  it('is off on a new data dir; the first owner turns it on; the last owner cannot be demoted or deactivated', async () => {
    expect(staff.teamMode()).toBe(false);
    expect((await refusal(() => staff.enableTeam())).details).toEqual({ reason: 'no_owner' });
    const owner = await staff.add({ name: 'Ana', login: 'ana', role: 'owner', password: PASSWORD });
    expect(staff.teamMode()).toBe(true);
    expect(await refusal(() => staff.setRole(owner.id, 'manager'))).toEqual({
      code: 'conflict',
      details: { reason: 'last_owner', staffId: owner.id },
    });
    expect((await refusal(() => staff.deactivate(owner.id))).details).toEqual({
      reason: 'last_owner',
      staffId: owner.id,
    });
    expect(
      (await refusal(staff.add({ name: 'Other', login: 'ana', role: 'staff', password: PASSWORD }))).details,
    ).toEqual({ reason: 'login_taken', login: 'ana' });
    staff.disableTeam();
    expect(staff.teamMode()).toBe(false);
  });
});

describe('an owner manages the team', () => {
  it('reactivates a deactivated member, who logs in again with the login and password they had', async () => {
    await staff.add({ name: 'Ana', login: 'ana', role: 'owner', password: PASSWORD });
    const ben = await staff.add({ name: 'Ben', login: 'ben', role: 'volunteer', password: PASSWORD });
    staff.deactivate(ben.id);
    expect((await refusal(staff.login('ben', PASSWORD, null))).details).toEqual({ reason: 'login_failed' });
    expect(staff.reactivate(ben.id)).toMatchObject({ id: ben.id, login: 'ben', role: 'volunteer', active: true });
    expect((await staff.login('ben', PASSWORD, null)).member.id).toBe(ben.id);
    expect(await refusal(() => staff.reactivate(99))).toEqual({
      code: 'not_found',
      details: { missing: 'staff', staffId: 99 },
    });
  });

  it('brings back a member named as the desk before that rule only once renamed', async () => {
    // Written straight to the table, as a member added before names were checked for the desk's.
    const id = staff.store.insert({ name: 'Desk', login: 'old-desk', role: 'staff', passwordHash: 'x' }, clock.now());
    staff.deactivate(id);
    expect(await refusal(() => staff.reactivate(id))).toMatchObject({ details: { reason: 'name_reserved' } });
    staff.rename(id, 'Dana Esk');
    expect(staff.reactivate(id).active).toBe(true);
  });

  it('renames a member, never to the desk’s name; the login stays', async () => {
    const ben = await staff.add({ name: 'Bne', login: 'ben', role: 'staff', password: PASSWORD });
    expect(staff.rename(ben.id, 'Ben Okafor')).toMatchObject({ name: 'Ben Okafor', login: 'ben' });
    expect(await refusal(() => staff.rename(ben.id, ' Ｄesk '))).toEqual({
      code: 'validation_failed',
      details: { field: 'name', reason: 'name_reserved', reserved: 'desk' },
    });
    expect(await refusal(() => staff.rename(99, 'Nobody'))).toMatchObject({ code: 'not_found' });
  });

  it('turning team mode off ends every session: none comes back when it is turned on again', async () => {
    await staff.add({ name: 'Ana', login: 'ana', role: 'owner', password: PASSWORD });
    const { sessionId } = await staff.login('ana', PASSWORD, null);
    staff.disableTeam();
    staff.enableTeam();
    expect((await refusal(() => staff.session(sessionId))).details).toEqual({ reason: 'session_expired' });
  });
});

describe('sessions', () => {
  it('start on a right password, end after the idle time on the injected clock, and on logout', async () => {
    const member = await staff.add({ name: 'Ben', login: 'ben', role: 'staff', password: PASSWORD });
    expect((await refusal(staff.login('ben', 'wrong password!', '10.0.0.1'))).details).toEqual({
      reason: 'login_failed',
    });
    expect((await refusal(staff.login('nobody', PASSWORD, '10.0.0.1'))).details).toEqual({ reason: 'login_failed' });
    const { sessionId } = await staff.login('ben', PASSWORD, '10.0.0.1');
    expect(staff.session(sessionId)).toMatchObject({ id: member.id, role: 'staff' });
    // Only the hash is stored.
    expect(JSON.stringify(engine.sqlite.prepare('SELECT * FROM staff_sessions').all())).not.toContain(sessionId);
    clock.advance(SESSION_IDLE_MS - 1_000);
    expect(staff.session(sessionId).id).toBe(member.id);
    clock.advance(SESSION_IDLE_MS - 1_000);
    expect(staff.session(sessionId).id).toBe(member.id);
    clock.advance(SESSION_IDLE_MS);
    expect((await refusal(() => staff.session(sessionId))).details).toEqual({ reason: 'session_expired' });
    const again = await staff.login('ben', PASSWORD, '10.0.0.1');
    staff.logout(again.sessionId);
    expect((await refusal(() => staff.session(again.sessionId))).code).toBe('unauthorized');
  });

  it('end on a password change and on deactivation; a role change applies to the next call', async () => {
    await staff.add({ name: 'Ana', login: 'ana', role: 'owner', password: PASSWORD });
    const member = await staff.add({ name: 'Ben', login: 'ben', role: 'staff', password: PASSWORD });
    const first = await staff.login('ben', PASSWORD, null);
    staff.setRole(member.id, 'volunteer');
    expect(staff.session(first.sessionId).role).toBe('volunteer');
    await staff.changeOwnPassword(member.id, PASSWORD, 'another long password');
    expect((await refusal(() => staff.session(first.sessionId))).code).toBe('unauthorized');
    const second = await staff.login('ben', 'another long password', null);
    staff.deactivate(member.id);
    expect((await refusal(() => staff.session(second.sessionId))).code).toBe('unauthorized');
    expect((await refusal(staff.login('ben', 'another long password', null))).details).toEqual({
      reason: 'login_failed',
    });
  });
});

describe('another process', () => {
  it('deactivating a member ends the session this engine remembers, once it sees the write', async () => {
    await staff.add({ name: 'Ana', login: 'ana', role: 'owner', password: PASSWORD });
    const member = await staff.add({ name: 'Ben', login: 'ben', role: 'staff', password: PASSWORD });
    const { sessionId } = await staff.login('ben', PASSWORD, null);
    expect(staff.session(sessionId).id).toBe(member.id);
    const cli = new Engine({ dataDir: dir, environment: 'production', clock });
    try {
      cli.services.staff.deactivate(member.id);
    } finally {
      cli.close();
    }
    engine.latest();
    expect((await refusal(() => staff.session(sessionId))).details).toEqual({ reason: 'session_expired' });
  });
});

describe('invitations', () => {
  it('work once, before they expire, and keep only a hash', async () => {
    const invite = staff.invite('Cleo', 'volunteer');
    expect(JSON.stringify(engine.sqlite.prepare('SELECT * FROM staff_invites').all())).not.toContain(
      invite.code.replaceAll('-', ''),
    );
    const member = await staff.acceptInvite(invite.code.toLowerCase(), 'cleo', PASSWORD);
    expect(member).toMatchObject({ name: 'Cleo', login: 'cleo', role: 'volunteer', active: true });
    expect((await refusal(staff.acceptInvite(invite.code, 'cleo2', PASSWORD))).details).toEqual({
      reason: 'invite_invalid',
    });
    const late = staff.invite('Dan', 'staff');
    clock.advance(INVITE_VALID_MS);
    expect((await refusal(staff.acceptInvite(late.code, 'dan', PASSWORD))).details).toEqual({
      reason: 'invite_invalid',
    });
  });
});

describe("the desk's name", () => {
  // "desk" in any case, width or accents, around spaces or with an invisible character inside: the audit trail's name for the desk.
  const DESK_LOOKALIKES = ['desk', ' Desk ', 'DESK', 'ｄｅｓｋ', 'Désk', 'de\u200Bsk', '\u00A0desk\t'];
  const reserved = { code: 'validation_failed', details: { field: 'name', reason: 'name_reserved', reserved: 'desk' } };

  it('is refused to a member added, the first owner and an invitation, before anything is written', async () => {
    for (const name of DESK_LOOKALIKES) {
      expect(await refusal(staff.add({ name, login: 'someone', role: 'owner', password: PASSWORD })), name).toEqual(
        reserved,
      );
      expect(await refusal(staff.setupOwner({ name, login: 'someone', password: PASSWORD })), name).toEqual(reserved);
      expect(await refusal(() => staff.invite(name, 'staff')), name).toEqual(reserved);
    }
    expect(staff.list()).toEqual([]);
    expect(staff.teamMode()).toBe(false);
    expect(engine.sqlite.prepare('SELECT COUNT(*) AS n FROM staff_invites').get()).toEqual({ n: 0 });
    // Names that only hold the word stay free.
    expect((await staff.add({ name: 'Desk Sergeant Ana', login: 'ana', role: 'owner', password: PASSWORD })).name).toBe(
      'Desk Sergeant Ana',
    );
    expect(staff.invite('Desko', 'staff').name).toBe('Desko');
  });

  it('is refused when an invitation made before the rule names the member so: no member is made, the code still unused', async () => {
    const invite = staff.invite('Cleo', 'volunteer');
    engine.sqlite.prepare("UPDATE staff_invites SET name = 'Desk'").run();
    expect(await refusal(staff.acceptInvite(invite.code, 'cleo', PASSWORD))).toEqual(reserved);
    expect(staff.list()).toEqual([]);
    expect(engine.sqlite.prepare('SELECT used_at AS usedAt FROM staff_invites').get()).toEqual({ usedAt: null });
  });
});

describe('login throttling', () => {
  it('refuses a login past its attempts per minute, on the real clock, until the window turns', async () => {
    await staff.add({ name: 'Ben', login: 'ben', role: 'staff', password: PASSWORD });
    for (let attempt = 0; attempt < LOGIN_LIMITS.perLogin.perMinute; attempt++)
      await refusal(staff.login('ben', 'wrong password!', `10.0.0.${attempt}`));
    const throttled = await refusal(staff.login('ben', PASSWORD, '10.0.0.99'));
    expect(throttled.code).toBe('rate_limited');
    clock.advance(60_000);
    expect((await staff.login('ben', PASSWORD, '10.0.0.99')).member.login).toBe('ben');
  });

  it('refuses an address past its attempts per minute, whatever the login', async () => {
    for (let attempt = 0; attempt < LOGIN_LIMITS.perAddress.perMinute; attempt++)
      await refusal(staff.login(`user${attempt}`, 'wrong password!', '10.0.0.7'));
    expect((await refusal(staff.login('someone', 'wrong password!', '10.0.0.7'))).code).toBe('rate_limited');
    expect((await refusal(staff.login('someone', 'wrong password!', '10.0.0.8'))).code).toBe('unauthorized');
  });
});
