import type Database from 'better-sqlite3';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../../shared/clock';
import { AppError } from '../../shared/errors';
import type { PetRecord, StatusChange } from '../../shared/models';
import { BrowsePetsSchema, PetChangeSchema, type BrowsePets, type PetChange } from '../../shared/admin-schemas';
import { foldName } from '../../shared/names';
import { NewPetSchema, PetStatusSchema, type NewPet, type Pet, type PetStatus } from '../../shared/pet';
import type { Store } from '../db/connection';
import { petStatusHistory, pets } from '../db/schema';
import type { CategoryService } from './categories';
import type { Changes } from '../db/changes';
import { parseOrThrow } from '../../shared/validation';

export type { PetRecord, StatusChange };

export interface PetPage {
  pets: Pet[];
  /** The last id of this page when a later page exists. */
  nextAfterId: number | null;
}

/** What staff see of a pet; the folded name is only for search. */
const recordColumns = {
  id: pets.id,
  name: pets.name,
  categoryId: pets.categoryId,
  status: pets.status,
  createdAt: pets.createdAt,
  updatedAt: pets.updatedAt,
};

/** Rows per transaction of an import: a few milliseconds of writing, then the server's writes get their turn. */
const IMPORT_SLICE_ROWS = 500;

const PUBLIC_SELECT = 'SELECT id, name, category_id AS categoryId, status FROM pets';

type PetStatements = ReturnType<typeof prepareStatements>;

