/**
 * Pending invitations and current lockouts over the real admin server: owners list the invitations
 * waiting (who made each, its role, when it expires, never its code) and revoke them, which the audit
 * trail records; a used, revoked or expired invitation is no longer pending; owners see the lockouts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/shared/audit';
import { ManualClock } from '../../src/shared/clock';
import {
  INVITE_VALID_MS,
  LOGIN_LIMITS,
  type PendingInvite,
  type StaffInvite,
  type StaffLockout,
} from '../../src/shared/staff';
import { adminCalls } from '../helpers/admin-client';
import { startAdminHarness, type AdminHarness } from '../helpers/admin-host';

const TOKEN = 'test-token-invitations-0123456789abcdefgh';
const PASSWORD = 'a long shelter password';

let harness: AdminHarness;
let ownerCookie: string;
let ownerId: number;
const clock = new ManualClock(Date.UTC(2026, 11, 2, 9, 0, 30));
const { call, login } = adminCalls(() => harness, TOKEN, PASSWORD);
const owner = () => ({ cookie: ownerCookie });

beforeAll(async () => {
  harness = await startAdminHarness(TOKEN, { clock });
  const staff = harness.host.engine('production').services.staff;
  ownerId = (await staff.add({ name: 'Ana Owner', login: 'ana', role: 'owner', password: PASSWORD })).id;
  await staff.add({ name: 'Mia Manager', login: 'mia', role: 'manager', password: PASSWORD });
  ownerCookie = await login('ana');
}, 60_000);

afterAll(async () => {
  await harness?.stop();
});

describe('pending invitations', () => {
  it('lists who made each, its role and when it expires, never its code; the desk’s are the desk’s', async () => {
    const byOwner = (await call<StaffInvite>('staff.invite', { name: 'Cleo', role: 'volunteer' }, owner())).body;
    clock.advance(1_000);
    const byDesk = (await call<StaffInvite>('staff.invite', { name: 'Dan', role: 'staff' }, { token: true })).body;
    const listed = await call<PendingInvite[]>('staff.invitations', {}, owner());
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      {
        id: expect.any(Number),
        name: 'Cleo',
        role: 'volunteer',
        createdAt: clock.now() - 1_000,
        expiresAt: byOwner.expiresAt,
        invitedBy: { id: ownerId, name: 'Ana Owner' },
      },
      {
        id: expect.any(Number),
        name: 'Dan',
        role: 'staff',
        createdAt: clock.now(),
        expiresAt: byDesk.expiresAt,
        invitedBy: null,
      },
    ]);
    const text = JSON.stringify(listed.body);
    for (const code of [byOwner.code, byDesk.code]) expect(text).not.toContain(code.replace(/-/g, ''));
    expect((await call('staff.invitations', {}, { token: true })).body).toEqual(listed.body);
  });

  it('are the owners’: a manager is refused the list and the revocation', async () => {
    const manager = { cookie: await login('mia') };
    expect(await call('staff.invitations', {}, manager)).toMatchObject({
      status: 403,
      body: {
        code: 'forbidden',
        details: { reason: 'role_not_allowed', role: 'manager', channel: 'staff.invitations' },
      },
    });
    expect(await call('staff.revokeInvite', { id: 1 }, manager)).toMatchObject({
      status: 403,
      body: { details: { reason: 'role_not_allowed', channel: 'staff.revokeInvite' } },
    });
    expect(await call('staff.lockouts', {}, manager)).toMatchObject({
      status: 403,
      body: { details: { reason: 'role_not_allowed', channel: 'staff.lockouts' } },
    });
  });

  it('revokes one: its code works no more, it leaves the list, the trail records who did it; a second revocation is not found', async () => {
    const invite = (await call<StaffInvite>('staff.invite', { name: 'Eve', role: 'staff' }, owner())).body;
    const pending = (await call<PendingInvite[]>('staff.invitations', {}, owner())).body.find(
      (one) => one.name === 'Eve',
    );
    const revoked = await call<PendingInvite>('staff.revokeInvite', { id: pending?.id }, owner());
    expect(revoked).toMatchObject({ status: 200, body: { id: pending?.id, name: 'Eve', role: 'staff' } });
    expect((await call<PendingInvite[]>('staff.invitations', {}, owner())).body.map((one) => one.name)).not.toContain(
      'Eve',
    );
    expect(await call('staff.acceptInvite', { code: invite.code, login: 'eve', password: PASSWORD })).toMatchObject({
      status: 401,
      body: { code: 'unauthorized', details: { reason: 'invite_invalid' } },
    });
    expect(await call('staff.revokeInvite', { id: pending?.id }, owner())).toMatchObject({
      status: 404,
      body: { code: 'not_found', details: { missing: 'invitation', invitationId: pending?.id } },
    });
    const trail = (
      await call<AuditEntry[]>(
        'audit.list',
        { environment: 'production', filter: { channel: 'staff.revokeInvite' } },
        owner(),
      )
    ).body;
    expect(trail).toEqual([
      expect.objectContaining({
        staffId: ownerId,
        staffName: 'Ana Owner',
        record: String(pending?.id),
        input: { id: pending?.id },
      }),
    ]);
  });

  it('drops a used invitation and an expired one from the list', async () => {
    const used = (await call<StaffInvite>('staff.invite', { name: 'Finn', role: 'volunteer' }, owner())).body;
    expect((await call('staff.acceptInvite', { code: used.code, login: 'finn', password: PASSWORD })).status).toBe(200);
    expect((await call<PendingInvite[]>('staff.invitations', {}, owner())).body.map((one) => one.name)).toEqual([
      'Cleo',
      'Dan',
    ]);
    clock.advance(INVITE_VALID_MS);
    // A week on, the owner's session has idled out: the desk reads it.
    expect((await call<PendingInvite[]>('staff.invitations', {}, { token: true })).body).toEqual([]);
  });
});

describe('lockouts', () => {
  it('shows owners a login locked by wrong passwords, until its window ends', async () => {
    clock.advance(60_000);
    ownerCookie = await login('ana');
    for (let attempt = 0; attempt < LOGIN_LIMITS.perLogin.perMinute; attempt++)
      await call('staff.login', { login: 'mia', password: 'not her password' });
    const lockouts = await call<StaffLockout[]>('staff.lockouts', {}, owner());
    expect(lockouts.status).toBe(200);
    // Mia held a session from this address a week ago: the brake locked is that address's own for her login.
    expect(lockouts.body).toContainEqual({
      kind: 'login',
      subject: 'mia',
      address: expect.stringContaining('127.0.0.1'),
      until: Math.floor(clock.now() / 60_000) * 60_000 + 60_000,
    });
  });
});
