import type Database from 'better-sqlite3';
import type { PublishedLanguage } from '../../shared/shelter';
import type { PendingInvite, StaffMember, StaffRole } from '../../shared/staff';

interface MemberRow {
  id: number;
  name: string;
  login: string;
  role: StaffRole;
  active: number;
  createdAt: number;
  passwordHash: string;
}

export interface StoredMember extends StaffMember {
  passwordHash: string;
}

export interface StoredSession {
  lastSeenAt: number;
  member: StoredMember;
}

export interface StoredInvite {
  id: number;
  name: string;
  role: StaffRole;
  expiresAt: number;
  usedAt: number | null;
  revokedAt: number | null;
}

const MEMBER = 'id, name, login, role, active, created_at AS createdAt, password_hash AS passwordHash';
const TEAM_MODE_KEY = 'team_mode';

const member = (row: MemberRow): StoredMember => ({ ...row, active: row.active === 1 });

interface PendingInviteRow extends Omit<PendingInvite, 'invitedBy'> {
  invitedById: number | null;
  invitedByName: string | null;
}

/** The staff tables (migrations 0016 and 0022) and the team-mode flag in `meta`; SQL only, no rules. */
export class StaffStore {
  private readonly statements;

  constructor(private readonly sqlite: Database.Database) {
    this.statements = {
      teamMode: sqlite.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?'),
      setTeamMode: sqlite.prepare(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      ),
      byId: sqlite.prepare<[number], MemberRow>(`SELECT ${MEMBER} FROM staff_members WHERE id = ?`),
      byLogin: sqlite.prepare<[string], MemberRow>(`SELECT ${MEMBER} FROM staff_members WHERE login = ?`),
      all: sqlite.prepare<[], MemberRow>(`SELECT ${MEMBER} FROM staff_members ORDER BY id`),
      members: sqlite.prepare<[], { n: number }>('SELECT count(*) AS n FROM staff_members'),
      activeOwners: sqlite.prepare<[], { n: number }>(
        "SELECT count(*) AS n FROM staff_members WHERE role = 'owner' AND active = 1",
      ),
      insert: sqlite.prepare(
        'INSERT INTO staff_members (name, login, role, active, password_hash, created_at, password_changed_at) VALUES (?, ?, ?, 1, ?, ?, ?)',
      ),
      setRole: sqlite.prepare('UPDATE staff_members SET role = ? WHERE id = ?'),
      deactivate: sqlite.prepare('UPDATE staff_members SET active = 0 WHERE id = ?'),
      reactivate: sqlite.prepare('UPDATE staff_members SET active = 1 WHERE id = ?'),
      rename: sqlite.prepare('UPDATE staff_members SET name = ? WHERE id = ?'),
      language: sqlite.prepare<[number], { language: PublishedLanguage | null }>(
        'SELECT language FROM staff_members WHERE id = ?',
      ),
      setLanguage: sqlite.prepare('UPDATE staff_members SET language = ? WHERE id = ?'),
      setPassword: sqlite.prepare('UPDATE staff_members SET password_hash = ?, password_changed_at = ? WHERE id = ?'),
      session: sqlite.prepare<[string], MemberRow & { lastSeenAt: number }>(
        `SELECT m.id, m.name, m.login, m.role, m.active, m.created_at AS createdAt, m.password_hash AS passwordHash, s.last_seen_at AS lastSeenAt
         FROM staff_sessions s JOIN staff_members m ON m.id = s.staff_id WHERE s.id_hash = ?`,
      ),
      insertSession: sqlite.prepare(
        'INSERT INTO staff_sessions (id_hash, staff_id, created_at, last_seen_at, address) VALUES (?, ?, ?, ?, ?)',
      ),
      touchSession: sqlite.prepare('UPDATE staff_sessions SET last_seen_at = ? WHERE id_hash = ?'),
      rememberAddress: sqlite.prepare(
        'INSERT INTO staff_known_addresses (staff_id, address, last_seen_at) VALUES (?, ?, ?) ON CONFLICT (staff_id, address) DO UPDATE SET last_seen_at = excluded.last_seen_at',
      ),
      rememberSessionAddress: sqlite.prepare(
        `INSERT INTO staff_known_addresses (staff_id, address, last_seen_at) SELECT staff_id, address, ? FROM staff_sessions WHERE id_hash = ? AND address IS NOT NULL
         ON CONFLICT (staff_id, address) DO UPDATE SET last_seen_at = excluded.last_seen_at`,
      ),
      knownAddress: sqlite.prepare<[number, string, number], { n: number }>(
        'SELECT count(*) AS n FROM staff_known_addresses WHERE staff_id = ? AND address = ? AND last_seen_at >= ?',
      ),
      deleteSession: sqlite.prepare('DELETE FROM staff_sessions WHERE id_hash = ?'),
      deleteSessionsOf: sqlite.prepare('DELETE FROM staff_sessions WHERE staff_id = ?'),
      deleteSessions: sqlite.prepare('DELETE FROM staff_sessions'),
      insertInvite: sqlite.prepare(
        'INSERT INTO staff_invites (code_hash, name, role, created_at, expires_at, invited_by) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      invite: sqlite.prepare<[string], StoredInvite>(
        'SELECT id, name, role, expires_at AS expiresAt, used_at AS usedAt, revoked_at AS revokedAt FROM staff_invites WHERE code_hash = ?',
      ),
      pendingInvites: sqlite.prepare<[number], PendingInviteRow>(
        `SELECT i.id, i.name, i.role, i.created_at AS createdAt, i.expires_at AS expiresAt, i.invited_by AS invitedById, m.name AS invitedByName
         FROM staff_invites i LEFT JOIN staff_members m ON m.id = i.invited_by WHERE i.used_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > ? ORDER BY i.id`,
      ),
      revokeInvite: sqlite.prepare(
        'UPDATE staff_invites SET revoked_at = ? WHERE id = ? AND used_at IS NULL AND revoked_at IS NULL AND expires_at > ?',
      ),
      useInvite: sqlite.prepare('UPDATE staff_invites SET used_at = ?, used_by = ? WHERE id = ? AND used_at IS NULL'),
    };
  }

