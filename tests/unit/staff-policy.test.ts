/**
 * The one role policy: every admin channel × every role. A channel without a rule in
 * CHANNEL_POLICY fails here by name (and the typecheck fails too: the table is a Record over the
 * channel union); so does a channel this test has no expectation for, so a new area is decided here.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN_CHANNEL_NAMES, type AdminChannelName } from '../../src/shared/admin-channels';
import type { Dose, DueList } from '../../src/shared/care';
import { STAFF_ROLES, type StaffMember, type StaffRole } from '../../src/shared/staff';
import { dispatchAdmin, type AdminHandlers } from '../../src/main/admin/dispatch';
import { DESK_CALL, type TeamGate } from '../../src/main/staff/access';
import { CHANNEL_POLICY, mayCall } from '../../src/main/staff/policy';

/** What each role may do, written apart from the table: by area, from the roles as docs/guide/team.md describes them. */
const VOLUNTEER_READS = new Set([
  'servers.status',
  'categories.list',
  'shelter.get',
  'pets.browse',
  'pets.history',
  'pets.profile',
  'photos.list',
  'care.due',
  'care.upToDate',
  // Lost and found, without the reporter's contact: a volunteer may recognise a stray.
  'lostFound.list',
  'lostFound.get',
  'lostFound.ofPet',
  'lostFound.waiting',
  'lostFound.photo',
]);
/** The care marks a volunteer records: the due list's "Given" (one dose or a round) and "Skip"; not the medical record. And the animal's photos, from the phone. */
const VOLUNTEER_MARKS = new Set(['care.give', 'care.skip', 'photos.add']);
/** A foster: a volunteer's reads and marks for the animals placed with them (each channel's scope), without the status history of the shelter's stays. */
/** …nor lost and found's reports, which are about other people's animals. */
const FOSTER_CALLS = new Set(
  [...VOLUNTEER_READS, ...VOLUNTEER_MARKS].filter(
    (channel) => channel !== 'pets.history' && !channel.startsWith('lostFound.'),
  ),
);
const OUTBOX_SETUP = new Set([
  'outbox.configure',
  'outbox.saveTemplate',
  'outbox.testTemplate',
  'outbox.setAutomation',
  'outbox.setNotice',
]);
const SELF = new Set(['staff.logout', 'staff.changePassword', 'staff.setLanguage']);
/** Before logging in: the login, an invitation, asking who one is (the window's login page), and the shelter server's address. */
const OPEN = new Set(['staff.login', 'staff.acceptInvite', 'staff.me', 'team.server']);
/** The desk's alone (its token, the desktop app): no member, not even an owner; a folder of the server's disk is the desk's choice. */
const DESK_ONLY = new Set(['staff.setupOwner', 'team.setEnabled', 'deploys.fromFolder']);
const API_AREAS = new Set(['accounts', 'keys', 'plans', 'usage', 'bans', 'console', 'lab']);
const STAFF_AREAS = new Set([
  'categories',
  'pets',
  'portals',
  'shelter',
  'photos',
  'projects',
  'deploys',
  'domains',
  'certificates',
  'movements',
  'people',
  'care',
  // The front door: its forms and the review queue; a volunteer sees no submission.
  'forms',
  'applications',
  'lostFound',
  // Contracts signed on the spot: the adopter's details and hand; staff only.
  'contracts',
]);

/** The outbox's set-up: its provider, the automatic messages' words and switches, who is told of what. */
function expected(role: StaffRole | null, channel: AdminChannelName): boolean | undefined {
  const area = channel.split('.')[0] ?? '';
  if (OPEN.has(channel)) return true;
  if (role === null || DESK_ONLY.has(channel)) return false;
  if (SELF.has(channel) || channel === 'servers.status') return true;
  if (role === 'owner') return true;
  if (area === 'staff' || area === 'settings') return false;
  if (API_AREAS.has(area)) return role === 'manager' || role === 'api-admin';
  if (area === 'reports' || area === 'audit') return role === 'manager';
  if (area === 'backups') return role === 'manager' && channel !== 'backups.configure';
  // The outbox holds addresses and what was said to people: staff read and retry, managers set it up
  // (the provider, the automatic messages' words, what goes out and who is told); never volunteers or API admins.
  if (area === 'outbox') return role === 'manager' || (role === 'staff' && !OUTBOX_SETUP.has(channel));
  if (!STAFF_AREAS.has(area)) return undefined;
  if (role === 'volunteer') return VOLUNTEER_READS.has(channel) || VOLUNTEER_MARKS.has(channel);
  if (role === 'foster') return FOSTER_CALLS.has(channel);
  if (role === 'api-admin') return channel === 'categories.list' || channel === 'shelter.get';
  return true;
}

