import type Database from 'better-sqlite3';
import type {
  Face,
  FeeMethod,
  FosterPlacement,
  IntakeType,
  MovementKind,
  OutcomeType,
  PersonRef,
  Reservation,
  Stay,
  TransferOrigin,
} from '../../shared/movements';

/** A person column joined as `<prefix>Id`, `<prefix>Name`, `<prefix>Forgotten`. */
export function personRef(id: number | null, name: string | null, forgotten: number | null): PersonRef | null {
  return id === null ? null : { id, name: name ?? '', forgotten: forgotten !== null };
}

const PERSON = (alias: string, column: string, prefix: string) =>
  `${column} AS ${prefix}Id, ${alias}.name AS ${prefix}Name, ${alias}.forgotten_at AS ${prefix}Forgotten`;

interface StayRow {
  id: number;
  petId: number;
  intakeType: IntakeType;
  transferFrom: TransferOrigin | null;
  intakeAt: number;
  intakeReason: string | null;
  intakeCondition: string | null;
  outcomeType: OutcomeType | null;
  outcomeAt: number | null;
  outcomeReason: string | null;
  transferTo: TransferOrigin | null;
  receivingOrganisation: string | null;
  feeHundredths: number | null;
  feeMethod: FeeMethod | null;
  inId: number | null;
  inName: string | null;
  inForgotten: number | null;
  outId: number | null;
  outName: string | null;
  outForgotten: number | null;
}

const STAY_SELECT = `SELECT s.id, s.pet_id AS petId, s.intake_type AS intakeType, s.transfer_from AS transferFrom, s.intake_at AS intakeAt,
  s.intake_reason AS intakeReason, s.intake_condition AS intakeCondition, s.outcome_type AS outcomeType, s.outcome_at AS outcomeAt,
  s.outcome_reason AS outcomeReason, s.transfer_to AS transferTo, s.receiving_organisation AS receivingOrganisation, s.fee_hundredths AS feeHundredths, s.fee_method AS feeMethod,
  ${PERSON('pi', 's.intake_person_id', 'in')}, ${PERSON('po', 's.outcome_person_id', 'out')}
  FROM stays s LEFT JOIN people pi ON pi.id = s.intake_person_id LEFT JOIN people po ON po.id = s.outcome_person_id`;

interface ReservationRow {
  id: number;
  stayId: number;
  petId: number;
  reservedAt: number;
  expiresAt: number | null;
  endedAt: number | null;
  end: Reservation['end'];
  lapsedAt: number | null;
  personId: number;
  personName: string;
  personForgotten: number | null;
}

const RESERVATION_SELECT = `SELECT r.id, r.stay_id AS stayId, r.pet_id AS petId, r.reserved_at AS reservedAt, r.expires_at AS expiresAt,
  r.ended_at AS endedAt, r."end" AS "end", r.lapsed_at AS lapsedAt, ${PERSON('p', 'r.person_id', 'person')} FROM reservations r JOIN people p ON p.id = r.person_id`;

interface FosterRow {
  id: number;
  stayId: number;
  petId: number;
  startedAt: number;
  expectedEndAt: number | null;
  endedAt: number | null;
  personId: number;
  personName: string;
  personForgotten: number | null;
}

const FOSTER_SELECT = `SELECT f.id, f.stay_id AS stayId, f.pet_id AS petId, f.started_at AS startedAt, f.expected_end_at AS expectedEndAt,
  f.ended_at AS endedAt, ${PERSON('p', 'f.person_id', 'person')} FROM foster_placements f JOIN people p ON p.id = f.person_id`;

export function toReservation({ personId, personName, personForgotten, ...row }: ReservationRow): Reservation {
  return { ...row, person: { id: personId, name: personName, forgotten: personForgotten !== null } };
}

export function toFoster({ personId, personName, personForgotten, ...row }: FosterRow): FosterPlacement {
  return { ...row, person: { id: personId, name: personName, forgotten: personForgotten !== null } };
}

