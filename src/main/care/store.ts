import type Database from 'better-sqlite3';
import type { Species } from '../../shared/species';
import type { CareEvent, CareEventKind, ProtocolStep, StoredDose, Treatment } from '../../shared/care';
import type { Face } from '../../shared/movements';
import { personRef } from '../movements/store';

/** The vet's columns of a joined row, made into a PersonRef. */
interface VetColumns {
  vetId: number | null;
  vetName: string | null;
  vetForgotten: number | null;
}

type DoseRow = Omit<StoredDose, 'vet'> & VetColumns;

const DOSE_SELECT = `SELECT d.id, d.pet_id AS petId, d.vaccine, d.status, d.due_date AS dueDate, d.age_weeks AS ageWeeks, d.not_before AS notBefore,
  d.given_date AS givenDate, d.expires_date AS expiresDate, d.batch, d.manufacturer, d.given_by AS givenBy, d.skip_reason AS skipReason,
  d.notes, d.protocol_step AS protocolStep, d.created_at AS createdAt, d.vet_id AS vetId, v.name AS vetName, v.forgotten_at AS vetForgotten
  FROM care_doses d LEFT JOIN people v ON v.id = d.vet_id`;

function toDose({ vetId, vetName, vetForgotten, ...row }: DoseRow): StoredDose {
  return { ...row, vet: personRef(vetId, vetName, vetForgotten) };
}

type TreatmentRow = Omit<Treatment, 'vet'> & VetColumns;

const TREATMENT_SELECT = `SELECT t.id, t.pet_id AS petId, t.kind, t.product, t.given_date AS givenDate, t.result, t.next_due_date AS nextDueDate,
  t.given_by AS givenBy, t.notes, t.created_at AS createdAt, t.vet_id AS vetId, v.name AS vetName, v.forgotten_at AS vetForgotten
  FROM care_treatments t LEFT JOIN people v ON v.id = t.vet_id`;

function toTreatment({ vetId, vetName, vetForgotten, ...row }: TreatmentRow): Treatment {
  return { ...row, vet: personRef(vetId, vetName, vetForgotten) };
}

/** The columns of a dose as written; the names match care_doses' (snake_case aside). */
export type DoseColumns = Omit<StoredDose, 'id' | 'petId' | 'vet' | 'protocolStep' | 'createdAt'> & {
  vetId: number | null;
};

export type TreatmentColumns = Omit<Treatment, 'id' | 'petId' | 'vet' | 'createdAt'> & { vetId: number | null };

export interface NewCareEvent {
  petId: number;
  kind: CareEventKind;
  doseId: number | null;
  treatmentId: number | null;
  recordedAt: number;
  by: Face;
  details: Record<string, unknown>;
}

/** A pet as the due list names it; `inCare`: an open stay, or no stay yet (created without an intake). */
export interface CarePet {
  id: number;
  name: string;
  categoryId: number;
  category: string;
  species: Species;
}

const DOSE_WRITE = `vaccine = @vaccine, vaccine_folded = lower(@vaccine), status = @status, due_date = @dueDate, age_weeks = @ageWeeks, not_before = @notBefore,
  given_date = @givenDate, expires_date = @expiresDate, batch = @batch, manufacturer = @manufacturer, given_by = @givenBy, vet_id = @vetId,
  skip_reason = @skipReason, notes = @notes, updated_at = @now`;

/** Doses, treatments, the care history and the protocols in SQLite: no rules here (CareService checks them). It reads stays, never writes them. */
export class CareStore {
  private readonly statements;

