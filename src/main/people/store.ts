import type Database from 'better-sqlite3';
import type { Person, PersonKind, PersonRole } from '../../shared/people';
import { escapeLike } from '../db/sql-functions';
import { foldEmail, foldForSearch, foldPostcode, phoneDigitsColumn } from './folding';

interface PersonRow {
  id: number;
  name: string;
  kind: PersonKind;
  roles: string;
  phones: string;
  email: string | null;
  address: string | null;
  postcode: string | null;
  idChecked: number;
  idCheckedWhat: string | null;
  notes: string | null;
  doNotAdopt: number;
  doNotAdoptReason: string | null;
  fosterApproved: number;
  fosterCapacity: number | null;
  fosterSpecies: string;
  forgottenAt: number | null;
  createdAt: number;
  updatedAt: number;
  version: number;
}

/** Every field of a person as written; the folded columns are made here from them. */
export type PersonFields = Omit<Person, 'id' | 'forgottenAt' | 'createdAt' | 'updatedAt' | 'version'>;

const SELECT = `SELECT id, name, kind, roles, phones, email, address, postcode, id_checked AS idChecked, id_checked_what AS idCheckedWhat, notes,
  do_not_adopt AS doNotAdopt, do_not_adopt_reason AS doNotAdoptReason, foster_approved AS fosterApproved, foster_capacity AS fosterCapacity,
  foster_species AS fosterSpecies, forgotten_at AS forgottenAt, created_at AS createdAt, updated_at AS updatedAt, version FROM people`;

function toPerson(row: PersonRow): Person {
  return {
    ...row,
    roles: JSON.parse(row.roles) as PersonRole[],
    phones: JSON.parse(row.phones) as string[],
    fosterSpecies: JSON.parse(row.fosterSpecies) as number[],
    idChecked: row.idChecked === 1,
    doNotAdopt: row.doNotAdopt === 1,
    fosterApproved: row.fosterApproved === 1,
  };
}

function columns(fields: PersonFields): unknown[] {
  return [
    fields.name,
    foldForSearch(fields.name),
    fields.kind,
    JSON.stringify(fields.roles),
    JSON.stringify(fields.phones),
    phoneDigitsColumn(fields.phones),
    fields.email,
    foldEmail(fields.email),
    fields.address,
    fields.postcode,
    foldPostcode(fields.postcode),
    fields.idChecked ? 1 : 0,
    fields.idCheckedWhat,
    fields.notes,
    fields.doNotAdopt ? 1 : 0,
    fields.doNotAdoptReason,
    fields.fosterApproved ? 1 : 0,
    fields.fosterCapacity,
    JSON.stringify(fields.fosterSpecies),
  ];
}

const WRITTEN =
  'name, name_folded, kind, roles, phones, phone_digits, email, email_folded, address, postcode, postcode_folded, id_checked, id_checked_what, notes, do_not_adopt, do_not_adopt_reason, foster_approved, foster_capacity, foster_species';

export interface PeopleFilter {
  search?: string;
  role?: PersonRole;
  doNotAdopt?: boolean;
  fosterApproved?: boolean;
  includeForgotten?: boolean;
  limit: number;
  offset: number;
}

/** The people register in SQLite; no rules here (PeopleService checks what is written). */
export class PeopleStore {
  private readonly statements;
  private readonly searches = new Map<string, Database.Statement<unknown[], unknown>>();

  constructor(private readonly sqlite: Database.Database) {
    this.statements = {
      get: sqlite.prepare<[number], PersonRow>(`${SELECT} WHERE id = ?`),
      insert: sqlite.prepare(
        `INSERT INTO people (${WRITTEN}, created_at, updated_at) VALUES (${WRITTEN.split(',')
          .map(() => '?')
          .join(', ')}, ?, ?)`,
      ),
      // Every write of a person is a new version of them (edit_conflict refuses a save from an older one).
      update: sqlite.prepare(
        `UPDATE people SET (${WRITTEN}, updated_at, version) = (${WRITTEN.split(',')
          .map(() => '?')
          .join(', ')}, ?, version + 1) WHERE id = ?`,
      ),
      byEmail: sqlite.prepare<[string], PersonRow>(
        `${SELECT} WHERE email_folded = ? AND forgotten_at IS NULL LIMIT 20`,
      ),
      byPhone: sqlite.prepare<[string], PersonRow>(
        `${SELECT} WHERE phone_digits LIKE ? ESCAPE '\\' AND forgotten_at IS NULL LIMIT 20`,
      ),
      byNamePostcode: sqlite.prepare<[string, string], PersonRow>(
        `${SELECT} WHERE postcode_folded = ? AND name_folded = ? AND forgotten_at IS NULL LIMIT 20`,
      ),
      forget: sqlite.prepare(
        `UPDATE people SET name = ?, name_folded = '', phones = '[]', phone_digits = '', email = NULL, email_folded = NULL, address = NULL, postcode = NULL, postcode_folded = NULL,
          id_checked_what = NULL, notes = NULL, do_not_adopt_reason = NULL, forgotten_at = ?, updated_at = ?, version = version + 1 WHERE id = ?`,
      ),
    };
  }

