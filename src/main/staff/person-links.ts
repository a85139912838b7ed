import type Database from 'better-sqlite3';
import type { StaffPersonLink } from '../../shared/staff';

/**
 * The person each login is (staff_people), and the one an invitation links its member to
 * (staff_invite_people, read through the invitation's `used_by`, so accepting needs no step of its
 * own). A link set on the member replaces the invitation's; SQL only, the people are checked by the caller.
 */
export class StaffPersonLinks {
  private readonly statements;

  constructor(sqlite: Database.Database) {
    this.statements = {
      personOf: sqlite.prepare<[number, number], { personId: number }>(
        `SELECT person_id AS personId FROM staff_people WHERE staff_id = ?
         UNION ALL SELECT p.person_id FROM staff_invite_people p JOIN staff_invites i ON i.id = p.invite_id WHERE i.used_by = ?
         LIMIT 1`,
      ),
      link: sqlite.prepare(
        'INSERT INTO staff_people (staff_id, person_id) VALUES (?, ?) ON CONFLICT (staff_id) DO UPDATE SET person_id = excluded.person_id',
      ),
      unlink: sqlite.prepare('DELETE FROM staff_people WHERE staff_id = ?'),
      unlinkInvites: sqlite.prepare(
        'DELETE FROM staff_invite_people WHERE invite_id IN (SELECT id FROM staff_invites WHERE used_by = ?)',
      ),
      all: sqlite.prepare<[], { staffId: number; personId: number }>(
        `SELECT m.id AS staffId, coalesce(l.person_id,
           (SELECT p.person_id FROM staff_invite_people p JOIN staff_invites i ON i.id = p.invite_id WHERE i.used_by = m.id)) AS personId
         FROM staff_members m LEFT JOIN staff_people l ON l.staff_id = m.id ORDER BY m.id`,
      ),
      linkInvite: sqlite.prepare('INSERT INTO staff_invite_people (invite_id, person_id) VALUES (?, ?)'),
    };
  }

  personOf(staffId: number): number | null {
    return this.statements.personOf.get(staffId, staffId)?.personId ?? null;
  }

  /** Links the login to the person, or to nobody (null). */
  setLink(staffId: number, personId: number | null): StaffPersonLink {
    if (personId === null) {
      this.statements.unlink.run(staffId);
      this.statements.unlinkInvites.run(staffId);
    } else this.statements.link.run(staffId, personId);
    return { staffId, personId: this.personOf(staffId) };
  }

  /** Every login with its person (null: nobody's). */
  all(): StaffPersonLink[] {
    return this.statements.all.all();
  }

  linkInvite(inviteId: number, personId: number): void {
    this.statements.linkInvite.run(inviteId, personId);
  }
}