  constructor(private readonly sqlite: Database.Database) {
    this.statements = {
      pet: sqlite.prepare<[number], CarePet>(
        'SELECT p.id, p.name, p.category_id AS categoryId, c.name AS category, c.species FROM pets p JOIN categories c ON c.id = p.category_id WHERE p.id = ?',
      ),
      dose: sqlite.prepare<[number], DoseRow>(`${DOSE_SELECT} WHERE d.id = ?`),
      dosesOf: sqlite.prepare<[number], DoseRow>(`${DOSE_SELECT} WHERE d.pet_id = ? ORDER BY d.id`),
      allDoses: sqlite.prepare<[], DoseRow>(`${DOSE_SELECT} WHERE d.status <> 'skipped' ORDER BY d.pet_id, d.id`),
      // A dose following the animal's age has no stored day: it is resolved by the caller.
      waitingOnOrByAge: sqlite.prepare<[string, string], DoseRow>(
        `${DOSE_SELECT} WHERE d.status = 'scheduled' AND (d.due_date IN (?, ?) OR d.due_date IS NULL) ORDER BY d.id`,
      ),
      waitingOf: sqlite.prepare<[number, string], DoseRow>(
        `${DOSE_SELECT} WHERE d.pet_id = ? AND d.vaccine_folded = lower(?) AND d.status = 'scheduled' ORDER BY d.id`,
      ),
      givenOn: sqlite.prepare<[number, string, string], DoseRow>(
        `${DOSE_SELECT} WHERE d.pet_id = ? AND d.vaccine_folded = lower(?) AND d.status = 'given' AND d.given_date = ?`,
      ),
      // Animals in care: an open stay, or none yet (a pet created without an intake gets its stay lazily, movements/store.ts).
      waitingInCare: sqlite.prepare<[], DoseRow & { petName: string; category: string }>(
        `${DOSE_SELECT.replace('FROM care_doses d', ', p.name AS petName, c.name AS category FROM care_doses d JOIN pets p ON p.id = d.pet_id JOIN categories c ON c.id = p.category_id')}
          WHERE d.status = 'scheduled' AND (EXISTS (SELECT 1 FROM stays s WHERE s.pet_id = d.pet_id AND s.outcome_at IS NULL) OR NOT EXISTS (SELECT 1 FROM stays s WHERE s.pet_id = d.pet_id))`,
      ),
      insertDose: sqlite.prepare(
        `INSERT INTO care_doses (pet_id, vaccine, vaccine_folded, status, due_date, age_weeks, not_before, given_date, expires_date, batch, manufacturer, given_by, vet_id, skip_reason, notes, protocol_step, created_at, updated_at)
          VALUES (@petId, @vaccine, lower(@vaccine), @status, @dueDate, @ageWeeks, @notBefore, @givenDate, @expiresDate, @batch, @manufacturer, @givenBy, @vetId, @skipReason, @notes, @protocolStep, @now, @now)`,
      ),
      updateDose: sqlite.prepare(`UPDATE care_doses SET ${DOSE_WRITE} WHERE id = @id`),
      treatment: sqlite.prepare<[number], TreatmentRow>(`${TREATMENT_SELECT} WHERE t.id = ?`),
      treatmentsOf: sqlite.prepare<[number], TreatmentRow>(
        `${TREATMENT_SELECT} WHERE t.pet_id = ? ORDER BY t.given_date DESC, t.id DESC`,
      ),
      spayNeuter: sqlite.prepare<[number], TreatmentRow>(
        `${TREATMENT_SELECT} WHERE t.pet_id = ? AND t.kind = 'spay_neuter' ORDER BY t.given_date LIMIT 1`,
      ),
      insertTreatment: sqlite.prepare(
        `INSERT INTO care_treatments (pet_id, kind, product, given_date, result, next_due_date, given_by, vet_id, notes, created_at, updated_at)
          VALUES (@petId, @kind, @product, @givenDate, @result, @nextDueDate, @givenBy, @vetId, @notes, @now, @now)`,
      ),
      updateTreatment: sqlite.prepare(
        `UPDATE care_treatments SET product = @product, given_date = @givenDate, result = @result, next_due_date = @nextDueDate, given_by = @givenBy, vet_id = @vetId, notes = @notes, updated_at = @now WHERE id = @id`,
      ),
      insertEvent: sqlite.prepare(
        'INSERT INTO care_events (pet_id, kind, dose_id, treatment_id, recorded_at, by, details) VALUES (@petId, @kind, @doseId, @treatmentId, @recordedAt, @by, @details)',
      ),
      eventsOf: sqlite.prepare<[number], Omit<CareEvent, 'details'> & { details: string }>(
        'SELECT id, pet_id AS petId, kind, dose_id AS doseId, treatment_id AS treatmentId, recorded_at AS recordedAt, by, details FROM care_events WHERE pet_id = ? ORDER BY recorded_at DESC, id DESC',
      ),
      protocol: sqlite.prepare<[number], { steps: string }>('SELECT steps FROM care_protocols WHERE category_id = ?'),
      protocols: sqlite.prepare<[], { categoryId: number; category: string; species: Species; steps: string | null }>(
        'SELECT c.id AS categoryId, c.name AS category, c.species, cp.steps FROM categories c LEFT JOIN care_protocols cp ON cp.category_id = c.id ORDER BY c.id',
      ),
      setProtocol: sqlite.prepare(
        'INSERT INTO care_protocols (category_id, steps, updated_at) VALUES (?, ?, ?) ON CONFLICT (category_id) DO UPDATE SET steps = excluded.steps, updated_at = excluded.updated_at',
      ),
      clearProtocol: sqlite.prepare('DELETE FROM care_protocols WHERE category_id = ?'),
    };
  }