/** The public API's hot paths, prepared once: building SQL per request cost more than running it. */
function prepareStatements(sqlite: Database.Database) {
  return {
    page: sqlite.prepare<[number, number], Pet>(`${PUBLIC_SELECT} WHERE id > ? ORDER BY id LIMIT ?`),
    pageByStatus: sqlite.prepare<[PetStatus, number, number], Pet>(`${PUBLIC_SELECT} WHERE status = ? AND id > ? ORDER BY id LIMIT ?`),
    get: sqlite.prepare<[number], Pet>(`${PUBLIC_SELECT} WHERE id = ?`),
    // No RETURNING: the new pet is what was given plus its rowid, and a RETURNING row costs a tenth of a creation.
    insert: sqlite.prepare<[string, string, number, PetStatus, number, number]>(
      'INSERT INTO pets (name, name_folded, category_id, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    ),
  };
}

export class PetService {
  private readonly statements: PetStatements;

  constructor(
    private readonly db: Store,
    private readonly sqlite: Database.Database,
    private readonly clock: Clock,
    private readonly categories: CategoryService,
    private readonly changes: Changes,
  ) {
    this.statements = prepareStatements(sqlite);
  }

  /** Keyset pages in id order: stable while other pets are added. */
  listPage(query: { limit: number; status?: PetStatus; afterId?: number }): PetPage {
    const afterId = query.afterId ?? 0;
    const rows = query.status
      ? this.statements.pageByStatus.all(query.status, afterId, query.limit + 1)
      : this.statements.page.all(afterId, query.limit + 1);
    const hasMore = rows.length > query.limit;
    const page = hasMore ? rows.slice(0, query.limit) : rows;
    return { pets: page, nextAfterId: hasMore ? (page.at(-1)?.id ?? null) : null };
  }

  /** For staff: search (by part of the name, regardless of case), filter, sort and offset paging, with the total for the pager. */
  browse(input: BrowsePets): { pets: PetRecord[]; total: number } {
    const query = parseOrThrow(BrowsePetsSchema, input, 'query');
    const filters: SQL[] = [];
    if (query.status) filters.push(eq(pets.status, query.status));
    if (query.categoryId !== undefined) filters.push(eq(pets.categoryId, query.categoryId));
    const search = foldName(query.search?.trim() ?? '');
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
    const total = this.db.select({ n: sql<number>`count(*)` }).from(pets).where(where).get()?.n ?? 0;
    return { pets: rows, total };
  }

  get(id: number): Pet | undefined {
    return this.statements.get.get(id);
  }

  getRecord(id: number): PetRecord {
    const row = this.db.select(recordColumns).from(pets).where(eq(pets.id, id)).get();
    if (!row) throw new AppError('not_found', `Pet ${id} does not exist.`);
    return row;
  }

  create(input: unknown): Pet {
    const pet = this.insertAll([parseOrThrow(NewPetSchema, input)])[0];
    if (!pet) throw new Error('insert returned no row');
    return pet;
  }

  /**
   * Many creations in one transaction (one WAL write instead of one each); each input gets its pet
   * or its own error, so one bad request never fails the others.
   */
  createMany(inputs: readonly NewPet[]): (Pet | AppError)[] {
    const now = this.clock.now();
    const results = this.sqlite.transaction(() =>
      inputs.map((input) => {
        return this.categoryProblem(input.categoryId) ?? this.insertOne(input, now);
      }),
    )();
    this.changes.emit('pets');
    return results;
  }

  /**
   * All or nothing: every row is checked before any is written, and one bad row rejects the whole
   * file, naming the row. The rows are then written in slices of IMPORT_SLICE_ROWS, each its own
   * short transaction, so a running server's writes wait for one slice, never for the whole import.
   * Should a slice fail (a full disk, a category removed meanwhile), the slices already written are
   * deleted again. Readers may see the first slices while the import runs. `betweenSlices` gets each
   * slice's time in ms, for a process beside a server to step aside (see the CLI's import).
   */
  importMany(inputs: unknown[], betweenSlices?: (sliceMs: number) => void): Pet[] {
    const valid = inputs.map((input, index) => {
      try {
        const pet = parseOrThrow(NewPetSchema, input);
        this.assertCategory(pet.categoryId);
        return pet;
      } catch (error) {
        if (error instanceof AppError) throw new AppError(error.code, `row ${index + 1}: ${error.message}`);
        throw error;
      }
    });
    const now = this.clock.now();
    const created: Pet[] = [];
    let sliceStarted = 0;
    try {
      for (let first = 0; first < valid.length; first += IMPORT_SLICE_ROWS) {
        if (first > 0) betweenSlices?.(performance.now() - sliceStarted);
        sliceStarted = performance.now();
        const slice = valid.slice(first, first + IMPORT_SLICE_ROWS);
        const written = this.sqlite.transaction(() =>
          slice.map((input, index) => {
            this.assertCategory(input.categoryId, `row ${first + index + 1}: `);
            return this.insertOne(input, now);
          }),
        )();
        for (const pet of written) created.push(pet);
      }
    } catch (error) {
      this.undoImport(created, error);
      throw error;
    } finally {
      if (created.length > 0) this.changes.emit('pets');
    }
    return created;
  }

  /** Deletes the slices of a failed import, slice by slice; if even that fails, says which pets stayed. */
  private undoImport(created: readonly Pet[], cause: unknown): void {
    const ids = created.map((pet) => pet.id);
    try {
      for (let first = 0; first < ids.length; first += IMPORT_SLICE_ROWS) {
        this.db.delete(pets).where(inArray(pets.id, ids.slice(first, first + IMPORT_SLICE_ROWS))).run();
      }
    } catch {
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw new AppError('conflict', `The import failed (${reason}) after writing pets ${ids[0]} to ${ids.at(-1)}, and removing them failed too: remove them by hand.`);
    }
  }

  /** Only what is given is checked and written, so a pet can change category whatever its name. */
  update(id: number, input: PetChange): PetRecord {
    const change = parseOrThrow(PetChangeSchema, input);
    this.getRecord(id);
    if (change.categoryId !== undefined) this.assertCategory(change.categoryId);
    const nameFolded = change.name === undefined ? undefined : foldName(change.name);
    // drizzle leaves out what is undefined.
    this.db.update(pets).set({ name: change.name, nameFolded, categoryId: change.categoryId, updatedAt: this.clock.now() }).where(eq(pets.id, id)).run();
    this.changes.emit('pets');
    return this.getRecord(id);
  }

  changeStatus(id: number, input: PetStatus): PetRecord {
    const status = parseOrThrow(PetStatusSchema, input, 'status');
    const now = this.clock.now();
    this.db.transaction((tx) => {
      const current = tx.select({ status: pets.status }).from(pets).where(eq(pets.id, id)).get();
      if (!current) throw new AppError('not_found', `Pet ${id} does not exist.`);
      if (current.status === status) return;
      tx.update(pets).set({ status, updatedAt: now }).where(eq(pets.id, id)).run();
      tx.insert(petStatusHistory).values({ petId: id, fromStatus: current.status, toStatus: status, changedAt: now }).run();
    });
    this.changes.emit('pets');
    return this.getRecord(id);
  }

  /**
   * The creation first (no status before it), then each change. The creation is not stored: its time
   * is the pet's createdAt and its status is the one the first change left, or the current one when
   * the status never changed.
   */
  history(id: number): StatusChange[] {
    const pet = this.getRecord(id);
    const changes = this.db
      .select({ fromStatus: petStatusHistory.fromStatus, toStatus: petStatusHistory.toStatus, changedAt: petStatusHistory.changedAt })
      .from(petStatusHistory)
      .where(eq(petStatusHistory.petId, id))
      .orderBy(asc(petStatusHistory.changedAt), asc(petStatusHistory.id))
      .all();
    const createdWith = changes[0]?.fromStatus ?? pet.status;
    return [{ fromStatus: null, toStatus: createdWith, changedAt: pet.createdAt }, ...changes];
  }

  remove(id: number): void {
    const deleted = this.db.delete(pets).where(eq(pets.id, id)).returning({ id: pets.id }).get();
    if (!deleted) throw new AppError('not_found', `Pet ${id} does not exist.`);
    this.changes.emit('pets');
  }

  count(): number {
    return this.db.select({ n: sql<number>`count(*)` }).from(pets).get()?.n ?? 0;
  }

  private insertAll(inputs: NewPet[], rowLabel: (index: number) => string = () => ''): Pet[] {
    const now = this.clock.now();
    const created = this.sqlite.transaction(() =>
      inputs.map((input, index) => {
        this.assertCategory(input.categoryId, rowLabel(index));
        return this.insertOne(input, now);
      }),
    )();
    this.changes.emit('pets');
    return created;
  }

  /**
   * One row in `pets` and nothing else: the status a pet was created with is not written to the
   * history, which holds only changes (see history()), so a creation touches half the pages it would.
   */
  private insertOne(input: NewPet, now: number): Pet {
    const status = input.status ?? 'available';
    const { lastInsertRowid } = this.statements.insert.run(input.name, foldName(input.name), input.categoryId, status, now, now);
    return { id: Number(lastInsertRowid), name: input.name, categoryId: input.categoryId, status };
  }

  private categoryProblem(categoryId: number, rowLabel = ''): AppError | undefined {
    if (this.categories.exists(categoryId)) return undefined;
    return new AppError('validation_failed', `${rowLabel}categoryId: ${categoryId} is not an existing category`);
  }

  private assertCategory(categoryId: number, rowLabel = ''): void {
    const problem = this.categoryProblem(categoryId, rowLabel);
    if (problem) throw problem;
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
