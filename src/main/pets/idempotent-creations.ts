import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Clock } from '../../shared/clock';
import { AppError } from '../../shared/errors';
import type { NewPet, Pet } from '../../shared/pet';

/** How long a first answer is kept for its retries (as Stripe does). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
/** Expired answers are dropped at most this often, on a write. */
const PRUNE_EVERY_MS = 60_000;

export interface IdempotentResult {
  pet: Pet;
  /** The answer is the first one again (no pet was created this time). */
  replayed: boolean;
}

interface Stored {
  requestHash: string;
  response: string;
}

/**
 * POST /pets with an Idempotency-Key: the first request creates, a retry with the same key and body
 * (from the same account, within 24 h) gets the first answer again, and the same key with another
 * body is refused. A retry that arrives while the first is still being written waits for it.
 */
export class IdempotentCreations {
  private readonly inFlight = new Map<string, { requestHash: string; created: Promise<Pet> }>();
  private readonly statements;
  private lastPrune = 0;

  constructor(
    sqlite: Database.Database,
    private readonly clock: Clock,
  ) {
    this.statements = {
      find: sqlite.prepare<[number, string, number], Stored>(
        'SELECT request_hash AS requestHash, response FROM idempotent_creations WHERE account_id = ? AND idempotency_key = ? AND created_at > ?',
      ),
      save: sqlite.prepare<[number, string, string, string, number, number]>(
        `INSERT INTO idempotent_creations (account_id, idempotency_key, request_hash, response, pet_id, created_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (account_id, idempotency_key) DO UPDATE SET request_hash = excluded.request_hash, response = excluded.response, pet_id = excluded.pet_id, created_at = excluded.created_at`,
      ),
      prune: sqlite.prepare<[number]>('DELETE FROM idempotent_creations WHERE created_at <= ?'),
    };
  }

  async create(accountId: number, key: string, input: NewPet, create: () => Promise<Pet>): Promise<IdempotentResult> {
    const id = `${accountId}\n${key}`;
    const requestHash = hashOf(input);
    const pending = this.inFlight.get(id);
    if (pending) {
      if (pending.requestHash !== requestHash) throw mismatch(key);
      return { pet: await pending.created, replayed: true };
    }
    const now = this.clock.now();
    const stored = this.statements.find.get(accountId, key, now - IDEMPOTENCY_TTL_MS);
    if (stored) {
      if (stored.requestHash !== requestHash) throw mismatch(key);
      return { pet: JSON.parse(stored.response) as Pet, replayed: true };
    }
    const created = create();
    this.inFlight.set(id, { requestHash, created });
    try {
      const pet = await created;
      this.statements.save.run(accountId, key, requestHash, JSON.stringify(pet), pet.id, this.clock.now());
      this.pruneNow();
      return { pet, replayed: false };
    } finally {
      this.inFlight.delete(id);
    }
  }

  private pruneNow(): void {
    const now = this.clock.now();
    if (now - this.lastPrune < PRUNE_EVERY_MS && now >= this.lastPrune) return;
    this.lastPrune = now;
    this.statements.prune.run(now - IDEMPOTENCY_TTL_MS);
  }
}

/** The body as parsed (its fields in the schema's order), so spacing or key order does not make a retry "another body". */
function hashOf(input: NewPet): string {
  const { name, categoryId, status } = input;
  return createHash('sha256')
    .update(JSON.stringify([name, categoryId, status ?? null]))
    .digest('hex');
}

function mismatch(key: string): AppError {
  return new AppError(
    'idempotency_mismatch',
    `Idempotency-Key "${key}" was first sent with another body: a retry must send the same body; use a new key for a new pet.`,
  );
}
