import { createHash, randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Clock } from '../../shared/clock';
import type { PublishedLanguage } from '../../shared/shelter';
import { AppError } from '../../shared/errors';
import {
  DESK_NAME_REFUSAL,
  DESK_NAME_RULE,
  INVITE_VALID_MS,
  isDeskName,
  KNOWN_ADDRESS_MS,
  LOGIN_LIMITS,
  SESSION_IDLE_MS,
  type PendingInvite,
  type StaffInvite,
  type StaffLockout,
  type StaffMember,
  type StaffRole,
} from '../../shared/staff';
import type { Changes } from '../db/changes';
import { hashPassword, UNMATCHABLE_HASH, verifyPassword } from './passwords';
import { StaffPersonLinks } from './person-links';
import { StaffStore, type StoredMember } from './store';
import { AttemptThrottle } from './throttle';

/** A session's last-seen time is written at most this often: a call per click need not write each time. */
const TOUCH_EVERY_MS = 60_000;
/** Sessions remembered between calls; beyond this the memory starts over (they are read again). */
const MAX_REMEMBERED = 10_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');
const shown = ({ passwordHash: _hash, ...member }: StoredMember): StaffMember => member;
/** Crockford's base32 without look-alikes, read aloud or typed from a note. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function inviteCode(): string {
  const bytes = randomBytes(16);
  const chars = [...bytes].map((byte) => CODE_ALPHABET[byte % 32]).join('');
  return chars.match(/.{4}/g)?.join('-') ?? chars;
}

/** A member named as the desk would have their audit entries mixed with the desk's (`audit list --staff desk`). */
function refuseDeskName(name: string): void {
  if (isDeskName(name))
    throw new AppError('validation_failed', `name: ${DESK_NAME_RULE}`, { details: DESK_NAME_REFUSAL });
}

/** Upper-case, dashes and spaces dropped: a code typed as read matches. */
const normalCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

export interface StartedSession {
  member: StaffMember;
  /** The random id for the cookie; only its hash is stored. */
  sessionId: string;
}

/**
 * Staff, their passwords, sessions and invitations, and whether the data dir runs as a team.
 * Lives in the production engine (docs/decisions.md). Attempts at a password or an
 * invitation code are counted per login, per address and per invitation (LOGIN_LIMITS), successful or
 * not, on the engine's real clock (staff/throttle.ts), never the quota lab's.
 *
 * Every admin call asks for team mode and its session, so both are remembered in memory and
 * forgotten on any write here and on any change topic (the engine fires them all when another
 * process, the CLI, wrote: a deactivation there ends the session here within 50 ms).
 */
export class StaffService {
  readonly store: StaffStore;
  /** Which person of the register each login is (a foster's animals are that person's). */
  readonly people: StaffPersonLinks;
  private readonly attempts: AttemptThrottle;
  private rememberedTeamMode: boolean | undefined;
  private readonly remembered = new Map<string, { member: StaffMember; lastSeenAt: number }>();

  constructor(
    sqlite: Database.Database,
    private readonly clock: Clock,
    changes: Changes,
  ) {
    this.store = new StaffStore(sqlite);
    this.people = new StaffPersonLinks(sqlite);
    this.attempts = new AttemptThrottle(sqlite, clock);
    changes.on(() => this.forget());
  }

  teamMode(): boolean {
    this.rememberedTeamMode ??= this.store.teamMode();
    return this.rememberedTeamMode;
  }

  /** Drops what is remembered of team mode and sessions: they are read again on the next call. */
  private forget(): void {
    this.rememberedTeamMode = undefined;
    this.remembered.clear();
  }

  /** Team mode needs someone who can log in and manage the team: an active owner. */
  enableTeam(): void {
    if (this.store.activeOwners() === 0)
      throw new AppError('conflict', 'Team mode needs an active owner first.', { details: { reason: 'no_owner' } });
    this.store.setTeamMode(true);
    this.forget();
  }

  /** Back to a single desk: no logins, every session ends (none comes back when team mode does); the accounts are kept for the next time. */
  disableTeam(): void {
    this.store.transaction(() => {
      this.store.setTeamMode(false);
      this.store.deleteSessions();
    });
    this.forget();
  }

  list(): StaffMember[] {
    return this.store.list().map(shown);
  }

  get(id: number): StaffMember {
    return shown(this.member(id));
  }

  /** Adds a member; the first active owner turns team mode on (docs/decisions.md). */
  async add(fields: { name: string; login: string; role: StaffRole; password: string }): Promise<StaffMember> {
    refuseDeskName(fields.name);
    const passwordHash = await hashPassword(fields.password);
    const id = this.store.transaction(() => {
      this.refuseTakenLogin(fields.login);
      const firstOwner = fields.role === 'owner' && this.store.activeOwners() === 0;
      const added = this.store.insert(
        { name: fields.name, login: fields.login, role: fields.role, passwordHash },
        this.clock.now(),
      );
      if (firstOwner) this.store.setTeamMode(true);
      return added;
    });
    this.forget();
    return this.get(id);
  }