  teamMode(): boolean {
    return this.statements.teamMode.get(TEAM_MODE_KEY)?.value === 'on';
  }

  setTeamMode(on: boolean): void {
    this.statements.setTeamMode.run(TEAM_MODE_KEY, on ? 'on' : 'off');
  }

  get(id: number): StoredMember | undefined {
    const row = this.statements.byId.get(id);
    return row && member(row);
  }

  byLogin(login: string): StoredMember | undefined {
    const row = this.statements.byLogin.get(login);
    return row && member(row);
  }

  list(): StoredMember[] {
    return this.statements.all.all().map(member);
  }

  /** Every member ever added, active or not. */
  members(): number {
    return this.statements.members.get()?.n ?? 0;
  }

  activeOwners(): number {
    return this.statements.activeOwners.get()?.n ?? 0;
  }

  insert(fields: { name: string; login: string; role: StaffRole; passwordHash: string }, now: number): number {
    return Number(
      this.statements.insert.run(fields.name, fields.login, fields.role, fields.passwordHash, now, now).lastInsertRowid,
    );
  }

  setRole(id: number, role: StaffRole): void {
    this.statements.setRole.run(role, id);
  }

  /** Deactivates and ends every session, in one transaction. */
  deactivate(id: number): void {
    this.sqlite.transaction(() => {
      this.statements.deactivate.run(id);
      this.statements.deleteSessionsOf.run(id);
    })();
  }

  reactivate(id: number): void {
    this.statements.reactivate.run(id);
  }

  rename(id: number, name: string): void {
    this.statements.rename.run(name, id);
  }

  languageOf(id: number): PublishedLanguage | null {
    return this.statements.language.get(id)?.language ?? null;
  }

  setLanguage(id: number, language: PublishedLanguage | null): void {
    this.statements.setLanguage.run(language, id);
  }

  /** A new password ends every session of the member, in the same transaction. */
  setPassword(id: number, passwordHash: string, now: number): void {
    this.sqlite.transaction(() => {
      this.statements.setPassword.run(passwordHash, now, id);
      this.statements.deleteSessionsOf.run(id);
    })();
  }

  session(idHash: string): StoredSession | undefined {
    const row = this.statements.session.get(idHash);
    return row && { lastSeenAt: row.lastSeenAt, member: member(row) };
  }

  /** Every session of every member: team mode turned off logs everyone out. */
  deleteSessions(): void {
    this.statements.deleteSessions.run();
  }

  insertSession(idHash: string, staffId: number, now: number, address: string | null): void {
    this.statements.insertSession.run(idHash, staffId, now, now, address);
  }

  /** A session's last call, which also keeps its address known to its member. */
  touchSession(idHash: string, now: number): void {
    this.statements.touchSession.run(now, idHash);
    this.statements.rememberSessionAddress.run(now, idHash);
  }

  rememberAddress(staffId: number, address: string, now: number): void {
    this.statements.rememberAddress.run(staffId, address, now);
  }

  /** Whether the member held a session from `address` since `since`. */
  knownAddress(staffId: number, address: string, since: number): boolean {
    return (this.statements.knownAddress.get(staffId, address, since)?.n ?? 0) > 0;
  }

  deleteSession(idHash: string): void {
    this.statements.deleteSession.run(idHash);
  }

  insertInvite(
    codeHash: string,
    name: string,
    role: StaffRole,
    now: number,
    expiresAt: number,
    invitedBy: number | null,
  ): number {
    return Number(this.statements.insertInvite.run(codeHash, name, role, now, expiresAt, invitedBy).lastInsertRowid);
  }

  /** Invitations neither used, revoked nor expired at `now`, oldest first. */
  pendingInvites(now: number): PendingInvite[] {
    return this.statements.pendingInvites.all(now).map(({ invitedById, invitedByName, ...invite }) => ({
      ...invite,
      invitedBy: invitedById === null ? null : { id: invitedById, name: invitedByName ?? '' },
    }));
  }

  /** Revokes a pending invitation; false when there is none with this id (used, revoked, expired or unknown). */
  revokeInvite(id: number, now: number): boolean {
    return this.statements.revokeInvite.run(now, id, now).changes === 1;
  }

  invite(codeHash: string): StoredInvite | undefined {
    return this.statements.invite.get(codeHash);
  }

  /** Marks the invite used by `staffId`; false when another call used it first. */
  useInvite(id: number, staffId: number, now: number): boolean {
    return this.statements.useInvite.run(now, staffId, id).changes === 1;
  }

  /**
   * Every staff transaction writes after reading (a login taken, the last owner): it takes the write
   * lock first (IMMEDIATE), so another process's write meanwhile makes it wait, not fail with
   * "database is locked" (a deferred read cannot be upgraded once another writer committed).
   */
  transaction<T>(run: () => T): T {
    return this.sqlite.transaction(run).immediate();
  }
}
