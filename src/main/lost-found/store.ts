import type Database from 'better-sqlite3';
import type { Report, ReportKind, ReportState } from '../../shared/lost-found';
import type { Face } from '../../shared/movements';
import type { PetSex, PetSize } from '../../shared/pet-profile';
import type { Species } from '../../shared/species';

interface ReportRow extends Omit<Report, 'contact'> {
  contactName: string;
  contactPhone: string | null;
  contactEmail: string | null;
}

/** A stray in care as matching reads it: its record, profile and open stay in one row. */
export interface StrayRow {
  id: number;
  name: string;
  species: Species;
  sex: PetSex | null;
  colour: string | null;
  breedPrimary: string | null;
  breedSecondary: string | null;
  size: PetSize | null;
  birthDate: string | null;
  microchip: string | null;
  description: string | null;
  intakeAt: number;
  intakeReason: string | null;
  intakeCondition: string | null;
}

/** A report's photo as the pipeline made it: upright, at most 1600 px, a JPEG with no metadata. */
export interface ReportPhoto {
  jpeg: Buffer;
  width: number;
  height: number;
}

/** One stored likely match of an open report: another report, or a stray in care. */
export interface LikelyRow {
  reportId: number;
  otherReportId: number | null;
  petId: number | null;
  score: number;
}

/** One report of Today's card as SQL ranks it, with the count of all the card's reports. */
interface WaitingRow {
  reportId: number;
  likely: number;
  total: number;
}

export type NewReport = Omit<ReportRow, 'id' | 'state' | 'returnedPetId' | 'createdAt' | 'updatedAt'>;

const REPORT_SELECT = `SELECT id, kind, state, source, species, sex, colour, breed, size, age_group AS ageGroup, microchip,
  postcode, place, seen_at AS seenAt, features, contact_name AS contactName, contact_phone AS contactPhone,
  contact_email AS contactEmail, returned_pet_id AS returnedPetId, created_at AS createdAt, updated_at AS updatedAt
  FROM lost_found_reports`;

const STRAY_SELECT = `SELECT p.id, p.name, c.species, pp.sex, pp.color AS colour, pp.breed_primary AS breedPrimary,
  pp.breed_secondary AS breedSecondary, pp.size, pp.birth_date AS birthDate, pp.microchip_number AS microchip,
  pp.description, s.intake_at AS intakeAt, s.intake_reason AS intakeReason, s.intake_condition AS intakeCondition
  FROM stays s JOIN pets p ON p.id = s.pet_id JOIN categories c ON c.id = p.category_id
  LEFT JOIN pet_profiles pp ON pp.pet_id = p.id
  WHERE s.outcome_at IS NULL AND s.intake_type = 'stray'`;

function toReport({ contactName, contactPhone, contactEmail, ...row }: ReportRow): Report {
  return {
    ...row,
    contact: {
      name: contactName,
      ...(contactPhone !== null && { phone: contactPhone }),
      ...(contactEmail !== null && { email: contactEmail }),
    },
  };
}

/** The lost and found tables' SQL (the stored likely matches' too), and the reads of the strays in care that matching compares them with. */
export class LostFoundStore {
  private readonly statements;