  /** The first owner, while the data dir has no staff at all (made at the desk); team mode starts with them. */
  async setupOwner(fields: { name: string; login: string; password: string }): Promise<StaffMember> {
    refuseDeskName(fields.name);
    const passwordHash = await hashPassword(fields.password);
    const id = this.store.transaction(() => {
      if (this.store.members() > 0)
        throw new AppError('conflict', 'This data dir has staff already: owners invite the others.', {
          details: { reason: 'team_exists' },
        });
      const added = this.store.insert(
        { name: fields.name, login: fields.login, role: 'owner', passwordHash },
        this.clock.now(),
      );
      this.store.setTeamMode(true);
      return added;
    });
    this.forget();
    return this.get(id);
  }

  setRole(id: number, role: StaffRole): StaffMember {
    return this.store.transaction(() => {
      const member = this.member(id);
      if (member.role === 'owner' && role !== 'owner') this.refuseLastOwner(member);
      this.store.setRole(id, role);
      this.forget();
      return this.get(id);
    });
  }

  /** Deactivates a member and ends their sessions at once; the last active owner stays. */
  deactivate(id: number): StaffMember {
    return this.store.transaction(() => {
      const member = this.member(id);
      if (member.role === 'owner') this.refuseLastOwner(member);
      this.store.deactivate(id);
      this.forget();
      return this.get(id);
    });
  }

  /** A deactivated member comes back (a seasonal volunteer): they log in again with their login and password as they were. */
  reactivate(id: number): StaffMember {
    return this.store.transaction(() => {
      // A member named as the desk before the rule comes back only under another name.
      refuseDeskName(this.member(id).name);
      this.store.reactivate(id);
      this.forget();
      return this.get(id);
    });
  }

  /** A name mistyped at the invitation; the login and the audit trail's past entries stay as they were. */
  rename(id: number, name: string): StaffMember {
    refuseDeskName(name);
    return this.store.transaction(() => {
      this.member(id);
      this.store.rename(id, name.trim());
      this.forget();
      return this.get(id);
    });
  }

  /** The language the window speaks to the member; null until they choose (the window then picks one). */
  language(id: number): PublishedLanguage | null {
    return this.store.languageOf(id);
  }

  setLanguage(id: number, language: PublishedLanguage | null): void {
    this.member(id);
    this.store.setLanguage(id, language);
  }

  /** Sets a member's password (an owner's reset, the CLI); every session of theirs ends. */
  async setPassword(id: number, password: string): Promise<void> {
    this.member(id);
    this.store.setPassword(id, await hashPassword(password), this.clock.now());
    this.forget();
  }

  /** A member's own change: the current password first, its guesses braked as a login's; every session ends, this one too. */
  async changeOwnPassword(id: number, current: string, password: string, address: string | null = null): Promise<void> {
    const member = this.member(id);
    this.throttleAddress(address);
    this.attempts.admit({ kind: 'password', subject: member.login, address: '' }, LOGIN_LIMITS.perLogin);
    if (!(await verifyPassword(current, member.passwordHash))) {
      throw new AppError('unauthorized', 'The current password is wrong.', { details: { reason: 'password_wrong' } });
    }
    await this.setPassword(id, password);
  }

  /** Checks the password and starts a session; a wrong login or password is one refusal, told alike. */
  async login(login: string, password: string, address: string | null): Promise<StartedSession> {
    this.throttleAddress(address);
    const member = this.store.byLogin(login);
    // From where the member held a session lately, the login has a brake of its own: strangers elsewhere cannot lock them out.
    const known =
      address !== null &&
      member !== undefined &&
      this.store.knownAddress(member.id, address, this.clock.now() - KNOWN_ADDRESS_MS);
    this.attempts.admit({ kind: 'login', subject: login, address: known ? address : '' }, LOGIN_LIMITS.perLogin);
    // An unknown login costs the same scrypt as a known one, so the time tells nothing.
    const matches = await verifyPassword(password, member?.passwordHash ?? UNMATCHABLE_HASH);
    if (!member || !matches || !member.active) {
      throw new AppError('unauthorized', 'The login or the password is wrong, or the account is not active.', {
        details: { reason: 'login_failed' },
      });
    }
    const sessionId = randomBytes(32).toString('base64url');
    this.store.transaction(() => {
      this.store.insertSession(sha256(sessionId), member.id, this.clock.now(), address);
      if (address !== null) this.store.rememberAddress(member.id, address, this.clock.now());
    });
    return { member: shown(member), sessionId };
  }

  /** The member a session belongs to, now; a session idle too long, or of a deactivated member, is gone. */
  session(sessionId: string): StaffMember {
    const idHash = sha256(sessionId);
    const now = this.clock.now();
    const found = this.remembered.get(idHash) ?? this.readSession(idHash);
    if (!found || !found.member.active || now - found.lastSeenAt >= SESSION_IDLE_MS) {
      if (found) this.logout(sessionId);
      throw new AppError('unauthorized', 'The session has ended; log in again.', {
        details: { reason: 'session_expired' },
      });
    }
    if (now - found.lastSeenAt >= TOUCH_EVERY_MS) {
      this.store.touchSession(idHash, now);
      found.lastSeenAt = now;
    }
    return found.member;
  }

