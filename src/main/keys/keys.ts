import { and, asc, eq, isNull } from 'drizzle-orm';
import { KeyLabelSchema, type NewAccount } from '../../shared/admin-schemas';
import type { Clock } from '../../shared/clock';
import type { Environment } from '../../shared/environments';
import { AppError } from '../../shared/errors';
import { isoInstant } from '../../shared/instants';
import type { Account, ApiKeyRecord } from '../../shared/models';
import type { Store } from '../db/connection';
import { apiKeys } from '../db/schema';
import type { AccountService } from '../accounts/accounts';
import { displayPrefixOf, generateApiKey, hashApiKey, isWellFormedApiKey } from './key-format';
import type { Changes } from '../db/changes';
import { parseOrThrow } from '../../shared/validation';

export type { ApiKeyRecord };

/** Who a valid key speaks for. */
export interface KeyIdentity {
  keyId: number;
  accountId: number;
}

/** last_used_at is for people; writing it more than once a minute per key buys nothing. */
const LAST_USED_RESOLUTION_MS = 60_000;

const KEY_CACHE_MAX = 10_000;

const recordColumns = {
  id: apiKeys.id,
  accountId: apiKeys.accountId,
  displayPrefix: apiKeys.displayPrefix,
  label: apiKeys.label,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};

export class KeyService {
  /** hash → identity, or null for a hash known not to be a live key. */
  private readonly cache = new Map<string, (KeyIdentity & { lastUsedAt: number | null }) | null>();
  /** Last-use times not yet written, by key id (one entry per key at most). */
  private readonly unwrittenLastUse = new Map<number, number>();
  /** presented well-formed key → its hash */
  private readonly recentHashes = new Map<string, string>();

  constructor(
    private readonly db: Store,
    private readonly clock: Clock,
    private readonly environment: Environment,
    private readonly accounts: AccountService,
    private readonly changes: Changes,
  ) {
    changes.on((topic) => {
      if (topic === 'keys') {
        this.cache.clear();
        this.recentHashes.clear();
      }
    });
  }

  /** The plaintext is returned here once and never stored. */
  create(input: { accountId: number; label?: string }): { key: string; record: ApiKeyRecord } {
    const label = parseOrThrow(KeyLabelSchema, input.label ?? '', 'label');
    this.accounts.get(input.accountId);
    return this.insertKey(input.accountId, label);
  }

  /**
   * A key on a new account of its own (so it shares no quota), in one transaction: the account is
   * named after the label, or after the plan; a name already taken gets " (2)", " (3)", …
   */
  createOnNewAccount(input: { account: Omit<NewAccount, 'name'>; label?: string }): {
    key: string;
    record: ApiKeyRecord;
    account: Account;
  } {
    const label = parseOrThrow(KeyLabelSchema, input.label ?? '', 'label');
    return this.db.transaction(
      () => {
        const account = this.accounts.createWithFreeName({
          ...input.account,
          name: label || `${input.account.planId} account`,
        });
        return { ...this.insertKey(account.id, label), account };
      },
      { behavior: 'immediate' },
    );
  }

  list(filter: { accountId?: number } = {}): ApiKeyRecord[] {
    const where = filter.accountId === undefined ? undefined : eq(apiKeys.accountId, filter.accountId);
    return this.db.select(recordColumns).from(apiKeys).where(where).orderBy(asc(apiKeys.id)).all();
  }

  /** The one answer to "does this key exist" (revoked or not); the request log and the quota ask here too. */
  find(id: number): ApiKeyRecord | undefined {
    return this.db.select(recordColumns).from(apiKeys).where(eq(apiKeys.id, id)).get();
  }

  get(id: number): ApiKeyRecord {
    const row = this.find(id);
    if (!row) throw new AppError('not_found', `API key ${id} does not exist.`);
    return row;
  }