  constructor(sqlite: Database.Database) {
    this.statements = {
      insert: sqlite.prepare<[NewReport & { at: number }], never>(
        `INSERT INTO lost_found_reports (kind, source, species, sex, colour, breed, size, age_group, microchip, postcode,
          place, seen_at, features, contact_name, contact_phone, contact_email, created_at, updated_at)
         VALUES (@kind, @source, @species, @sex, @colour, @breed, @size, @ageGroup, @microchip, @postcode, @place, @seenAt,
          @features, @contactName, @contactPhone, @contactEmail, @at, @at)`,
      ),
      one: sqlite.prepare<[number], ReportRow>(`${REPORT_SELECT} WHERE id = ?`),
      many: sqlite.prepare<[string], ReportRow>(`${REPORT_SELECT} WHERE id IN (SELECT value FROM json_each(?))`),
      list: sqlite.prepare<[{ kind: string | null; state: string | null; limit: number }], ReportRow>(
        `${REPORT_SELECT} WHERE (@kind IS NULL OR kind = @kind) AND (@state IS NULL OR state = @state) ORDER BY id DESC LIMIT @limit`,
      ),
      openOf: sqlite.prepare<[Species, ReportKind], ReportRow>(
        `${REPORT_SELECT} WHERE state = 'open' AND species = ? AND kind = ?`,
      ),
      openNear: sqlite.prepare<[Species, ReportKind, number, number], ReportRow>(
        `${REPORT_SELECT} WHERE state = 'open' AND species = ? AND kind = ? AND seen_at BETWEEN ? AND ?`,
      ),
      openWithChip: sqlite.prepare<[string, Species, ReportKind], ReportRow>(
        `${REPORT_SELECT} INDEXED BY lost_found_reports_chip WHERE microchip = ? AND state = 'open' AND species = ? AND kind = ?`,
      ),
      openSince: sqlite.prepare<[number], ReportRow>(
        `${REPORT_SELECT} WHERE state = 'open' AND created_at >= ? ORDER BY id DESC`,
      ),
      setState: sqlite.prepare<[ReportState, number | null, number, number], never>(
        `UPDATE lost_found_reports SET state = ?, returned_pet_id = ?, updated_at = ? WHERE id = ?`,
      ),
      confirm: sqlite.prepare<[number, number | null, number | null, number, number, Face], never>(
        `INSERT INTO lost_found_confirmations (report_id, pet_id, other_report_id, score, confirmed_at, by) VALUES (?, ?, ?, ?, ?, ?)`,
      ),
      straysOf: sqlite.prepare<[Species], StrayRow>(`${STRAY_SELECT} AND c.species = ?`),
      stray: sqlite.prepare<[number], StrayRow>(`${STRAY_SELECT} AND p.id = ?`),
      straysInCare: sqlite.prepare<[], StrayRow>(`${STRAY_SELECT} ORDER BY p.id`),
      unmatched: sqlite.prepare<[], ReportRow>(
        `${REPORT_SELECT} INDEXED BY lost_found_reports_unmatched WHERE state = 'open' AND matches_stored_at IS NULL ORDER BY id`,
      ),
      markMatched: sqlite.prepare<[number, number], never>(
        'UPDATE lost_found_reports SET matches_stored_at = ? WHERE id = ?',
      ),
      insertLikely: sqlite.prepare<[number, number | null, number | null, number], never>(
        'INSERT INTO lost_found_likely_matches (report_id, other_report_id, pet_id, score) VALUES (?, ?, ?, ?)',
      ),
      waiting: sqlite.prepare<[{ since: number; shown: number }], WaitingRow>(
        `WITH card AS (
           SELECT id FROM lost_found_reports WHERE state = 'open' AND created_at >= @since
           UNION
           SELECT m.report_id FROM stays s CROSS JOIN lost_found_likely_matches m ON m.pet_id = s.pet_id
             WHERE s.outcome_at IS NULL AND s.intake_type = 'stray' AND s.intake_at >= @since
         ), ranked AS (
           SELECT m.report_id AS reportId, MAX(m.score) AS best, COUNT(*) AS likely
             FROM lost_found_likely_matches m JOIN lost_found_reports r ON r.id = m.report_id AND r.state = 'open'
             WHERE m.report_id IN card GROUP BY m.report_id
         )
         SELECT reportId, likely, COUNT(*) OVER () AS total FROM ranked ORDER BY best DESC, reportId DESC LIMIT @shown`,
      ),
      bestLikely: sqlite.prepare<[{ ids: string; shown: number }], LikelyRow>(
        `SELECT reportId, otherReportId, petId, score FROM (
           SELECT report_id AS reportId, other_report_id AS otherReportId, pet_id AS petId, score,
             ROW_NUMBER() OVER (PARTITION BY report_id ORDER BY score DESC, pet_id IS NULL, coalesce(pet_id, other_report_id)) AS place
             FROM lost_found_likely_matches WHERE report_id IN (SELECT value FROM json_each(@ids))
         ) WHERE place <= @shown ORDER BY reportId, place`,
      ),
      dropReportLikely: sqlite.prepare<[number, number], never>(
        'DELETE FROM lost_found_likely_matches WHERE report_id = ? OR other_report_id = ?',
      ),
      dropStrayLikely: sqlite.prepare<[number], never>('DELETE FROM lost_found_likely_matches WHERE pet_id = ?'),
      strayDescriptions: sqlite.prepare<[], { petId: number; description: string }>(
        'SELECT pet_id AS petId, description FROM lost_found_stray_descriptions',
      ),
      setStrayDescription: sqlite.prepare<[number, string], never>(
        'INSERT OR REPLACE INTO lost_found_stray_descriptions (pet_id, description) VALUES (?, ?)',
      ),
      dropStrayDescription: sqlite.prepare<[number], never>(
        'DELETE FROM lost_found_stray_descriptions WHERE pet_id = ?',
      ),
      insertPhoto: sqlite.prepare<[number, Buffer, number, number, number], never>(
        'INSERT INTO lost_found_report_photos (report_id, jpeg, width, height, created_at) VALUES (?, ?, ?, ?, ?)',
      ),
      photo: sqlite.prepare<[number], ReportPhoto>(
        'SELECT jpeg, width, height FROM lost_found_report_photos WHERE report_id = ?',
      ),
    };
    this.transaction = (body) => sqlite.transaction(body).immediate();
  }

  readonly transaction: <T>(body: () => T) => T;

