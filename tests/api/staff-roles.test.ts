/**
 * Team mode against the real admin server: the AppHost, the admin handlers and browser
 * mode's server on 127.0.0.1, staff logged in through staff.login with their session cookies. Every
 * channel × every role is sent; a volunteer cannot read an adopter's phone or a microchip, nor remove a pet.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_CHANNEL_NAMES } from '../../src/shared/admin-channels';
import { STAFF_ROLES, type StaffRole } from '../../src/shared/staff';
import type { StaffService } from '../../src/main/staff/staff';
import { mayCall } from '../../src/main/staff/policy';
import { adminCalls } from '../helpers/admin-client';
import { startAdminHarness, type AdminHarness } from '../helpers/admin-host';

const TOKEN = 'test-token-0123456789abcdefghijklmnopqrstuv';
const PASSWORD = 'a long shelter password';

let harness: AdminHarness;
let staff: StaffService;
const cookies = new Map<StaffRole, string>();

const { call, login } = adminCalls(() => harness, TOKEN, PASSWORD);

let petId: number;
let personId: number;

beforeAll(async () => {
  harness = await startAdminHarness(TOKEN);
  const services = harness.host.engine('production').services;
  staff = services.staff;
  for (const role of STAFF_ROLES) await staff.add({ name: `The ${role}`, login: role, role, password: PASSWORD });
  const pet = services.pets.create({
    name: 'Pepper',
    categoryId: services.categories.list()[0]?.id ?? 1,
    status: 'available',
  } as never);
  petId = pet.id;
  services.petProfiles.set(petId, {
    microchipNumber: '981020000123456',
    kennelLocation: 'Kennel B4',
    description: 'A calm terrier.',
  });
  personId = services.people.add({
    name: 'Wilhelmina Quaxley',
    phones: ['+44 7700 900123'],
    email: 'wilhelmina@quaxley.example',
  }).person.id;
  for (const role of STAFF_ROLES) cookies.set(role, await login(role));
}, 60_000);

afterAll(async () => {
  await harness?.stop();
});

describe('team mode over HTTP', () => {
  it('sets an httpOnly, SameSite=Strict, __Host- session cookie (Secure and Path=/ even on the loopback, a secure context)', async () => {
    const answer = await call('staff.login', { login: 'staff', password: PASSWORD }, {});
    expect(answer.setCookie).toMatch(
      /^__Host-adoption_desk_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Secure$/,
    );
    expect(JSON.stringify(answer.body)).not.toContain((answer.setCookie ?? '').split(';')[0]?.split('=')[1]);
  });

  it('refuses a call with neither session nor token, and keeps the token working for the desk', async () => {
    expect((await call('pets.browse', { environment: 'production', query: {} }, {})).status).toBe(401);
    expect(
      (
        await call(
          'pets.browse',
          { environment: 'production', query: {} },
          { cookie: '__Host-adoption_desk_session=not-a-session-id-at-all-0000' },
        )
      ).body.details,
    ).toEqual({ reason: 'session_expired' });
    expect((await call('staff.list', {}, { token: true })).status).toBe(200);
  });

  it('walks every channel × every role: the policy decides, told as 403 role_not_allowed', async () => {
    const wrong: string[] = [];
    for (const role of STAFF_ROLES) {
      for (const channel of ADMIN_CHANNEL_NAMES) {
        // A payload no channel accepts: an allowed call stops at validation, so nothing is changed.
        const answer = await call(channel, { probe: true }, { cookie: cookies.get(role) });
        const refused = answer.status === 403 && answer.body.code === 'forbidden';
        if (refused !== !mayCall(role, channel) || (!refused && answer.status !== 400))
          wrong.push(`${role} × ${channel}: ${answer.status} ${answer.body.code}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it("shows a volunteer the pet without its microchip, kennel or notes; refuses the adopter's phone and the pet's removal", async () => {
    const volunteer = { cookie: cookies.get('volunteer') };
    const details = await call('pets.profile', { environment: 'production', id: petId }, volunteer);
    expect(details.status).toBe(200);
    expect(details.body.profile).toEqual({ description: 'A calm terrier.' });
    expect(JSON.stringify(details.body)).not.toContain('981020000123456');
    const staffView = await call(
      'pets.profile',
      { environment: 'production', id: petId },
      { cookie: cookies.get('staff') },
    );
    expect(staffView.body.profile).toMatchObject({ microchipNumber: '981020000123456' });

    const person = await call('people.show', { environment: 'production', id: personId }, volunteer);
    expect(person).toMatchObject({
      status: 403,
      body: { code: 'forbidden', details: { reason: 'role_not_allowed', role: 'volunteer', channel: 'people.show' } },
    });
    expect(JSON.stringify(person.body)).not.toContain('7700');
    expect((await call('people.list', { environment: 'production', query: {} }, volunteer)).status).toBe(403);

    expect((await call('pets.remove', { environment: 'production', id: petId }, volunteer)).status).toBe(403);
    expect(harness.host.engine('production').services.pets.getRecord(petId).name).toBe('Pepper');
  });

  it('lets an invited member accept the invitation without a session, once', async () => {
    const invite = staff.invite('Dora', 'volunteer');
    const accepted = await call('staff.acceptInvite', { code: invite.code, login: 'dora', password: PASSWORD }, {});
    expect(accepted).toMatchObject({ status: 200, body: { login: 'dora', role: 'volunteer' } });
    expect(
      (await call('staff.acceptInvite', { code: invite.code, login: 'dora2', password: PASSWORD }, {})).body.details,
    ).toEqual({ reason: 'invite_invalid' });
    expect((await call('staff.login', { login: 'dora', password: PASSWORD }, {})).status).toBe(200);
  });

  it('ends a session on logout, on deactivation, and applies a role change on the next call', async () => {
    const cookie = await login('manager');
    expect((await call('people.list', { environment: 'production', query: {} }, { cookie })).status).toBe(200);
    const manager = staff.list().find((member) => member.login === 'manager');
    staff.setRole(manager?.id ?? 0, 'volunteer');
    expect((await call('people.list', { environment: 'production', query: {} }, { cookie })).status).toBe(403);
    const logout = await call('staff.logout', {}, { cookie });
    expect(logout.setCookie).toContain('Max-Age=0');
    expect((await call('staff.me', {}, { cookie })).body).toMatchObject({ caller: 'nobody', me: null });
    expect((await call('people.list', { environment: 'production', query: {} }, { cookie })).status).toBe(401);
    const again = await login('manager');
    staff.deactivate(manager?.id ?? 0);
    expect((await call('staff.me', {}, { cookie: again })).body).toMatchObject({ caller: 'nobody', me: null });
    expect(
      (await call('pets.browse', { environment: 'production', query: {} }, { cookie: again })).body.details,
    ).toEqual({ reason: 'session_expired' });
  });
});

describe('a single desk', () => {
  it('needs no login: with team mode off the token alone opens every channel, and staff.login is refused without it', async () => {
    staff.disableTeam();
    try {
      expect((await call('pets.remove', { environment: 'production', id: 999_999 }, { token: true })).status).toBe(404);
      expect((await call('staff.me', {}, { token: true })).body).toEqual({
        teamMode: false,
        me: null,
        caller: 'desk',
        channels: [...ADMIN_CHANNEL_NAMES],
        language: null,
        shelterLanguage: null,
      });
      expect((await call('staff.me', {}, {})).status).toBe(401);
      expect((await call('staff.login', { login: 'owner', password: PASSWORD }, {})).status).toBe(401);
      expect(
        (await call('pets.browse', { environment: 'production', query: {} }, { cookie: cookies.get('owner') })).status,
      ).toBe(401);
    } finally {
      staff.enableTeam();
    }
  });
});