function toStay(row: StayRow, reservations: Reservation[], fosters: FosterPlacement[]): Stay {
  const { inId, inName, inForgotten, outId, outName, outForgotten, feeHundredths, ...stay } = row;
  return {
    ...stay,
    intakePerson: personRef(inId, inName, inForgotten),
    outcomePerson: personRef(outId, outName, outForgotten),
    fee: feeHundredths === null ? null : feeHundredths / 100,
    reservations,
    fosters,
  };
}

export interface NewStay {
  petId: number;
  intakeType: IntakeType;
  transferFrom: TransferOrigin | null;
  intakeAt: number;
  intakePersonId: number | null;
  intakeReason: string | null;
  intakeCondition: string | null;
}

export interface StayOutcome {
  outcomeType: OutcomeType;
  outcomeAt: number;
  outcomePersonId: number | null;
  outcomeReason: string | null;
  transferTo: TransferOrigin | null;
  receivingOrganisation: string | null;
  feeHundredths: number | null;
  feeMethod: FeeMethod | null;
}

export interface NewEvent {
  petId: number;
  stayId: number;
  kind: MovementKind;
  type: string | null;
  at: number;
  recordedAt: number;
  by: Face;
  personId: number | null;
  details: Record<string, unknown>;
}

/** Stays, reservations, foster placements and the movement history in SQLite: no rules here (MovementService checks them). */
export class MovementStore {
  private readonly statements;
  /** Every pet up to this id has a stay (see openStaysForNewPets). */
  private stayedUpTo = 0;

