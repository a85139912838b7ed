/**
 * What the window learns of its caller against the real admin server:
 * `staff.me` says who calls (the desk, a member, nobody yet) and which channels the policy lets them
 * call; `staff.setupOwner` makes the first owner from the desk's token alone, once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_CHANNEL_NAMES } from '../../src/shared/admin-channels';
import { STAFF_ROLES } from '../../src/shared/staff';
import { mayCall } from '../../src/main/staff/policy';
import { adminCalls, type AdminAnswer } from '../helpers/admin-client';
import { startAdminHarness, type AdminHarness } from '../helpers/admin-host';

const TOKEN = 'test-token-window-0123456789abcdefghijklmno';
const PASSWORD = 'a long shelter password';

let harness: AdminHarness;

const { call, login } = adminCalls(() => harness, TOKEN, PASSWORD);

beforeAll(async () => {
  harness = await startAdminHarness(TOKEN);
}, 60_000);

afterAll(async () => {
  await harness?.stop();
});

describe('the first owner, made in the window', () => {
  it('on a single desk: staff.me says the desk may call everything; without the token nothing answers', async () => {
    expect((await call('staff.me', {}, { token: true })).body).toEqual({
      teamMode: false,
      me: null,
      caller: 'desk',
      channels: [...ADMIN_CHANNEL_NAMES],
      language: null,
      shelterLanguage: null,
    });
    expect((await call('staff.me', {})).status).toBe(401);
    expect((await call('staff.setupOwner', { name: 'Ana Ruiz', login: 'ana', password: PASSWORD })).status).toBe(401);
  });

  it('checks the input before anything is made', async () => {
    const short = await call(
      'staff.setupOwner',
      { name: 'Ana Ruiz', login: 'ana', password: 'short' },
      { token: true },
    );
    expect(short).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    // The audit trail names the desk "desk": a member so named would have their entries mixed with it.
    const desk = await call(
      'staff.setupOwner',
      { name: ' ＤＥＳＫ ', login: 'ana', password: PASSWORD },
      { token: true },
    );
    expect(desk).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', details: { field: 'name', reason: 'name_reserved', reserved: 'desk' } },
    });
    expect(harness.host.engine('production').services.staff.list()).toEqual([]);
  });

  it('makes the first owner from the desk and turns team mode on; the owner logs in', async () => {
    const made = await call(
      'staff.setupOwner',
      { name: 'Ana Ruiz', login: 'Ana', password: PASSWORD },
      { token: true },
    );
    expect(made).toMatchObject({ status: 200, body: { name: 'Ana Ruiz', login: 'ana', role: 'owner', active: true } });
    expect(JSON.stringify(made.body)).not.toContain(PASSWORD);
    expect(harness.host.engine('production').services.staff.teamMode()).toBe(true);
    const cookie = await login('ana');
    expect((await call('staff.me', {}, { cookie })).body).toMatchObject({
      teamMode: true,
      caller: 'member',
      me: { login: 'ana', role: 'owner' },
    });
  });

  it("is refused once staff exist (conflict team_exists), and to a session, an owner's too (forbidden)", async () => {
    const again = await call(
      'staff.setupOwner',
      { name: 'Someone Else', login: 'else', password: PASSWORD },
      { token: true },
    );
    expect(again).toMatchObject({ status: 409, body: { code: 'conflict', details: { reason: 'team_exists' } } });
    const cookie = await login('ana');
    const fromOwner = await call(
      'staff.setupOwner',
      { name: 'Someone Else', login: 'else', password: PASSWORD },
      { cookie },
    );
    expect(fromOwner).toMatchObject({
      status: 403,
      body: { code: 'forbidden', details: { reason: 'desk_only', channel: 'staff.setupOwner' } },
    });
    expect(
      harness.host
        .engine('production')
        .services.staff.list()
        .map((member) => member.login),
    ).toEqual(['ana']);
  });

  it('is in the audit trail with its password removed', () => {
    const entries = harness.host.engine('production').services.audit.list({ channel: 'staff.setupOwner' });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ staffName: 'desk', channel: 'staff.setupOwner' });
    expect(JSON.stringify(entries[0])).not.toContain(PASSWORD);
  });
});

describe('staff.me in team mode', () => {
  it('tells nobody yet (no cookie, or an ended session) that only the login is open', async () => {
    const open = ADMIN_CHANNEL_NAMES.filter((channel) => mayCall(null, channel));
    expect((await call('staff.me', {})).body).toEqual({
      teamMode: true,
      me: null,
      caller: 'nobody',
      channels: open,
      language: null,
      shelterLanguage: null,
    });
    expect(open).toEqual(expect.arrayContaining(['staff.login', 'staff.acceptInvite', 'staff.me']));
    expect(
      (await call('staff.me', {}, { cookie: '__Host-adoption_desk_session=not-a-session-id-at-all-0000' })).body,
    ).toMatchObject({ caller: 'nobody', channels: open });
  });

  it("gives each role the policy's own list of channels, and the desk every one", async () => {
    const staff = harness.host.engine('production').services.staff;
    for (const role of STAFF_ROLES.filter((one) => one !== 'owner'))
      await staff.add({ name: `The ${role}`, login: role, role, password: PASSWORD });
    for (const [role, loginName] of STAFF_ROLES.map((one) => [one, one === 'owner' ? 'ana' : one] as const)) {
      const me = await call('staff.me', {}, { cookie: await login(loginName) });
      expect(me.body.caller, role).toBe('member');
      expect(me.body.channels, role).toEqual(ADMIN_CHANNEL_NAMES.filter((channel) => mayCall(role, channel)));
    }
    const volunteer = (await call('staff.me', {}, { cookie: await login('volunteer') })).body.channels as string[];
    expect(volunteer).toContain('pets.profile');
    expect(volunteer).not.toContain('people.list');
    expect(volunteer).not.toContain('pets.remove');
    expect((await call('staff.me', {}, { token: true })).body).toMatchObject({
      caller: 'desk',
      channels: [...ADMIN_CHANNEL_NAMES],
    });
  }, 60_000);

  it('says how long to wait when logins are throttled, in the details', async () => {
    let answer: AdminAnswer | undefined;
    for (let attempt = 0; attempt < 6; attempt++)
      answer = await call('staff.login', { login: 'throttled', password: 'not the password' });
    expect(answer).toMatchObject({
      status: 429,
      body: { code: 'rate_limited', details: { reason: 'login_throttled' } },
    });
    const { retryAfter } = answer?.body.details as { retryAfter: number };
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  }, 30_000);
});
