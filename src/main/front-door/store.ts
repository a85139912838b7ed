import type Database from 'better-sqlite3';
import type {
  FormKind,
  FormSettings,
  Submission,
  SubmissionEvent,
  SubmissionFilter,
  SubmissionState,
} from '../../shared/front-door';

interface SubmissionRow {
  id: number;
  kind: FormKind;
  petId: number | null;
  petName: string | null;
  state: SubmissionState;
  name: string;
  email: string;
  phone: string | null;
  postcode: string | null;
  answers: string;
  consentText: string;
  retentionDays: number;
  personId: number | null;
  rank: number;
  visitBookedFor: number | null;
  visitDoneAt: number | null;
  visitNotes: string | null;
  reservationMade: number;
  receivedAt: number;
  updatedAt: number;
  closedAt: number | null;
}

const SELECT = `SELECT s.id, s.kind, s.pet_id AS petId, p.name AS petName, s.state, s.name, s.email, s.phone, s.postcode, s.answers,
  s.consent_text AS consentText, s.retention_days AS retentionDays, s.person_id AS personId, s.rank,
  s.visit_booked_for AS visitBookedFor, s.visit_done_at AS visitDoneAt, s.visit_notes AS visitNotes,
  s.reservation_made AS reservationMade, s.received_at AS receivedAt, s.updated_at AS updatedAt, s.closed_at AS closedAt
  FROM front_door_submissions s LEFT JOIN pets p ON p.id = s.pet_id`;

function toSubmission(row: SubmissionRow): Submission {
  return {
    id: row.id,
    kind: row.kind,
    pet: row.petId === null ? null : { id: row.petId, name: row.petName ?? '' },
    state: row.state,
    name: row.name,
    email: row.email,
    phone: row.phone,
    postcode: row.postcode,
    answers: JSON.parse(row.answers) as Submission['answers'],
    consentText: row.consentText,
    retentionDays: row.retentionDays,
    personId: row.personId,
    rank: row.rank,
    visit: { bookedFor: row.visitBookedFor, doneAt: row.visitDoneAt, notes: row.visitNotes },
    reservationMade: row.reservationMade === 1,
    receivedAt: row.receivedAt,
    updatedAt: row.updatedAt,
    closedAt: row.closedAt,
  };
}

export interface NewSubmission {
  kind: FormKind;
  petId: number | null;
  name: string;
  email: string;
  emailFolded: string;
  phone: string | null;
  postcode: string | null;
  answers: Submission['answers'];
  consentText: string;
  retentionDays: number;
}

export type SubmissionChange = Partial<{
  state: SubmissionState;
  personId: number | null;
  rank: number;
  visitBookedFor: number | null;
  visitDoneAt: number | null;
  visitNotes: string | null;
  reservationMade: boolean;
  closedAt: number | null;
}>;

const CHANGE_COLUMNS: Record<keyof SubmissionChange, string> = {
  state: 'state',
  personId: 'person_id',
  rank: 'rank',
  visitBookedFor: 'visit_booked_for',
  visitDoneAt: 'visit_done_at',
  visitNotes: 'visit_notes',
  reservationMade: 'reservation_made',
  closedAt: 'closed_at',
};

/** The front door's SQL: forms, submissions, their events and the paused animals. */
export class FrontDoorStore {
  constructor(private readonly sqlite: Database.Database) {}

  transaction<T>(body: () => T): T {
    return this.sqlite.transaction(body).immediate();
  }

  formSettings(kind: FormKind): FormSettings | undefined {
    const row = this.sqlite.prepare('SELECT settings FROM front_door_forms WHERE kind = ?').get(kind) as
      { settings: string } | undefined;
    return row && (JSON.parse(row.settings) as FormSettings);
  }

  saveFormSettings(kind: FormKind, settings: FormSettings, at: number): void {
    this.sqlite
      .prepare(
        `INSERT INTO front_door_forms (kind, settings, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (kind) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at`,
      )
      .run(kind, JSON.stringify(settings), at);
  }