  constructor(private readonly sqlite: Database.Database) {
    this.statements = {
      lastPetId: sqlite.prepare<[], { id: number | null }>('SELECT max(id) AS id FROM pets'),
      openStaysForNewPets: sqlite.prepare(
        `INSERT INTO stays (pet_id, intake_type, intake_at) SELECT p.id, 'unknown', p.created_at FROM pets p
          WHERE p.id > ? AND NOT EXISTS (SELECT 1 FROM stays s WHERE s.pet_id = p.id)`,
      ),
      openStay: sqlite.prepare<[number], StayRow>(`${STAY_SELECT} WHERE s.pet_id = ? AND s.outcome_at IS NULL`),
      lastStay: sqlite.prepare<[number], StayRow>(
        `${STAY_SELECT} WHERE s.pet_id = ? ORDER BY s.intake_at DESC, s.id DESC LIMIT 1`,
      ),
      stay: sqlite.prepare<[number], StayRow>(`${STAY_SELECT} WHERE s.id = ?`),
      staysOf: sqlite.prepare<[number], StayRow>(
        `${STAY_SELECT} WHERE s.pet_id = ? ORDER BY s.intake_at DESC, s.id DESC`,
      ),
      reservationsOf: sqlite.prepare<[number], ReservationRow>(
        `${RESERVATION_SELECT} WHERE r.pet_id = ? ORDER BY r.reserved_at DESC, r.id DESC`,
      ),
      fostersOf: sqlite.prepare<[number], FosterRow>(
        `${FOSTER_SELECT} WHERE f.pet_id = ? ORDER BY f.started_at DESC, f.id DESC`,
      ),
      activeReservation: sqlite.prepare<[number], ReservationRow>(
        `${RESERVATION_SELECT} WHERE r.pet_id = ? AND r.ended_at IS NULL`,
      ),
      openFoster: sqlite.prepare<[number], FosterRow>(`${FOSTER_SELECT} WHERE f.pet_id = ? AND f.ended_at IS NULL`),
      insertStay: sqlite.prepare(
        'INSERT INTO stays (pet_id, intake_type, transfer_from, intake_at, intake_person_id, intake_reason, intake_condition) VALUES (@petId, @intakeType, @transferFrom, @intakeAt, @intakePersonId, @intakeReason, @intakeCondition)',
      ),
      amendIntake: sqlite.prepare(
        'UPDATE stays SET intake_type = @intakeType, transfer_from = @transferFrom, intake_at = @intakeAt, intake_person_id = @intakePersonId, intake_reason = @intakeReason, intake_condition = @intakeCondition WHERE id = @stayId',
      ),
      closeStay: sqlite.prepare(
        'UPDATE stays SET outcome_type = @outcomeType, outcome_at = @outcomeAt, outcome_person_id = @outcomePersonId, outcome_reason = @outcomeReason, transfer_to = @transferTo, receiving_organisation = @receivingOrganisation, fee_hundredths = @feeHundredths, fee_method = @feeMethod WHERE id = @stayId',
      ),
      insertReservation: sqlite.prepare(
        'INSERT INTO reservations (stay_id, pet_id, person_id, reserved_at, expires_at) VALUES (?, ?, ?, ?, ?)',
      ),
      endReservation: sqlite.prepare('UPDATE reservations SET ended_at = ?, "end" = ? WHERE id = ?'),
      lapsedReservations: sqlite.prepare<[number], { id: number; petId: number }>(
        'SELECT id, pet_id AS petId FROM reservations WHERE ended_at IS NULL AND lapsed_at IS NULL AND expires_at <= ? ORDER BY expires_at, id',
      ),
      markLapsed: sqlite.prepare('UPDATE reservations SET lapsed_at = ? WHERE id = ?'),
      insertFoster: sqlite.prepare(
        'INSERT INTO foster_placements (stay_id, pet_id, person_id, started_at, expected_end_at) VALUES (?, ?, ?, ?, ?)',
      ),
      endFoster: sqlite.prepare('UPDATE foster_placements SET ended_at = ? WHERE id = ?'),
      insertEvent: sqlite.prepare(
        'INSERT INTO movement_events (pet_id, stay_id, kind, type, at, recorded_at, by, person_id, details) VALUES (@petId, @stayId, @kind, @type, @at, @recordedAt, @by, @personId, @details)',
      ),
      // The latest moment recorded in a stay: nothing new in it may be dated before.
      latestInStay: sqlite.prepare<{ stay: number }, { at: number; what: 'intake' | 'reservation' | 'foster' }>(
        `SELECT at, what FROM (
          SELECT intake_at AS at, 'intake' AS what FROM stays WHERE id = @stay
          UNION ALL SELECT max(reserved_at, coalesce(ended_at, 0)), 'reservation' FROM reservations WHERE stay_id = @stay
          UNION ALL SELECT max(started_at, coalesce(ended_at, 0)), 'foster' FROM foster_placements WHERE stay_id = @stay
        ) ORDER BY at DESC LIMIT 1`,
      ),
      reservationsOfStay: sqlite.prepare<[number], ReservationRow>(
        `${RESERVATION_SELECT} WHERE r.stay_id = ? ORDER BY r.reserved_at DESC, r.id DESC`,
      ),
      fostersOfStay: sqlite.prepare<[number], FosterRow>(
        `${FOSTER_SELECT} WHERE f.stay_id = ? ORDER BY f.started_at DESC, f.id DESC`,
      ),
    };
  }

  /**
   * Every animal in care has an open stay: one created without an intake (the API, `pets add`, an
   * import) gets one of type `unknown`, dated from its creation, here, on the first read or write of
   * movements after it, rather than by a trigger on every creation (which cost the API's POST 10 µs
   * and more). One `max(id)` read when nothing is new; ids only grow, so a pet seen once is never
   * looked at again.
   */
  openStaysForNewPets(): void {
    const last = this.statements.lastPetId.get()?.id ?? 0;
    if (last <= this.stayedUpTo) return;
    this.sqlite
      .transaction(() => {
        this.statements.openStaysForNewPets.run(this.stayedUpTo);
        this.stayedUpTo = this.statements.lastPetId.get()?.id ?? 0;
      })
      .immediate();
  }

  /** A transaction that takes the write lock from its start: for one that reads what it then writes. */
  immediateTransaction<T>(body: () => T): T {
    return this.sqlite.transaction(body).immediate();
  }