  transaction<T>(body: () => T): T {
    return this.sqlite.transaction(body).immediate();
  }

  pet(petId: number): CarePet | undefined {
    return this.statements.pet.get(petId);
  }

  dose(id: number): StoredDose | undefined {
    const row = this.statements.dose.get(id);
    return row ? toDose(row) : undefined;
  }

  dosesOf(petId: number): StoredDose[] {
    return this.statements.dosesOf.all(petId).map(toDose);
  }

  /** Every dose given or waiting, of every pet, in one query (what an export of many animals reads). */
  allDoses(): StoredDose[] {
    return this.statements.allDoses.all().map(toDose);
  }

  /** Waiting doses due on `first` or `second`, and those whose day follows the animal's age. */
  waitingOnOrByAge(first: string, second: string): StoredDose[] {
    return this.statements.waitingOnOrByAge.all(first, second).map(toDose);
  }

  /** The pet's doses of `vaccine` waiting, oldest first. */
  waitingOf(petId: number, vaccine: string): StoredDose[] {
    return this.statements.waitingOf.all(petId, vaccine).map(toDose);
  }

  givenOn(petId: number, vaccine: string, day: string): StoredDose | undefined {
    const row = this.statements.givenOn.get(petId, vaccine, day);
    return row ? toDose(row) : undefined;
  }

  /** Every dose waiting, of animals in care, with the animal's name and category. */
  waitingInCare(): Array<{ dose: StoredDose; petName: string; category: string }> {
    return this.statements.waitingInCare
      .all()
      .map(({ petName, category, ...row }) => ({ dose: toDose(row), petName, category }));
  }

  insertDose(petId: number, columns: DoseColumns, protocolStep: number | null, now: number): number {
    return Number(this.statements.insertDose.run({ ...columns, petId, protocolStep, now }).lastInsertRowid);
  }

  updateDose(id: number, columns: DoseColumns, now: number): void {
    this.statements.updateDose.run({ ...columns, id, now });
  }

  treatment(id: number): Treatment | undefined {
    const row = this.statements.treatment.get(id);
    return row ? toTreatment(row) : undefined;
  }

  treatmentsOf(petId: number): Treatment[] {
    return this.statements.treatmentsOf.all(petId).map(toTreatment);
  }

  spayNeuter(petId: number): Treatment | undefined {
    const row = this.statements.spayNeuter.get(petId);
    return row ? toTreatment(row) : undefined;
  }

  insertTreatment(petId: number, columns: TreatmentColumns, now: number): number {
    return Number(this.statements.insertTreatment.run({ ...columns, petId, now }).lastInsertRowid);
  }

  updateTreatment(id: number, columns: TreatmentColumns, now: number): void {
    this.statements.updateTreatment.run({ ...columns, id, now });
  }

  insertEvent(event: NewCareEvent): void {
    this.statements.insertEvent.run({ ...event, details: JSON.stringify(event.details) });
  }

  eventsOf(petId: number): CareEvent[] {
    return this.statements.eventsOf
      .all(petId)
      .map((row) => ({ ...row, details: JSON.parse(row.details) as Record<string, unknown> }));
  }

  /** The category's protocol as staff set it; undefined: never set (the shipped default applies). */
  protocol(categoryId: number): ProtocolStep[] | undefined {
    const row = this.statements.protocol.get(categoryId);
    return row ? (JSON.parse(row.steps) as ProtocolStep[]) : undefined;
  }

  protocols(): Array<{ categoryId: number; category: string; species: Species; steps: ProtocolStep[] | undefined }> {
    return this.statements.protocols.all().map((row) => ({
      categoryId: row.categoryId,
      category: row.category,
      species: row.species,
      steps: row.steps === null ? undefined : (JSON.parse(row.steps) as ProtocolStep[]),
    }));
  }

  setProtocol(categoryId: number, steps: ProtocolStep[] | undefined, now: number): void {
    if (steps === undefined) this.statements.clearProtocol.run(categoryId);
    else this.statements.setProtocol.run(categoryId, JSON.stringify(steps), now);
  }

  /** Every row of the care tables as stored, for the staff backup. */
  exportAll(): Record<'doses' | 'treatments' | 'events' | 'protocols', unknown[]> {
    const all = (table: string, order: string) => this.sqlite.prepare(`SELECT * FROM ${table} ORDER BY ${order}`).all();
    return {
      doses: all('care_doses', 'id'),
      treatments: all('care_treatments', 'id'),
      events: all('care_events', 'id'),
      protocols: all('care_protocols', 'category_id'),
    };
  }
}
