import type Database from 'better-sqlite3';
import type { Clock } from '../../shared/clock';
import { AppError } from '../../shared/errors';
import {
  MovementQuerySchema,
  TodayQuerySchema,
  MOVEMENT_KINDS,
  type AnimalRecord,
  type FosterDue,
  type LongestInCare,
  type MovementEvent,
  type MovementQuery,
  type OutcomeType,
  type PersonMovements,
  type Stay,
  type TodayQuery,
  type TodaySummary,
  type WaitingReservation,
} from '../../shared/movements';
import type { PetPhoto } from '../../shared/photos';
import { parseOrThrow } from '../../shared/validation';
import type { PetService } from '../pets/pets';
import {
  adoptionContractData,
  agreementData,
  type AdoptionContractData,
  type AgreementRecord,
  type ContractSources,
} from './contract-data';
import { releaseLapsedReservations } from './lapsed';
import { personRef, toFoster, toReservation, type MovementStore } from './store';

const DAY_MS = 86_400_000;

/** A movement event as its row reads: the person as three columns, the details as JSON text. */
type EventRow = Omit<MovementEvent, 'person' | 'details'> & {
  personId: number | null;
  personName: string | null;
  personForgotten: number | null;
  details: string;
};

/*
 * The recorded events, and beside them the intakes creation gave (`unknown`, never an event row of
 * their own so that the API's creations stay one insert cheaper): one list, newest first.
 */
const RECORDED = `SELECT e.id AS id, e.pet_id AS petId, p.name AS petName, e.stay_id AS stayId, e.kind AS kind, e.type AS type, e.at AS at,
  e.recorded_at AS recordedAt, e.by AS "by", e.person_id AS personId, pp.name AS personName, pp.forgotten_at AS personForgotten, e.details AS details
  FROM movement_events e JOIN pets p ON p.id = e.pet_id LEFT JOIN people pp ON pp.id = e.person_id`;
const WITH_CREATION = `SELECT NULL AS id, s.pet_id AS petId, p.name AS petName, s.id AS stayId, 'intake' AS kind, 'unknown' AS type, s.intake_at AS at,
  s.intake_at AS recordedAt, NULL AS "by", NULL AS personId, NULL AS personName, NULL AS personForgotten, '{"withCreation":true}' AS details
  FROM stays s JOIN pets p ON p.id = s.pet_id WHERE s.intake_type = 'unknown'`;

function toEvent({ personId, personName, personForgotten, details, ...row }: EventRow): MovementEvent {
  return {
    ...row,
    person: personRef(personId, personName, personForgotten),
    details: JSON.parse(details) as Record<string, unknown>,
  };
}

/** What other areas hold about an animal (its photos, profile) and the shelter, read for a record or a contract. */
export interface RecordParts extends Omit<ContractSources, 'stay'> {
  /** The pet's cover photo, if it has photos. */
  cover(petId: number): PetPhoto | null;
  /** The pet's kennel, from its private profile. */
  kennel(petId: number): string | null;
}

/** What the pages read: an animal's record, the movement list, the shelter's day, a person's movements. */
export class ShelterDay {
  constructor(
    private readonly sqlite: Database.Database,
    private readonly clock: Clock,
    private readonly store: MovementStore,
    private readonly pets: PetService,
    private readonly parts: RecordParts,
  ) {}

  /** The animals placed with this person now (an open foster placement): what a foster's login may reach. */
  fosteredBy(personId: number): number[] {
    return this.sqlite
      .prepare<[number], { petId: number }>(
        'SELECT DISTINCT pet_id AS petId FROM foster_placements WHERE person_id = ? AND ended_at IS NULL',
      )
      .all(personId)
      .map((row) => row.petId);
  }

  /** Movements, newest first: by time (`from` inclusive, `to` exclusive), kind or type, animal, person. */
  list(input: MovementQuery = {}): MovementEvent[] {
    this.catchUp();
    const query = parseOrThrow(MovementQuerySchema, input, 'query');
    const recorded: string[] = [];
    const created: string[] = [];
    const values: Record<string, unknown> = { limit: query.limit ?? 200, offset: query.offset ?? 0 };
    if (query.from !== undefined) {
      recorded.push('e.at >= @from');
      created.push('s.intake_at >= @from');
      values.from = query.from;
    }
    if (query.to !== undefined) {
      recorded.push('e.at < @to');
      created.push('s.intake_at < @to');
      values.to = query.to;
    }
    if (query.petId !== undefined) {
      recorded.push('e.pet_id = @petId');
      created.push('s.pet_id = @petId');
      values.petId = query.petId;
    }
    let withCreation = query.personId === undefined;
    if (query.personId !== undefined) {
      recorded.push('e.person_id = @personId');
      values.personId = query.personId;
    }
    if (query.type !== undefined) {
      values.type = query.type;
      if ((MOVEMENT_KINDS as readonly string[]).includes(query.type)) {
        recorded.push('e.kind = @type');
        withCreation &&= query.type === 'intake';
      } else {
        recorded.push('e.type = @type');
        withCreation &&= query.type === 'unknown';
      }
    }
    const where = (clauses: string[], joiner: string) =>
      clauses.length > 0 ? `${joiner} ${clauses.join(' AND ')}` : '';
    const sql = withCreation
      ? `SELECT * FROM (${RECORDED} ${where(recorded, 'WHERE')} UNION ALL ${WITH_CREATION} ${where(created, 'AND')}) ORDER BY at DESC, stayId DESC, id DESC LIMIT @limit OFFSET @offset`
      : `${RECORDED} ${where(recorded, 'WHERE')} ORDER BY e.at DESC, e.id DESC LIMIT @limit OFFSET @offset`;
    return this.sqlite.prepare<Record<string, unknown>, EventRow>(sql).all(values).map(toEvent);
  }