  /** The report's one photo: a second is refused by the table's key. */
  insertPhoto(reportId: number, photo: ReportPhoto, at: number): void {
    this.statements.insertPhoto.run(reportId, photo.jpeg, photo.width, photo.height, at);
  }

  photo(reportId: number): ReportPhoto | undefined {
    return this.statements.photo.get(reportId);
  }

  insert(report: NewReport, at: number): number {
    return Number(this.statements.insert.run({ ...report, at }).lastInsertRowid);
  }

  one(id: number): Report | undefined {
    const row = this.statements.one.get(id);
    return row && toReport(row);
  }

  /** The reports of these ids, by id, in one read. */
  many(ids: Iterable<number>): Map<number, Report> {
    const rows = this.statements.many.all(JSON.stringify([...ids]));
    return new Map(rows.map((row) => [row.id, toReport(row)]));
  }

  list(kind: ReportKind | null, state: ReportState | null, limit: number): Report[] {
    return this.statements.list.all({ kind, state, limit }).map(toReport);
  }

  /** The open reports of one species and kind: the candidates a report or a stray is compared with. */
  openOf(species: Species, kind: ReportKind): Report[] {
    return this.statements.openOf.all(species, kind).map(toReport);
  }

  /** The open reports of one species and kind seen between `from` and `to`, and those with `chip` whenever seen. */
  openNear(species: Species, kind: ReportKind, from: number, to: number, chip: string | null): Report[] {
    const rows = this.statements.openNear.all(species, kind, from, to);
    if (chip) {
      const seen = new Set(rows.map((row) => row.id));
      for (const row of this.statements.openWithChip.all(chip, species, kind)) if (!seen.has(row.id)) rows.push(row);
    }
    return rows.map(toReport);
  }

  openSince(at: number): Report[] {
    return this.statements.openSince.all(at).map(toReport);
  }

  setState(id: number, state: ReportState, returnedPetId: number | null, at: number): void {
    this.statements.setState.run(state, returnedPetId, at, id);
  }

  recordConfirmation(
    reportId: number,
    match: { petId: number | null; otherReportId: number | null; score: number },
    at: number,
    by: Face,
  ): void {
    this.statements.confirm.run(reportId, match.petId, match.otherReportId, match.score, at, by);
  }

  straysOf(species: Species): StrayRow[] {
    return this.statements.straysOf.all(species);
  }

  stray(petId: number): StrayRow | undefined {
    return this.statements.stray.get(petId);
  }

  /** Every stray in care, of every species. */
  straysInCare(): StrayRow[] {
    return this.statements.straysInCare.all();
  }

  /** The open reports whose likely matches are not stored yet (an import, or a database from before they were). */
  unmatched(): Report[] {
    return this.statements.unmatched.all().map(toReport);
  }

  markMatched(id: number, at: number): void {
    this.statements.markMatched.run(at, id);
  }

  insertLikely(reportId: number, other: { reportId: number } | { petId: number }, score: number): void {
    const otherReportId = 'reportId' in other ? other.reportId : null;
    const petId = 'petId' in other ? other.petId : null;
    this.statements.insertLikely.run(reportId, otherReportId, petId, score);
  }

  /**
   * Today's card in SQL: the open reports written since `since`, and those a stray taken in since is a
   * likely match of, that have a likely match; the first `shown` by their best score (the newer first at
   * one score), each with its count of likely matches, and how many there are in all.
   */
  waiting(since: number, shown: number): { entries: { reportId: number; likely: number }[]; total: number } {
    const rows = this.statements.waiting.all({ since, shown });
    return { entries: rows.map(({ reportId, likely }) => ({ reportId, likely })), total: rows[0]?.total ?? 0 };
  }

  /** The best `shown` likely matches of each of these reports: best first, strays before reports at one score, then by id. */
  bestLikely(reportIds: number[], shown: number): Map<number, LikelyRow[]> {
    const best = new Map<number, LikelyRow[]>();
    for (const row of this.statements.bestLikely.all({ ids: JSON.stringify(reportIds), shown })) {
      const rows = best.get(row.reportId);
      if (rows) rows.push(row);
      else best.set(row.reportId, [row]);
    }
    return best;
  }

  /** A report's likely matches, and those it is of the other reports. */
  dropReportLikely(reportId: number): void {
    this.statements.dropReportLikely.run(reportId, reportId);
  }

  dropStrayLikely(petId: number): void {
    this.statements.dropStrayLikely.run(petId);
  }

  strayDescriptions(): Map<number, string> {
    return new Map(this.statements.strayDescriptions.all().map((row) => [row.petId, row.description]));
  }

  setStrayDescription(petId: number, description: string): void {
    this.statements.setStrayDescription.run(petId, description);
  }

  dropStrayDescription(petId: number): void {
    this.statements.dropStrayDescription.run(petId);
  }
}