  insert(submission: NewSubmission, at: number): number {
    const rank = (
      this.sqlite
        .prepare('SELECT coalesce(max(rank), 0) + 1 AS rank FROM front_door_submissions WHERE pet_id IS ? AND kind = ?')
        .get(submission.petId, submission.kind) as { rank: number }
    ).rank;
    const id = Number(
      this.sqlite
        .prepare(
          `INSERT INTO front_door_submissions (kind, pet_id, state, name, email, email_folded, phone, postcode, answers, consent_text,
             retention_days, rank, received_at, updated_at) VALUES (?, ?, 'new', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          submission.kind,
          submission.petId,
          submission.name,
          submission.email,
          submission.emailFolded,
          submission.phone,
          submission.postcode,
          JSON.stringify(submission.answers),
          submission.consentText,
          submission.retentionDays,
          rank,
          at,
          at,
        ).lastInsertRowid,
    );
    this.insertEvent(id, at, null, 'new', null);
    return id;
  }

  get(id: number): Submission | undefined {
    const row = this.sqlite.prepare(`${SELECT} WHERE s.id = ?`).get(id) as SubmissionRow | undefined;
    return row && toSubmission(row);
  }

  list(filter: NonNullable<SubmissionFilter>): Submission[] {
    const where: string[] = [];
    const values: unknown[] = [];
    const equal = {
      's.state': filter.state,
      's.kind': filter.kind,
      's.pet_id': filter.petId,
      's.person_id': filter.personId,
    };
    for (const [column, value] of Object.entries(equal))
      if (value !== undefined) {
        where.push(`${column} = ?`);
        values.push(value);
      }
    if (filter.open === true) where.push("s.state NOT IN ('approved', 'declined', 'withdrawn')");
    if (filter.open === false) where.push("s.state IN ('approved', 'declined', 'withdrawn')");
    const rows = this.sqlite
      .prepare(
        `${SELECT}${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY ${filter.petId ? 's.rank, s.id' : 's.received_at DESC, s.id DESC'} LIMIT 1000`,
      )
      .all(...values) as SubmissionRow[];
    return rows.map(toSubmission);
  }

  update(id: number, change: SubmissionChange, at: number): void {
    const entries = Object.entries(change) as [keyof SubmissionChange, unknown][];
    const set = entries.map(([field]) => `${CHANGE_COLUMNS[field]} = ?`);
    const values = entries.map(([, value]) => (typeof value === 'boolean' ? Number(value) : value));
    this.sqlite
      .prepare(`UPDATE front_door_submissions SET ${[...set, 'updated_at = ?'].join(', ')} WHERE id = ?`)
      .run(...values, at, id);
  }

  insertEvent(id: number, at: number, from: SubmissionState | null, to: SubmissionState, note: string | null): void {
    this.sqlite
      .prepare('INSERT INTO front_door_events (submission_id, at, from_state, to_state, note) VALUES (?, ?, ?, ?, ?)')
      .run(id, at, from, to, note);
  }

  events(id: number): SubmissionEvent[] {
    return this.sqlite
      .prepare(
        'SELECT at, from_state AS "from", to_state AS "to", note FROM front_door_events WHERE submission_id = ? ORDER BY id',
      )
      .all(id) as SubmissionEvent[];
  }

  /** Deletes the submissions (their events with them); returns how many went. */
  remove(ids: readonly number[]): number {
    const statement = this.sqlite.prepare('DELETE FROM front_door_submissions WHERE id = ?');
    let removed = 0;
    for (const id of ids) removed += statement.run(id).changes;
    return removed;
  }

  /** Declined and withdrawn submissions whose consent's period has passed at `now`. */
  expired(now: number): number[] {
    return (
      this.sqlite
        .prepare(
          `SELECT id FROM front_door_submissions WHERE state IN ('declined', 'withdrawn') AND closed_at IS NOT NULL
             AND closed_at + retention_days * 86400000 <= ?`,
        )
        .all(now) as { id: number }[]
    ).map((row) => row.id);
  }

  /** A person's submissions: those linked to them, and those sent from their e-mail. */
  ofPerson(personId: number, emailFolded: string | null): number[] {
    return (
      this.sqlite
        .prepare('SELECT id FROM front_door_submissions WHERE person_id = ? OR (? IS NOT NULL AND email_folded = ?)')
        .all(personId, emailFolded, emailFolded) as { id: number }[]
    ).map((row) => row.id);
  }

  paused(petId: number): boolean {
    return this.sqlite.prepare('SELECT 1 FROM front_door_paused WHERE pet_id = ?').get(petId) !== undefined;
  }

  pausedPets(): Set<number> {
    return new Set(
      (this.sqlite.prepare('SELECT pet_id AS petId FROM front_door_paused').all() as { petId: number }[]).map(
        (row) => row.petId,
      ),
    );
  }

  setPaused(petId: number, paused: boolean, at: number): boolean {
    const result = paused
      ? this.sqlite.prepare('INSERT OR IGNORE INTO front_door_paused (pet_id, paused_at) VALUES (?, ?)').run(petId, at)
      : this.sqlite.prepare('DELETE FROM front_door_paused WHERE pet_id = ?').run(petId);
    return result.changes > 0;
  }
}