  stay(id: number): Stay | undefined {
    const row = this.statements.stay.get(id);
    return row ? this.withParts(row) : undefined;
  }

  openStay(petId: number): Stay | undefined {
    const row = this.statements.openStay.get(petId);
    return row ? this.withParts(row) : undefined;
  }

  lastStay(petId: number): Stay | undefined {
    const row = this.statements.lastStay.get(petId);
    return row ? this.withParts(row) : undefined;
  }

  /** Every stay of the animal, newest first, each with its reservations and placements (three queries, whatever the count). */
  staysOf(petId: number): Stay[] {
    const reservations = this.statements.reservationsOf.all(petId).map(toReservation);
    const fosters = this.statements.fostersOf.all(petId).map(toFoster);
    return this.statements.staysOf.all(petId).map((row) =>
      toStay(
        row,
        reservations.filter((each) => each.stayId === row.id),
        fosters.filter((each) => each.stayId === row.id),
      ),
    );
  }

  activeReservation(petId: number): Reservation | undefined {
    const row = this.statements.activeReservation.get(petId);
    return row ? toReservation(row) : undefined;
  }

  openFoster(petId: number): FosterPlacement | undefined {
    const row = this.statements.openFoster.get(petId);
    return row ? toFoster(row) : undefined;
  }

  latestInStay(stayId: number): { at: number; what: 'intake' | 'reservation' | 'foster' } | undefined {
    return this.statements.latestInStay.get({ stay: stayId });
  }

  insertStay(stay: NewStay): number {
    return Number(this.statements.insertStay.run(stay).lastInsertRowid);
  }

  amendIntake(stayId: number, intake: Omit<NewStay, 'petId'>): void {
    this.statements.amendIntake.run({ ...intake, stayId });
  }

  closeStay(stayId: number, outcome: StayOutcome): void {
    this.statements.closeStay.run({ ...outcome, stayId });
  }

  insertReservation(
    stayId: number,
    petId: number,
    personId: number,
    reservedAt: number,
    expiresAt: number | null,
  ): number {
    return Number(
      this.statements.insertReservation.run(stayId, petId, personId, reservedAt, expiresAt).lastInsertRowid,
    );
  }

  endReservation(id: number, at: number, end: NonNullable<Reservation['end']>): void {
    this.statements.endReservation.run(at, end, id);
  }

  /** Open reservations past their expiry at `now` that have not yet given their animal back (lapsed.ts). */
  lapsedReservations(now: number): Array<{ id: number; petId: number }> {
    return this.statements.lapsedReservations.all(now);
  }

  markLapsed(id: number, at: number): void {
    this.statements.markLapsed.run(at, id);
  }

  insertFoster(
    stayId: number,
    petId: number,
    personId: number,
    startedAt: number,
    expectedEndAt: number | null,
  ): number {
    return Number(this.statements.insertFoster.run(stayId, petId, personId, startedAt, expectedEndAt).lastInsertRowid);
  }

  endFoster(id: number, at: number): void {
    this.statements.endFoster.run(at, id);
  }

  insertEvent(event: NewEvent): void {
    this.statements.insertEvent.run({ ...event, details: JSON.stringify(event.details) });
  }

  /** Every row of the movement tables as stored, for the staff backup. */
  exportAll(): Record<'stays' | 'reservations' | 'fosterPlacements' | 'events', unknown[]> {
    this.openStaysForNewPets();
    const all = (table: string) => this.sqlite.prepare(`SELECT * FROM ${table} ORDER BY id`).all();
    return {
      stays: all('stays'),
      reservations: all('reservations'),
      fosterPlacements: all('foster_placements'),
      events: all('movement_events'),
    };
  }

  private withParts(row: StayRow): Stay {
    return toStay(
      row,
      this.statements.reservationsOfStay.all(row.id).map(toReservation),
      this.statements.fostersOfStay.all(row.id).map(toFoster),
    );
  }
}
