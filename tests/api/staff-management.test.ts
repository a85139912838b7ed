/**
 * An owner manages the team in the window against the real admin server:
 * reactivating, renaming and setting a member's password are the owners' (never their own
 * password), and team mode off and on is the desk's alone. Each write is in the audit trail, the
 * password never.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_HTTP_PREFIX } from '../../src/shared/admin-contract';
import { STAFF_ROLES, type StaffRole } from '../../src/shared/staff';
import type { StaffService } from '../../src/main/staff/staff';
import { adminCalls } from '../helpers/admin-client';
import { startAdminHarness, type AdminHarness } from '../helpers/admin-host';

const TOKEN = 'test-token-management-0123456789abcdefghij';
const PASSWORD = 'a long shelter password';
const NEW_PASSWORD = 'the new password for ben';

let harness: AdminHarness;
let staff: StaffService;
const cookies = new Map<StaffRole, string>();
const ids = new Map<StaffRole, number>();

const { call, login } = adminCalls(() => harness, TOKEN, PASSWORD);

const owner = () => ({ cookie: cookies.get('owner') });

beforeAll(async () => {
  harness = await startAdminHarness(TOKEN);
  staff = harness.host.engine('production').services.staff;
  for (const role of STAFF_ROLES)
    ids.set(role, (await staff.add({ name: `The ${role}`, login: role, role, password: PASSWORD })).id);
  for (const role of STAFF_ROLES) cookies.set(role, await login(role));
}, 60_000);

afterAll(async () => {
  await harness?.stop();
});

describe('the owners’ channels', () => {
  it.each(['manager', 'staff', 'volunteer', 'api-admin'] as const)('refuses a %s each of them', async (role) => {
    const id = ids.get('volunteer');
    for (const [channel, payload] of [
      ['staff.reactivate', { id }],
      ['staff.setPassword', { id, password: NEW_PASSWORD }],
      ['staff.rename', { id, name: 'Someone else' }],
    ] as const) {
      expect(await call(channel, payload, { cookie: cookies.get(role) }), channel).toMatchObject({
        status: 403,
        body: { code: 'forbidden', details: { reason: 'role_not_allowed', role, channel } },
      });
    }
  });

  it('reactivates a deactivated member, who logs in again; the desk may too', async () => {
    const volunteer = ids.get('volunteer') ?? 0;
    expect((await call('staff.deactivate', { id: volunteer }, owner())).body).toMatchObject({ active: false });
    expect((await call('staff.login', { login: 'volunteer', password: PASSWORD }, {})).body.details).toEqual({
      reason: 'login_failed',
    });
    expect(await call('staff.reactivate', { id: volunteer }, owner())).toMatchObject({
      status: 200,
      body: { id: volunteer, login: 'volunteer', active: true },
    });
    cookies.set('volunteer', await login('volunteer'));
    expect((await call('staff.reactivate', { id: volunteer }, { token: true })).status).toBe(200);
    expect(await call('staff.reactivate', { id: 999 }, owner())).toMatchObject({
      status: 404,
      body: { details: { missing: 'staff', staffId: 999 } },
    });
  });

  it('renames a member, never to the desk’s name', async () => {
    const id = ids.get('staff') ?? 0;
    expect(await call('staff.rename', { id, name: ' Ben Okafor ' }, owner())).toMatchObject({
      status: 200,
      body: { id, name: 'Ben Okafor', login: 'staff' },
    });
    expect((await call('staff.rename', { id, name: 'DESK' }, owner())).body).toMatchObject({
      code: 'validation_failed',
      details: { field: 'name', reason: 'name_reserved', reserved: 'desk' },
    });
    expect((await call('staff.me', {}, { cookie: cookies.get('staff') })).body).toMatchObject({
      me: { name: 'Ben Okafor' },
    });
  });

  it('sets a member’s password: every session of theirs ends, the new one logs in, the old one no more', async () => {
    const id = ids.get('staff') ?? 0;
    const before = cookies.get('staff');
    expect((await call('pets.browse', { environment: 'production', query: {} }, { cookie: before })).status).toBe(200);
    expect(await call('staff.setPassword', { id, password: 'short' }, owner())).toMatchObject({
      status: 400,
      body: { code: 'validation_failed' },
    });
    expect(await call('staff.setPassword', { id, password: NEW_PASSWORD }, owner())).toMatchObject({
      status: 200,
      body: null,
    });
    expect(
      (await call('pets.browse', { environment: 'production', query: {} }, { cookie: before })).body.details,
    ).toEqual({ reason: 'session_expired' });
    expect((await call('staff.login', { login: 'staff', password: PASSWORD }, {})).body.details).toEqual({
      reason: 'login_failed',
    });
    cookies.set('staff', await login('staff', NEW_PASSWORD));
  });

  it('refuses an owner their own password (Change password asks the current one); the desk may set anyone’s', async () => {
    const ownerId = ids.get('owner') ?? 0;
    expect(await call('staff.setPassword', { id: ownerId, password: NEW_PASSWORD }, owner())).toMatchObject({
      status: 403,
      body: { code: 'forbidden', details: { reason: 'own_password', staffId: ownerId } },
    });
    expect((await call('staff.me', {}, owner())).body).toMatchObject({ caller: 'member' });
    expect((await call('staff.setPassword', { id: ownerId, password: NEW_PASSWORD }, { token: true })).status).toBe(
      200,
    );
    cookies.set('owner', await login('owner', NEW_PASSWORD));
  });

  it('leaves each write in the audit trail, the password removed', async () => {
    const entries = (await call('audit.list', { environment: 'production', filter: {} }, { token: true }))
      .body as unknown as { channel: string; input: unknown; staffName: string | null }[];
    const ours = entries.filter((entry) =>
      ['staff.reactivate', 'staff.setPassword', 'staff.rename'].includes(entry.channel),
    );
    expect(ours.map((entry) => entry.channel).sort()).toEqual([
      'staff.reactivate',
      'staff.reactivate',
      'staff.rename',
      'staff.setPassword',
      'staff.setPassword',
    ]);
    expect(ours.find((entry) => entry.channel === 'staff.rename')).toMatchObject({
      staffName: 'The owner',
      input: { id: ids.get('staff'), name: 'Ben Okafor' },
    });
    for (const entry of ours.filter((one) => one.channel === 'staff.setPassword'))
      expect(entry.input).toEqual({ id: expect.any(Number) as number, password: '[removed]' });
    expect(JSON.stringify(entries)).not.toContain(NEW_PASSWORD);
  });
});

describe('team mode off and on', () => {
  it('is the desk’s alone: every member, an owner too, is refused desk_only', async () => {
    for (const role of STAFF_ROLES) {
      expect(await call('team.setEnabled', { enabled: false }, { cookie: cookies.get(role) }), role).toMatchObject({
        status: 403,
        body: { code: 'forbidden', details: { reason: 'desk_only', channel: 'team.setEnabled' } },
      });
    }
    expect(staff.teamMode()).toBe(true);
  });

  it('off at the desk: every session ends and no one logs in; on again: they log in anew, their old sessions stay ended', async () => {
    const before = cookies.get('manager');
    expect(await call('team.setEnabled', { enabled: false }, { token: true })).toMatchObject({
      status: 200,
      body: { teamMode: false },
    });
    expect((await call('staff.login', { login: 'manager', password: PASSWORD }, {})).status).toBe(401);
    expect((await call('staff.me', {}, { token: true })).body).toMatchObject({ teamMode: false, caller: 'desk' });
    expect(await call('team.setEnabled', { enabled: true }, { token: true })).toMatchObject({
      status: 200,
      body: { teamMode: true },
    });
    expect(
      (await call('pets.browse', { environment: 'production', query: {} }, { cookie: before })).body.details,
    ).toEqual({ reason: 'session_expired' });
    expect(
      (await call('pets.browse', { environment: 'production', query: {} }, { cookie: await login('manager') })).status,
    ).toBe(200);
  });

  it('on needs an active owner: a data dir with no staff is refused no_owner and stays a single desk', async () => {
    const empty = await startAdminHarness(TOKEN);
    try {
      const headers = { 'content-type': 'application/json', 'x-admin-token': TOKEN };
      const response = await fetch(`${new URL(empty.admin.url).origin}${ADMIN_HTTP_PREFIX}team.setEnabled`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ enabled: true }),
      });
      expect({ status: response.status, body: (await response.json()) as unknown }).toMatchObject({
        status: 409,
        body: { code: 'conflict', details: { reason: 'no_owner' } },
      });
      expect(empty.host.engine('production').services.staff.teamMode()).toBe(false);
    } finally {
      await empty.stop();
    }
  }, 60_000);
});