  /** Takes the key's id or the plaintext key itself. A key already revoked is refused (`conflict`). */
  revoke(idOrKey: string | number): ApiKeyRecord {
    const id = this.resolveId(idOrKey);
    const revoked = this.db
      .update(apiKeys)
      .set({ revokedAt: this.clock.now() })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning(recordColumns)
      .get();
    if (!revoked) {
      const key = this.get(id);
      throw new AppError(
        'conflict',
        `Key ${key.id} (${key.displayPrefix}) was already revoked on ${isoInstant(key.revokedAt ?? 0)}.`,
      );
    }
    this.changes.emit('keys');
    return revoked;
  }

  /** A new key for the same account and label; the old one stops working at once. */
  rotate(id: number): { key: string; record: ApiKeyRecord } {
    const old = this.get(id);
    if (old.revokedAt !== null) throw new AppError('conflict', `API key ${id} is revoked; issue a new key instead.`);
    return this.db.transaction(() => {
      const fresh = this.insertKey(old.accountId, old.label);
      this.revoke(id);
      return fresh;
    });
  }

  setLabel(id: number, label: string): ApiKeyRecord {
    const clean = parseOrThrow(KeyLabelSchema, label, 'label');
    this.get(id);
    this.db.update(apiKeys).set({ label: clean }).where(eq(apiKeys.id, id)).run();
    this.changes.emit('keys');
    return this.get(id);
  }

  /** The hot path of every request: checksum first, then a cached lookup by hash. */
  authenticate(key: string): KeyIdentity | null {
    // Memory only (never stored): spares the checksum and SHA-256 for a key seen since the last change.
    let hash = this.recentHashes.get(key);
    if (hash === undefined) {
      if (!isWellFormedApiKey(key, this.environment)) return null;
      hash = hashApiKey(key);
      if (this.recentHashes.size >= KEY_CACHE_MAX) this.recentHashes.clear();
      this.recentHashes.set(key, hash);
    }
    let entry = this.cache.get(hash);
    if (entry === undefined) {
      const row = this.db
        .select({ keyId: apiKeys.id, accountId: apiKeys.accountId, lastUsedAt: apiKeys.lastUsedAt })
        .from(apiKeys)
        .where(and(eq(apiKeys.hash, hash), isNull(apiKeys.revokedAt)))
        .get();
      entry = row ?? null;
      // Guessed keys with a valid checksum must not grow the cache without bound.
      if (this.cache.size >= KEY_CACHE_MAX) this.cache.clear();
      this.cache.set(hash, entry);
    }
    if (!entry) return null;
    const now = this.clock.now();
    if (entry.lastUsedAt === null || now - entry.lastUsedAt >= LAST_USED_RESOLUTION_MS) {
      entry.lastUsedAt = now;
      // Written by the usage flush: a request that only reads must not fail on a busy or full disk.
      this.unwrittenLastUse.set(entry.keyId, now);
    }
    return { keyId: entry.keyId, accountId: entry.accountId };
  }

  /** Writes the last-use times noted since the last call; when the write fails they wait for the next. */
  flushLastUse(): void {
    if (this.unwrittenLastUse.size === 0) return;
    const pending = [...this.unwrittenLastUse];
    this.db.transaction((tx) => {
      for (const [keyId, at] of pending) tx.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, keyId)).run();
    });
    for (const [keyId, at] of pending) if (this.unwrittenLastUse.get(keyId) === at) this.unwrittenLastUse.delete(keyId);
  }

  private insertKey(accountId: number, label: string): { key: string; record: ApiKeyRecord } {
    const key = generateApiKey(this.environment);
    const record = this.db
      .insert(apiKeys)
      .values({
        accountId,
        hash: hashApiKey(key),
        displayPrefix: displayPrefixOf(key),
        label,
        createdAt: this.clock.now(),
      })
      .returning(recordColumns)
      .get();
    this.changes.emit('keys');
    return { key, record };
  }

  private resolveId(idOrKey: string | number): number {
    if (typeof idOrKey === 'number' || /^\d+$/.test(idOrKey)) return this.get(Number(idOrKey)).id;
    const row = this.db
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(eq(apiKeys.hash, hashApiKey(idOrKey.trim())))
      .get();
    if (!row) throw new AppError('not_found', 'No API key matches that id or key.');
    return row.id;
  }
}
