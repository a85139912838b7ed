import type Database from 'better-sqlite3';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { PetRecord, StatusChange } from '../../shared/models';
import type { BrowsePets } from '../../shared/admin-schemas';
import { foldForSearch } from '../../shared/names';
import type { NewPet, Pet, PetStatus } from '../../shared/pet';
import type { Departure } from '../../shared/outcomes';
import type { Species } from '../../shared/species';

/** A status a movement sets: when the movement happened (null: as recorded), and how the animal left when that was no adoption. */
export interface StatusMovement {
  happenedAt: number | null;
  departure: Departure | null;
}
import type { Store } from '../db/connection';
import { petStatusHistory, pets } from '../db/schema';
import { escapeLike } from '../db/sql-functions';

/** What staff see of a pet; the folded name is only for search. */
const recordColumns = {
  id: pets.id,
  name: pets.name,
  categoryId: pets.categoryId,
  status: pets.status,
  createdAt: pets.createdAt,
  updatedAt: pets.updatedAt,
  version: pets.version,
  departure: pets.departure,
};

/** Every write of the animal adds one to its version; a creation starts at 1 (the column's default, so the API's insert is unchanged). */
const NEXT_VERSION = sql`${pets.version} + 1`;

const PUBLIC_SELECT = 'SELECT id, name, category_id AS categoryId, status FROM pets';
/** The public API lists the animals offered or adopted: one that left care otherwise found no home, and `sold` would say it did. */
const LISTED = 'departure IS NULL';

/** A pet with its category's name, as the outputs to the public (publishing/) read it. */
export interface PetWithCategory {
  id: number;
  name: string;
  status: PetStatus;
  categoryId: number;
  category: string;
  species: Species;
  updatedAt: number;
}

const WITH_CATEGORY = `SELECT pets.id AS id, pets.name AS name, pets.status AS status, pets.category_id AS categoryId, categories.name AS category, categories.species AS species, pets.updated_at AS updatedAt
  FROM pets JOIN categories ON categories.id = pets.category_id`;