  /** Whether a session still stands, without counting as activity: an open live-updates stream must not keep it from idling out. */
  sessionStands(sessionId: string): boolean {
    const found = this.remembered.get(sha256(sessionId)) ?? this.readSession(sha256(sessionId));
    return found !== undefined && found.member.active && this.clock.now() - found.lastSeenAt < SESSION_IDLE_MS;
  }

  private readSession(idHash: string): { member: StaffMember; lastSeenAt: number } | undefined {
    const stored = this.store.session(idHash);
    if (!stored) return undefined;
    if (this.remembered.size >= MAX_REMEMBERED) this.remembered.clear();
    const entry = { member: shown(stored.member), lastSeenAt: stored.lastSeenAt };
    this.remembered.set(idHash, entry);
    return entry;
  }

  logout(sessionId: string): void {
    const idHash = sha256(sessionId);
    this.store.deleteSession(idHash);
    this.remembered.delete(idHash);
  }

  /** A one-time code for a new member with this role, made by `invitedBy` (null: the desk), linked to a person of the register if given; only its hash is kept. */
  invite(name: string, role: StaffRole, invitedBy: number | null = null, personId?: number): StaffInvite {
    refuseDeskName(name);
    const code = inviteCode();
    const now = this.clock.now();
    const expiresAt = now + INVITE_VALID_MS;
    this.store.transaction(() => {
      const id = this.store.insertInvite(sha256(normalCode(code)), name, role, now, expiresAt, invitedBy);
      if (personId !== undefined) this.people.linkInvite(id, personId);
    });
    return { code, name, role, expiresAt };
  }

  /** The invitations still waiting for their member, oldest first. */
  pendingInvites(): PendingInvite[] {
    return this.store.pendingInvites(this.clock.now());
  }

  /** Takes back a pending invitation: its code works no more. */
  revokeInvite(id: number): PendingInvite {
    const invite = this.pendingInvites().find((pending) => pending.id === id);
    if (!invite || !this.store.revokeInvite(id, this.clock.now())) {
      throw new AppError('not_found', `There is no pending invitation ${id}.`, {
        details: { missing: 'invitation', invitationId: id },
      });
    }
    return invite;
  }

  /** The brakes that refuse attempts now. */
  lockouts(): StaffLockout[] {
    return this.attempts.lockouts();
  }

  /**
   * Makes the invited member with their own login and password; the code then works no more. A taken
   * login leaves the code usable (the invitee picks another), so each code's attempts are braked, and
   * every code tried from an address counts against it.
   */
  async acceptInvite(
    code: string,
    login: string,
    password: string,
    address: string | null = null,
  ): Promise<StaffMember> {
    const codeHash = sha256(normalCode(code));
    const invalid = () =>
      new AppError('unauthorized', 'This invitation code is wrong, used or expired.', {
        details: { reason: 'invite_invalid' },
      });
    this.throttleAddress(address);
    const open = this.openInvite(codeHash);
    if (!open) throw invalid();
    this.attempts.admit({ kind: 'invitation', subject: String(open.id), address: '' }, LOGIN_LIMITS.perInvitation);
    const passwordHash = await hashPassword(password);
    const id = this.store.transaction(() => {
      const invite = this.openInvite(codeHash);
      if (!invite) throw invalid();
      // An invitation made before names were checked for the desk's may still name it.
      refuseDeskName(invite.name);
      this.refuseTakenLogin(login);
      const added = this.store.insert({ name: invite.name, login, role: invite.role, passwordHash }, this.clock.now());
      if (!this.store.useInvite(invite.id, added, this.clock.now())) throw invalid();
      return added;
    });
    return this.get(id);
  }

  private openInvite(codeHash: string) {
    const invite = this.store.invite(codeHash);
    return invite && invite.usedAt === null && invite.revokedAt === null && invite.expiresAt > this.clock.now()
      ? invite
      : undefined;
  }

  /** Every password or code tried from an address counts against it; none through IPC, which has no address. */
  private throttleAddress(address: string | null): void {
    if (address !== null) this.attempts.admit({ kind: 'address', subject: '', address }, LOGIN_LIMITS.perAddress);
  }

  private member(id: number): StoredMember {
    const member = this.store.get(id);
    if (!member)
      throw new AppError('not_found', `There is no member of staff ${id}.`, {
        details: { missing: 'staff', staffId: id },
      });
    return member;
  }

  private refuseTakenLogin(login: string): void {
    if (this.store.byLogin(login))
      throw new AppError('conflict', `The login ${login} is taken.`, { details: { reason: 'login_taken', login } });
  }

  private refuseLastOwner(member: StoredMember): void {
    if (member.active && this.store.activeOwners() <= 1) {
      throw new AppError('conflict', 'The team keeps at least one active owner.', {
        details: { reason: 'last_owner', staffId: member.id },
      });
    }
  }
}