  /** Runs `body` in one transaction holding the write lock from its start: a save's version check and its write (a racing save waits, then reads the new version). */
  transaction<T>(body: () => T): T {
    return this.sqlite.transaction(body).immediate();
  }

  get(id: number): Person | undefined {
    const row = this.statements.get.get(id);
    return row ? toPerson(row) : undefined;
  }

  insert(fields: PersonFields, now: number): Person {
    const { lastInsertRowid } = this.statements.insert.run(...columns(fields), now, now);
    const person = this.get(Number(lastInsertRowid));
    if (!person) throw new Error('insert returned no person');
    return person;
  }

  update(id: number, fields: PersonFields, now: number): void {
    this.statements.update.run(...columns(fields), now, id);
  }

  /** Keeps the id (movements point at it) and the flags' booleans (report counts); everything that says who it was goes. */
  forget(id: number, placeholder: string, now: number): void {
    this.statements.forget.run(placeholder, now, now, id);
  }

  withEmail(email: string): Person[] {
    return this.statements.byEmail.all(email).map(toPerson);
  }

  withPhoneDigits(digits: string): Person[] {
    return this.statements.byPhone.all(`% ${escapeLike(digits)} %`).map(toPerson);
  }

  withNameAndPostcode(nameFolded: string, postcodeFolded: string): Person[] {
    return this.statements.byNamePostcode.all(postcodeFolded, nameFolded).map(toPerson);
  }

  /** Part of the folded name, the email or the phone's digits; filters; name order, offset paging, with the total. */
  search(filter: PeopleFilter): { people: Person[]; total: number } {
    const where: string[] = [];
    const values: unknown[] = [];
    if (!filter.includeForgotten) where.push('forgotten_at IS NULL');
    if (filter.role) {
      where.push('EXISTS (SELECT 1 FROM json_each(people.roles) WHERE value = ?)');
      values.push(filter.role);
    }
    if (filter.doNotAdopt !== undefined) {
      where.push('do_not_adopt = ?');
      values.push(filter.doNotAdopt ? 1 : 0);
    }
    if (filter.fosterApproved !== undefined) {
      where.push('foster_approved = ?');
      values.push(filter.fosterApproved ? 1 : 0);
    }
    const search = foldForSearch(filter.search ?? '');
    if (search) {
      const digits = search.replace(/\D/g, '');
      const like = `%${escapeLike(search)}%`;
      const matches = ["name_folded LIKE ? ESCAPE '\\'", "email_folded LIKE ? ESCAPE '\\'"];
      values.push(like, like);
      // Only a search that is mostly digits looks in phone numbers: "12" in a name search would match half the register.
      if (digits.length >= 3 && digits.length >= search.replace(/\s/g, '').length - 1) {
        matches.push("phone_digits LIKE ? ESCAPE '\\'");
        values.push(`%${escapeLike(digits)}%`);
      }
      where.push(`(${matches.join(' OR ')})`);
    }
    const clause = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '';
    // One scan for the page and the total; `+name_folded` keeps SQLite from walking the name index row by row for a rare match.
    const rows = this.statement<PersonRow & { total: number }>(
      `${SELECT.replace(' FROM people', ', count(*) OVER () AS total FROM people')}${clause} ORDER BY +name_folded, id LIMIT ? OFFSET ?`,
    ).all(...values, filter.limit, filter.offset);
    const total =
      rows[0]?.total ??
      (filter.offset > 0
        ? (this.statement<{ n: number }>(`SELECT count(*) AS n FROM people${clause}`).get(...values)?.n ?? 0)
        : 0);
    return { people: rows.map(({ total: _total, ...row }) => toPerson(row)), total };
  }

  /** A search's statement, compiled once per shape of filter (a handful of shapes). */
  private statement<R>(sql: string): Database.Statement<unknown[], R> {
    let statement = this.searches.get(sql);
    if (!statement) {
      statement = this.sqlite.prepare<unknown[], unknown>(sql);
      this.searches.set(sql, statement);
    }
    return statement as Database.Statement<unknown[], R>;
  }

  /** Every person, for the staff backup, in id order. */
  all(): Person[] {
    return this.sqlite.prepare<[], PersonRow>(`${SELECT} ORDER BY id`).all().map(toPerson);
  }
}
