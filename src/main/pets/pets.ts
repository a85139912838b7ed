import type Database from 'better-sqlite3';
import { IdempotentCreations } from './idempotent-creations';
import type { Clock } from '../../shared/clock';
import { AppError } from '../../shared/errors';
import type { PetRecord, StatusChange } from '../../shared/models';
import { BrowsePetsSchema, PetChangeSchema, type BrowsePets, type PetChange } from '../../shared/admin-schemas';
import { NewPetSchema, PetStatusSchema, type NewPet, type Pet, type PetStatus } from '../../shared/pet';
import type { Store } from '../db/connection';
import type { CategoryService } from './categories';
import type { Changes } from '../db/changes';
import { PetStore, type PetWithCategory, type StatusMovement } from './store';
import { parseOrThrow } from '../../shared/validation';
import { assertVersion } from '../db/record-versions';

export type { PetRecord, StatusChange };

export interface PetPage {
  pets: Pet[];
  /** The last id of this page when a later page exists. */
  nextAfterId: number | null;
}

/** Rows per transaction of an import: a few milliseconds of writing, then the server's writes get their turn. */
const IMPORT_SLICE_ROWS = 500;

/** The rules for pets (what is checked, what a change tells); the SQL is in PetStore. */
export class PetService {
  private readonly store: PetStore;

  /** The API's creations under an Idempotency-Key (their first answers, kept 24 h). */
  readonly idempotent: IdempotentCreations;

  constructor(
    db: Store,
    sqlite: Database.Database,
    private readonly clock: Clock,
    private readonly categories: CategoryService,
    private readonly changes: Changes,
  ) {
    this.store = new PetStore(db, sqlite);
    this.idempotent = new IdempotentCreations(sqlite, clock);
  }

  /** Keyset pages in id order: stable while other pets are added. */
  listPage(query: { limit: number; status?: PetStatus; afterId?: number }): PetPage {
    const rows = this.store.page(query.afterId ?? 0, query.limit + 1, query.status);
    const hasMore = rows.length > query.limit;
    const page = hasMore ? rows.slice(0, query.limit) : rows;
    return { pets: page, nextAfterId: hasMore ? (page.at(-1)?.id ?? null) : null };
  }

  /** For staff: search (by part of the name, regardless of case), filter, sort and offset paging, with the total for the pager. */
  browse(input: BrowsePets): { pets: PetRecord[]; total: number } {
    return this.store.browse(parseOrThrow(BrowsePetsSchema, input, 'query'));
  }

  get(id: number): Pet | undefined {
    return this.store.get(id);
  }

  /** The pet as the public API shows it: undefined for one that left care other than by adoption (not listed). */
  listed(id: number): Pet | undefined {
    return this.store.listed(id);
  }

  getRecord(id: number): PetRecord {
    const row = this.store.record(id);
    if (!row) throw new AppError('not_found', `Pet ${id} does not exist.`);
    return row;
  }

  /** Every pet (or every pet of `status`) with its category's name, in id order: what publishing reads. */
  withCategories(status?: PetStatus): PetWithCategory[] {
    return this.store.withCategories(status);
  }

  /** One pet with its category's name, or not_found. */
  withCategory(id: number): PetWithCategory {
    const row = this.store.withCategory(id);
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
    const results = this.store.transaction(() =>
      inputs.map((input) => {
        return this.categoryProblem(input.categoryId) ?? this.store.insert(input, now);
      }),
    );
    this.changes.emit('pets');
    return results;
  }

  /**
   * All or nothing: every row is checked before any is written, and one bad row rejects the whole
   * file, naming the row. The rows are then written in slices of IMPORT_SLICE_ROWS, each its own
   * short transaction, so a running server's writes wait for one slice, never for the whole import.
   * Should a slice fail (a full disk, a category removed meanwhile), the slices already written are
   * deleted again. Readers may see the first slices while the import runs. `betweenSlices` gets each
   * slice's time in ms, for a process beside a server to step aside (see the CLI's import);
   * `withEach` writes what belongs with each new pet (its profile) inside the same slice.
   */
  importMany(
    inputs: unknown[],
    betweenSlices?: (sliceMs: number) => void,
    withEach?: (pet: Pet, index: number) => void,
  ): Pet[] {
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
        const written = this.store.transaction(() =>
          slice.map((input, index) => {
            this.assertCategory(input.categoryId, `row ${first + index + 1}: `);
            const pet = this.store.insert(input, now);
            withEach?.(pet, first + index);
            return pet;
          }),
        );
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
        this.store.removeMany(ids.slice(first, first + IMPORT_SLICE_ROWS));
      }
    } catch {
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw new AppError(
        'conflict',
        `The import failed (${reason}) after writing pets ${ids[0]} to ${ids.at(-1)}, and removing them failed too: remove them by hand.`,
      );
    }
  }

  /**
   * Only what is given is checked and written, so a pet can change category whatever its name. With
   * `version`, a save from an older version of the animal is refused (edit_conflict).
   */
  update(id: number, input: PetChange, version?: number): PetRecord {
    const change = parseOrThrow(PetChangeSchema, input);
    const record = this.store.transaction(() => {
      this.assertRecordVersion(id, version);
      if (change.categoryId !== undefined) this.assertCategory(change.categoryId);
      this.store.update(id, change, this.clock.now());
      return this.getRecord(id);
    });
    this.changes.emit('pets');
    return record;
  }

  /** The same status again writes nothing (and keeps the version). */
  changeStatus(id: number, input: PetStatus, version?: number): PetRecord {
    const status = parseOrThrow(PetStatusSchema, input, 'status');
    const record = this.store.transaction(() => {
      this.assertRecordVersion(id, version);
      this.store.setStatus(id, status, this.clock.now());
      return this.getRecord(id);
    });
    this.changes.emit('pets');
    return record;
  }

  /**
   * The status a movement leaves (an intake, a reservation, an outcome), dated when the movement
   * happened, with how the animal left when that was no adoption. No version check: the movement's
   * own rules were checked in its transaction.
   */
  moveStatus(id: number, status: PetStatus, movement: StatusMovement): void {
    this.store.setStatus(id, status, this.clock.now(), movement);
    this.changes.emit('pets');
  }

  /** Refuses a save from an older version than the animal's (inside the caller's transaction); the refusal carries the record. */
  private assertRecordVersion(id: number, version: number | undefined): void {
    const current = this.getRecord(id);
    assertVersion(`Pet ${id}`, { current, version: current.version, updatedAt: current.updatedAt }, version);
  }

  /**
   * The creation first (no status before it), then each change. The creation is not stored: its time
   * is the pet's createdAt and its status is the one the first change left, or the current one when
   * the status never changed.
   */
  history(id: number): StatusChange[] {
    const pet = this.getRecord(id);
    const changes = this.store.statusChanges(id);
    const createdWith = changes[0]?.fromStatus ?? pet.status;
    return [
      { fromStatus: null, toStatus: createdWith, changedAt: pet.createdAt, happenedAt: pet.createdAt, departure: null },
      ...changes,
    ];
  }

  remove(id: number): void {
    if (!this.store.remove(id)) throw new AppError('not_found', `Pet ${id} does not exist.`);
    this.changes.emit('pets');
  }

  count(): number {
    return this.store.count();
  }

  private insertAll(inputs: NewPet[], rowLabel: (index: number) => string = () => ''): Pet[] {
    const now = this.clock.now();
    const created = this.store.transaction(() =>
      inputs.map((input, index) => {
        this.assertCategory(input.categoryId, rowLabel(index));
        return this.store.insert(input, now);
      }),
    );
    this.changes.emit('pets');
    return created;
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