  /** One animal's record page in one read: header facts, every stay with its reservations and placements, the history. */
  record(petId: number): AnimalRecord {
    this.catchUp();
    const pet = this.pets.getRecord(petId);
    const stays = this.store.staysOf(petId);
    const openStay = stays.find((stay) => stay.outcomeAt === null) ?? null;
    const last = stays[0];
    const foster = openStay?.fosters.find((placement) => placement.endedAt === null);
    const location: AnimalRecord['location'] = foster
      ? { kind: 'foster', placement: foster }
      : !openStay && last?.outcomeType && last.outcomeAt !== null
        ? { kind: 'left_care', outcomeType: last.outcomeType, at: last.outcomeAt }
        : { kind: 'kennel', kennel: this.parts.kennel(petId) };
    return {
      pet,
      cover: this.parts.cover(petId),
      location,
      daysInCare: openStay ? Math.max(0, Math.floor((this.clock.now() - openStay.intakeAt) / DAY_MS)) : null,
      openStay,
      activeReservation: openStay?.reservations.find((reservation) => reservation.endedAt === null) ?? null,
      stays,
      events: this.list({ petId, limit: 5000 }),
      statusHistory: this.pets.history(petId),
    };
  }

  /** The shelter's day (its own midnight to midnight, by `utcOffsetMinutes`): what came and went, what waits, who is due back. */
  today(input: TodayQuery = {}): TodaySummary {
    this.catchUp();
    const query = parseOrThrow(TodayQuerySchema, input, 'query');
    const now = this.clock.now();
    const offset = (query.utcOffsetMinutes ?? 0) * 60_000;
    const from = Math.floor((now + offset) / DAY_MS) * DAY_MS - offset;
    const to = from + DAY_MS;
    const waitingSince = now - (query.waitingDays ?? 7) * DAY_MS;
    const arrivals = this.list({ from: isoOf(from), to: isoOf(to), type: 'intake', limit: 500 });
    const outcomes = this.list({ from: isoOf(from), to: isoOf(to), type: 'outcome', limit: 500 });
    const count = (sql: string) => this.sqlite.prepare<[], { n: number }>(sql).get()?.n ?? 0;
    const reservationsWaiting: WaitingReservation[] = this.sqlite
      .prepare<[number, number], Parameters<typeof toReservation>[0] & { petName: string }>(
        `SELECT r.id, r.stay_id AS stayId, r.pet_id AS petId, r.reserved_at AS reservedAt, r.expires_at AS expiresAt, r.ended_at AS endedAt, r."end" AS "end", r.lapsed_at AS lapsedAt,
          r.person_id AS personId, pp.name AS personName, pp.forgotten_at AS personForgotten, p.name AS petName
          FROM reservations r JOIN pets p ON p.id = r.pet_id JOIN people pp ON pp.id = r.person_id
          WHERE r.ended_at IS NULL AND (r.reserved_at <= ? OR r.expires_at <= ?) ORDER BY r.reserved_at LIMIT 200`,
      )
      .all(waitingSince, now)
      .map(({ petName, ...row }) => ({
        reservation: toReservation(row),
        petName,
        days: Math.floor((now - row.reservedAt) / DAY_MS),
        expired: row.expiresAt !== null && row.expiresAt <= now,
      }));
    const fostersDue: FosterDue[] = this.sqlite
      .prepare<[number], Parameters<typeof toFoster>[0] & { petName: string }>(
        `SELECT f.id, f.stay_id AS stayId, f.pet_id AS petId, f.started_at AS startedAt, f.expected_end_at AS expectedEndAt, f.ended_at AS endedAt,
          f.person_id AS personId, pp.name AS personName, pp.forgotten_at AS personForgotten, p.name AS petName
          FROM foster_placements f JOIN pets p ON p.id = f.pet_id JOIN people pp ON pp.id = f.person_id
          WHERE f.ended_at IS NULL AND f.expected_end_at < ? ORDER BY f.expected_end_at LIMIT 200`,
      )
      .all(to)
      .map(({ petName, ...row }) => ({
        placement: toFoster(row),
        petName,
        overdueDays:
          row.expectedEndAt !== null && row.expectedEndAt < from ? Math.ceil((from - row.expectedEndAt) / DAY_MS) : 0,
      }));
    const longestInCare: LongestInCare[] = this.sqlite
      .prepare<[number], Omit<LongestInCare, 'days'>>(
        `SELECT s.pet_id AS petId, p.name AS petName, p.status AS status, s.intake_type AS intakeType, s.intake_at AS intakeAt
          FROM stays s JOIN pets p ON p.id = s.pet_id WHERE s.outcome_at IS NULL ORDER BY s.intake_at, s.id LIMIT ?`,
      )
      .all(query.longest ?? 10)
      .map((row) => ({ ...row, days: Math.floor((now - row.intakeAt) / DAY_MS) }));
    return {
      from,
      to,
      counts: {
        inCare: count('SELECT count(*) AS n FROM stays WHERE outcome_at IS NULL'),
        inFoster: count('SELECT count(*) AS n FROM foster_placements WHERE ended_at IS NULL'),
        // An expired reservation holds no animal: it waits among reservationsWaiting, not here.
        reserved: count('SELECT count(*) AS n FROM reservations WHERE ended_at IS NULL AND lapsed_at IS NULL'),
        arrivals: arrivals.length,
        outcomes: outcomes.length,
      },
      arrivals,
      outcomes,
      reservationsWaiting,
      fostersDue,
      longestInCare,
    };
  }

