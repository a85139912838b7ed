import type Database from 'better-sqlite3';

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

/**
 * What the time-driven messages read of the movements: reservations about to expire, adoptions N
 * days old, who keeps an animal. Read only: the rows are the movements' (movements/store.ts).
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
}