/** The public API's hot paths, prepared once: building SQL per request cost more than running it. */
function prepareStatements(sqlite: Database.Database) {
  return {
    page: sqlite.prepare<[number, number], Pet>(`${PUBLIC_SELECT} WHERE id > ? AND ${LISTED} ORDER BY id LIMIT ?`),
    pageByStatus: sqlite.prepare<[PetStatus, number, number], Pet>(
      `${PUBLIC_SELECT} WHERE status = ? AND id > ? AND ${LISTED} ORDER BY id LIMIT ?`,
    ),
    get: sqlite.prepare<[number], Pet>(`${PUBLIC_SELECT} WHERE id = ?`),
    listed: sqlite.prepare<[number], Pet>(`${PUBLIC_SELECT} WHERE id = ? AND ${LISTED}`),
    // No RETURNING: the new pet is what was given plus its rowid, and a RETURNING row costs a tenth of a creation.
    insert: sqlite.prepare<[string, string, number, PetStatus, number, number]>(
      'INSERT INTO pets (name, name_folded, category_id, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    withCategories: sqlite.prepare<[], PetWithCategory>(`${WITH_CATEGORY} ORDER BY pets.id`),
    withCategoryByStatus: sqlite.prepare<[PetStatus], PetWithCategory>(
      `${WITH_CATEGORY} WHERE pets.status = ? ORDER BY pets.id`,
    ),
    withCategory: sqlite.prepare<[number], PetWithCategory>(`${WITH_CATEGORY} WHERE pets.id = ?`),
  };
}

/**
 * The pets and their status history in SQLite: prepared statements for the public API's hot paths
 * (a page, one pet, a creation), drizzle for staff's reads and writes. No rules here: PetService
 * checks what is written.
 */
export class PetStore {
  private readonly statements: ReturnType<typeof prepareStatements>;

  /**
   * One transaction function made once, running whatever body it is given: better-sqlite3 builds four
   * wrapped functions and their properties for each `transaction()` call, which cost more than the
   * BEGIN, the INSERT and the COMMIT of an API creation together.
   */
  private readonly inTransaction: (body: () => unknown) => unknown;

  constructor(
    private readonly db: Store,
    private readonly sqlite: Database.Database,
  ) {
    this.statements = prepareStatements(sqlite);
    this.inTransaction = sqlite.transaction((body: () => unknown) => body()).immediate;
  }

  /**
   * Runs `body` in one transaction (one WAL write for everything it writes), holding the write lock
   * from its start: a save whose check reads first, racing one from another connection, waits and
   * then reads the new version, instead of failing to upgrade its read.
   */
  transaction<T>(body: () => T): T {
    return this.inTransaction(body) as T;
  }

  /** Up to `limit` listed pets (none that left care other than by adoption) after `afterId`, in id order. */
  page(afterId: number, limit: number, status?: PetStatus): Pet[] {
    return status ? this.statements.pageByStatus.all(status, afterId, limit) : this.statements.page.all(afterId, limit);
  }

  get(id: number): Pet | undefined {
    return this.statements.get.get(id);
  }

  /** The pet as the public API may show it: undefined for one that left care other than by adoption. */
  listed(id: number): Pet | undefined {
    return this.statements.listed.get(id);
  }

  /**
   * One row in `pets` and nothing else: the status a pet was created with is not written to the
   * history, which holds only changes (see PetService.history), so a creation touches half the pages it would.
   */
  insert(input: NewPet, now: number): Pet {
    const status = input.status ?? 'available';
    const { lastInsertRowid } = this.statements.insert.run(
      input.name,
      foldForSearch(input.name),
      input.categoryId,
      status,
      now,
      now,
    );
    return { id: Number(lastInsertRowid), name: input.name, categoryId: input.categoryId, status };
  }

  /** Every pet with its category's name, in id order; with `status`, the pets of that status only. */
  withCategories(status?: PetStatus): PetWithCategory[] {
    return status ? this.statements.withCategoryByStatus.all(status) : this.statements.withCategories.all();
  }

  withCategory(id: number): PetWithCategory | undefined {
    return this.statements.withCategory.get(id);
  }

  /** Search by part of the name folded for search (case and accents ignored), filters, sort and offset paging, with the total for the pager. */
  browse(query: BrowsePets): { pets: PetRecord[]; total: number } {
    const filters: SQL[] = [];
    // "Adopted" means adopted: an animal that left care otherwise has a filter of its own.
    if (query.status === 'left_care') filters.push(isNotNull(pets.departure));
    else if (query.status)
      filters.push(eq(pets.status, query.status), ...(query.status === 'sold' ? [isNull(pets.departure)] : []));
    if (query.categoryId !== undefined) filters.push(eq(pets.categoryId, query.categoryId));
    const search = foldForSearch(query.search?.trim() ?? '');
    if (search) filters.push(sql`${pets.nameFolded} LIKE ${`%${escapeLike(search)}%`} ESCAPE '\\'`);
    const where = and(...filters);
    const column = pets[query.sort ?? 'id'];
    const order = query.direction === 'desc' ? [desc(column), desc(pets.id)] : [asc(column), asc(pets.id)];
    const rows = this.db
      .select(recordColumns)
      .from(pets)
      .where(where)
      .orderBy(...order)
      .limit(query.limit ?? 50)
      .offset(query.offset ?? 0)
      .all();
    const total =
      this.db
        .select({ n: sql<number>`count(*)` })
        .from(pets)
        .where(where)
        .get()?.n ?? 0;
    return { pets: rows, total };
  }

  record(id: number): PetRecord | undefined {
    return this.db.select(recordColumns).from(pets).where(eq(pets.id, id)).get();
  }

  /** Writes only what is given (drizzle leaves out what is undefined); a new name gets its folded form. */
  update(id: number, change: { name?: string; categoryId?: number }, now: number): void {
    const nameFolded = change.name === undefined ? undefined : foldForSearch(change.name);
    this.db
      .update(pets)
      .set({ name: change.name, nameFolded, categoryId: change.categoryId, updatedAt: now, version: NEXT_VERSION })
      .where(eq(pets.id, id))
      .run();
  }

  /** A write elsewhere to the animal (its profile) is a new version of it too. */
  touch(id: number, now: number): void {
    this.db.update(pets).set({ updatedAt: now, version: NEXT_VERSION }).where(eq(pets.id, id)).run();
  }

  /**
   * The new status and its line in the history, in one transaction. Returns the status before (when
   * it is the same one, nothing is written), or undefined when there is no such pet.
   */
  setStatus(
    id: number,
    status: PetStatus,
    now: number,
    movement: StatusMovement = { happenedAt: null, departure: null },
  ): PetStatus | undefined {
    const departure = status === 'sold' ? movement.departure : null;
    return this.db.transaction((tx) => {
      const current = tx
        .select({ status: pets.status, departure: pets.departure })
        .from(pets)
        .where(eq(pets.id, id))
        .get();
      if (!current || (current.status === status && current.departure === departure)) return current?.status;
      tx.update(pets).set({ status, departure, updatedAt: now, version: NEXT_VERSION }).where(eq(pets.id, id)).run();
      tx.insert(petStatusHistory)
        .values({
          petId: id,
          fromStatus: current.status,
          toStatus: status,
          changedAt: now,
          happenedAt: movement.happenedAt,
          departure,
        })
        .run();
      return current.status;
    });
  }

  /** The stored changes of status, oldest first (the creation is not among them). */
  statusChanges(id: number): StatusChange[] {
    return this.db
      .select({
        fromStatus: petStatusHistory.fromStatus,
        toStatus: petStatusHistory.toStatus,
        changedAt: petStatusHistory.changedAt,
        happenedAt: sql<number>`coalesce(${petStatusHistory.happenedAt}, ${petStatusHistory.changedAt})`,
        departure: petStatusHistory.departure,
      })
      .from(petStatusHistory)
      .where(eq(petStatusHistory.petId, id))
      .orderBy(asc(petStatusHistory.changedAt), asc(petStatusHistory.id))
      .all();
  }

  /** True when the pet existed. */
  remove(id: number): boolean {
    return this.db.delete(pets).where(eq(pets.id, id)).returning({ id: pets.id }).get() !== undefined;
  }

  removeMany(ids: number[]): void {
    this.db.delete(pets).where(inArray(pets.id, ids)).run();
  }

  count(): number {
    return (
      this.db
        .select({ n: sql<number>`count(*)` })
        .from(pets)
        .get()?.n ?? 0
    );
  }
}