  /** A person's page: every movement they took part in, and the animals those were about. */
  personMovements(personId: number): PersonMovements {
    this.catchUp();
    const events = this.list({ personId, limit: 5000 });
    const ids = [...new Set(events.map((event) => event.petId))];
    const animals = ids.flatMap((id) => {
      if (!this.pets.get(id)) return [];
      const pet = this.pets.getRecord(id);
      return [{ id, name: pet.name, status: pet.status, departure: pet.departure }];
    });
    return { events, animals };
  }

  /**
   * How each animal no longer in care left (its last stay's outcome), by pet id: what a publisher
   * needs to say "Found a home" for an adoption only and leave the others out. Outcome types only:
   * no person, no date, nothing private. A pet not yet given its `unknown` stay has not left, so
   * this reads without writing it (the site reads this at every publish).
   */
  departures(): Map<number, OutcomeType> {
    const rows = this.sqlite
      .prepare<[], { petId: number; outcomeType: OutcomeType }>(
        `SELECT s.pet_id AS petId, s.outcome_type AS outcomeType FROM stays s
          WHERE s.outcome_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM stays o WHERE o.pet_id = s.pet_id AND (o.outcome_at IS NULL OR o.intake_at > s.intake_at OR (o.intake_at = s.intake_at AND o.id > s.id)))`,
      )
      .all();
    return new Map(rows.map((row) => [row.petId, row.outcomeType]));
  }

  /**
   * When each animal's current stay began (its last stay's intake), by pet id: the arrival date the
   * portals publish. A date only: no person, nothing private.
   */
  intakeMoments(): Map<number, number> {
    const rows = this.sqlite
      .prepare<[], { petId: number; intakeAt: number }>(
        `SELECT s.pet_id AS petId, s.intake_at AS intakeAt FROM stays s
          WHERE NOT EXISTS (SELECT 1 FROM stays o WHERE o.pet_id = s.pet_id AND (o.intake_at > s.intake_at OR (o.intake_at = s.intake_at AND o.id > s.id)))`,
      )
      .all();
    return new Map(rows.map((row) => [row.petId, row.intakeAt]));
  }

  /** The stay, or not_found: a contract or a link names a stay by id. */
  stay(stayId: number): Stay {
    this.catchUp();
    const stay = this.store.stay(stayId);
    if (!stay) throw new AppError('not_found', `Stay ${stayId} does not exist.`);
    return stay;
  }

  /** Reads the records as of now: new pets' stays written, lapsed reservations let go (lapsed.ts). */
  private catchUp(): void {
    this.store.openStaysForNewPets();
    releaseLapsedReservations(this.store, this.pets, this.clock.now());
  }

  /** The adoption contract's data (the PDF's seam): the stay must have ended in an adoption. */
  adoptionContractData(stayId: number): AdoptionContractData {
    this.catchUp();
    return adoptionContractData({ ...this.parts, stay: (id) => this.stay(id) }, stayId);
  }

  /** A return agreement's or a foster agreement's data, from the records as they are now. */
  agreementData(stayId: number, kind: 'return' | 'foster', placementId: number | null): AgreementRecord {
    this.catchUp();
    return agreementData({ ...this.parts, stay: (id) => this.stay(id) }, stayId, kind, placementId);
  }
}

function isoOf(ms: number): string {
  return new Date(ms).toISOString();
}