const member = (role: StaffRole): StaffMember => ({ id: 1, name: role, login: role, role, active: true, createdAt: 0 });

describe('the role policy', () => {
  it('has a rule for every admin channel', () => {
    const missing = ADMIN_CHANNEL_NAMES.filter((channel) => !Object.hasOwn(CHANNEL_POLICY, channel));
    expect(
      missing,
      `These admin channels have no rule in CHANNEL_POLICY (src/main/staff/policy.ts); add one for each: ${missing.join(', ')}`,
    ).toEqual([]);
  });

  it('has an expectation in this test for every admin channel', () => {
    const undecided = ADMIN_CHANNEL_NAMES.filter((channel) => expected('staff', channel) === undefined);
    expect(
      undecided,
      `These admin channels have no expectation in tests/unit/staff-policy.test.ts: ${undecided.join(', ')}`,
    ).toEqual([]);
  });

  it.each([...STAFF_ROLES, null])('lets %s call exactly what its role allows', (role) => {
    const wrong = ADMIN_CHANNEL_NAMES.filter((channel) => mayCall(role, channel) !== expected(role, channel)).map(
      (channel) => `${channel}: policy ${mayCall(role, channel)}, expected ${expected(role, channel)}`,
    );
    expect(wrong).toEqual([]);
  });

  it('keeps the team to its owners, and team mode off and on to the desk alone', () => {
    for (const channel of ['staff.reactivate', 'staff.setPassword', 'staff.rename'] as const)
      expect(
        STAFF_ROLES.filter((role) => mayCall(role, channel)),
        channel,
      ).toEqual(['owner']);
    expect(STAFF_ROLES.filter((role) => mayCall(role, 'team.setEnabled'))).toEqual([]);
  });

  it('names, on every channel a foster may call, how the foster is kept to their animals', () => {
    const unscoped = ADMIN_CHANNEL_NAMES.filter(
      (channel) => CHANNEL_POLICY[channel].roles !== 'anyone' && mayCall('foster', channel),
    ).filter((channel) => CHANNEL_POLICY[channel].forFoster === undefined);
    expect(unscoped).toEqual([]);
  });

  it('gives a volunteer no removal and no people', () => {
    const allowed = ADMIN_CHANNEL_NAMES.filter((channel) => mayCall('volunteer', channel));
    expect(allowed.filter((channel) => /remove|forget|revoke|deactivate|people\./.test(channel))).toEqual([]);
  });
});

/** Handlers that answer with their channel's name, for the dispatch's own checks. */
const echo = new Proxy({}, { get: (_target, channel) => () => ({ ran: channel }) }) as AdminHandlers;
const gate = (teamMode: boolean): TeamGate => ({ teamMode: () => teamMode, session: (id) => member(id as StaffRole) });

describe('the admin dispatch', () => {
  it('on a single desk allows every channel, as before team mode (no login)', async () => {
    for (const channel of ADMIN_CHANNEL_NAMES) {
      const result = await dispatchAdmin(echo, channel, {}, DESK_CALL, gate(false));
      if (!result.ok) expect(result.error.code, channel).toBe('validation_failed');
    }
  });

  it('in team mode walks every channel × every role through the policy', async () => {
    for (const role of STAFF_ROLES) {
      for (const channel of ADMIN_CHANNEL_NAMES) {
        const result = await dispatchAdmin(
          echo,
          channel,
          {},
          { credential: { kind: 'session', id: role }, address: null },
          gate(true),
        );
        const refused = !result.ok && result.error.code === 'forbidden';
        expect(refused, `${role} × ${channel}`).toBe(!mayCall(role, channel));
        if (refused)
          expect(result.error.details).toEqual(
            CHANNEL_POLICY[channel].deskOnly
              ? { reason: 'desk_only', channel }
              : { reason: 'role_not_allowed', role, channel },
          );
      }
    }
  });

  it('in team mode refuses a call without a session but the login, and lets the desk through', async () => {
    const none = { credential: { kind: 'none' }, address: '127.0.0.1' } as const;
    expect(
      await dispatchAdmin(echo, 'pets.browse', { environment: 'production', query: {} }, none, gate(true)),
    ).toMatchObject({ ok: false, error: { code: 'unauthorized', details: { reason: 'login_required' } } });
    expect(await dispatchAdmin(echo, 'staff.login', { login: 'ana', password: 'x' }, none, gate(true))).toEqual({
      ok: true,
      value: { ran: 'staff.login' },
    });
    expect(await dispatchAdmin(echo, 'settings.get', {}, DESK_CALL, gate(true))).toEqual({
      ok: true,
      value: { ran: 'settings.get' },
    });
  });
});

