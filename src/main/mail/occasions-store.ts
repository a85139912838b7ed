import type Database from 'better-sqlite3';
import type { mailSkippedOccasions } from '../db/schema-mail';

export interface ExpiringReservation {
  reservationId: number;
  petId: number;
  petName: string;
  personId: number;
  expiresAt: number;
}

export interface AdoptionOccasion {
  stayId: number;
  petId: number;
  petName: string;
  personId: number;
  adoptedAt: number;
}

/** Who has the animal now, for a dose reminder: its foster, else the adopter of an adoption not returned. */
export type Keeper = { role: 'foster' | 'adopter'; personId: number; petName: string } | null;

/** Why a time-driven occasion was settled without a message: asking again would change nothing. */
export type SkipReason = (typeof mailSkippedOccasions.$inferSelect)['reason'];

/**
 * What the time-driven messages read of the movements: reservations about to expire, adoptions N
 * days old, who keeps an animal. Read only: the rows are the movements' (movements/store.ts). Its
 * one table of its own holds the occasions settled without a message.
 */
export class OccasionsStore {
  private readonly statements;

  constructor(sqlite: Database.Database) {
    this.statements = {
      expiring: sqlite.prepare<[number, number], ExpiringReservation>(
        `SELECT r.id AS reservationId, r.pet_id AS petId, p.name AS petName, r.person_id AS personId, r.expires_at AS expiresAt
         FROM reservations r JOIN pets p ON p.id = r.pet_id
         WHERE r.ended_at IS NULL AND r.lapsed_at IS NULL AND r.expires_at > ? AND r.expires_at <= ? ORDER BY r.id`,
      ),
      adoptions: sqlite.prepare<[number, number], AdoptionOccasion>(
        `SELECT s.id AS stayId, s.pet_id AS petId, p.name AS petName, s.outcome_person_id AS personId, s.outcome_at AS adoptedAt
         FROM stays s JOIN pets p ON p.id = s.pet_id
         WHERE s.outcome_type = 'adoption' AND s.outcome_person_id IS NOT NULL AND s.outcome_at > ? AND s.outcome_at <= ?
           AND NOT EXISTS (SELECT 1 FROM stays later WHERE later.pet_id = s.pet_id AND later.intake_at >= s.outcome_at AND later.id <> s.id)
         ORDER BY s.id`,
      ),
      foster: sqlite.prepare<[number], { personId: number; petName: string }>(
        `SELECT f.person_id AS personId, p.name AS petName FROM foster_placements f JOIN pets p ON p.id = f.pet_id
         WHERE f.pet_id = ? AND f.ended_at IS NULL`,
      ),
      adopter: sqlite.prepare<[number], { personId: number; petName: string }>(
        `SELECT s.outcome_person_id AS personId, p.name AS petName FROM stays s JOIN pets p ON p.id = s.pet_id
         WHERE s.pet_id = ? AND s.outcome_type = 'adoption' AND s.outcome_person_id IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM stays open WHERE open.pet_id = s.pet_id AND open.outcome_at IS NULL)
         ORDER BY s.outcome_at DESC, s.id DESC LIMIT 1`,
      ),
      reservation: sqlite.prepare<[number], ExpiringReservation & { expiresAt: number | null }>(
        `SELECT r.id AS reservationId, r.pet_id AS petId, p.name AS petName, r.person_id AS personId, r.expires_at AS expiresAt
         FROM reservations r JOIN pets p ON p.id = r.pet_id WHERE r.id = ?`,
      ),
      petName: sqlite.prepare<[number], { name: string }>('SELECT name FROM pets WHERE id = ?'),
      skipped: sqlite.prepare<[string], { reason: SkipReason }>(
        'SELECT reason FROM mail_skipped_occasions WHERE occasion = ?',
      ),
      skip: sqlite.prepare<[string, SkipReason, number]>(
        'INSERT INTO mail_skipped_occasions (occasion, reason, skipped_at) VALUES (?, ?, ?) ON CONFLICT (occasion) DO NOTHING',
      ),
    };
  }

  /** Reservations still holding their animal whose expiry falls in (from, to]. */
  expiring(from: number, to: number): ExpiringReservation[] {
    return this.statements.expiring.all(from, to);
  }

  /** Adoptions made in (from, to] whose animal has not come back since. */
  adoptions(from: number, to: number): AdoptionOccasion[] {
    return this.statements.adoptions.all(from, to);
  }

  keeper(petId: number): Keeper {
    const foster = this.statements.foster.get(petId);
    if (foster) return { role: 'foster', ...foster };
    const adopter = this.statements.adopter.get(petId);
    return adopter ? { role: 'adopter', ...adopter } : null;
  }

  reservation(id: number): (Omit<ExpiringReservation, 'expiresAt'> & { expiresAt: number | null }) | undefined {
    return this.statements.reservation.get(id);
  }

  petName(petId: number): string | undefined {
    return this.statements.petName.get(petId)?.name;
  }

  /** Why this occasion was settled without a message, if it was. */
  skipped(occasion: string): SkipReason | undefined {
    return this.statements.skipped.get(occasion)?.reason;
  }

  /** Settles an occasion without a message, the first reason kept. */
  skip(occasion: string, reason: SkipReason, at: number): void {
    this.statements.skip.run(occasion, reason, at);
  }
}