describe("a volunteer's care marks", () => {
  const dose: Dose = {
    id: 4,
    petId: 1,
    vaccine: 'DHPP',
    status: 'given',
    dueDate: '2026-11-27',
    followsAge: false,
    givenDate: '2026-11-27',
    expiresDate: null,
    batch: 'LOT-1',
    manufacturer: null,
    givenBy: 'Vera',
    vet: { id: 3, name: 'Dr Eulalia Quist', forgotten: false },
    skipReason: null,
    notes: 'PRIVATE-NOTE-hernia',
    protocolStep: 1,
    createdAt: 0,
  };
  const due: DueList = {
    today: '2026-11-27',
    until: '2026-12-04',
    overdue: [],
    dueToday: [
      { dose: { ...dose, status: 'scheduled' }, petName: 'Ace', category: 'Dogs', bucket: 'today', overdueDays: 0 },
    ],
    soon: [],
  };
  const care = new Proxy(
    {},
    {
      get: (_target, channel) => () =>
        channel === 'care.give' ? { doses: [dose] } : channel === 'care.due' ? due : dose,
    },
  ) as AdminHandlers;
  const as = (role: StaffRole) => ({ credential: { kind: 'session', id: role }, address: null }) as const;
  const round = (extra: object) => ({
    environment: 'production',
    round: { doses: [{ petId: 1, vaccine: 'DHPP', batch: 'LOT-1', doseId: 4 }], ...extra },
  });

  it('lets a volunteer give and skip a dose, and nothing else of the medical record', () => {
    const marks = ADMIN_CHANNEL_NAMES.filter((channel) => channel.startsWith('care.') && mayCall('volunteer', channel));
    expect(marks).toEqual(['care.due', 'care.upToDate', 'care.give', 'care.skip']);
  });

  it('refuses a vet or medical notes from a volunteer, naming the field; staff may send both', async () => {
    expect(await dispatchAdmin(care, 'care.give', round({ vetId: 3 }), as('volunteer'), gate(true))).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: 'forbidden',
        details: { reason: 'field_not_allowed', role: 'volunteer', channel: 'care.give', field: 'round.vetId' },
      }),
    });
    expect(
      await dispatchAdmin(care, 'care.give', round({ notes: 'sneezed' }), as('volunteer'), gate(true)),
    ).toMatchObject({ ok: false, error: { details: { field: 'round.notes' } } });
    expect(
      await dispatchAdmin(care, 'care.give', round({ vetId: 3, notes: 'sneezed' }), as('staff'), gate(true)),
    ).toMatchObject({
      ok: true,
      value: { doses: [{ vet: { name: 'Dr Eulalia Quist' }, notes: 'PRIVATE-NOTE-hernia' }] },
    });
  });

  it("answers a volunteer's due list, round and skip without the vet or the medical notes", async () => {
    const answers = [
      await dispatchAdmin(care, 'care.give', round({ givenBy: 'Vera' }), as('volunteer'), gate(true)),
      await dispatchAdmin(
        care,
        'care.skip',
        { environment: 'production', skip: { doseId: 4, reason: 'She is poorly' } },
        as('volunteer'),
        gate(true),
      ),
      await dispatchAdmin(care, 'care.due', { environment: 'production', query: {} }, as('volunteer'), gate(true)),
    ];
    for (const answer of answers) {
      expect(answer.ok).toBe(true);
      expect(JSON.stringify(answer)).toContain('LOT-1');
      expect(JSON.stringify(answer)).not.toMatch(/Quist|PRIVATE-NOTE|"vet"|"notes"/);
    }
  });
});
