import { asc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../shared/errors';
import type { Category } from '../../shared/models';
import type { Store } from '../db/connection';
import { categories, pets } from '../db/schema';
import type { Changes } from './changes';

export type { Category };

const CATEGORY_NAME_MAX = 100;

function cleanName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > CATEGORY_NAME_MAX) {
    throw new AppError('validation_failed', `name: must be 1 to ${CATEGORY_NAME_MAX} characters`);
  }
  return trimmed;
}

export class CategoryService {
  /** Checked on every pet creation; categories change rarely. */
  private knownIds: Set<number> | undefined;

  constructor(
    private readonly db: Store,
    private readonly changes: Changes,
  ) {
    changes.on((topic) => {
      if (topic === 'categories') this.knownIds = undefined;
    });
  }

  list(): Category[] {
    return this.db
      .select({ id: categories.id, name: categories.name, petCount: sql<number>`(SELECT count(*) FROM pets WHERE pets.category_id = categories.id)` })
      .from(categories)
      .orderBy(asc(categories.id))
      .all();
  }

  exists(id: number): boolean {
    this.knownIds ??= new Set(this.db.select({ id: categories.id }).from(categories).all().map((row) => row.id));
    return this.knownIds.has(id);
  }

  create(name: string): Category {
    const clean = cleanName(name);
    this.assertNameFree(clean);
    const row = this.db.insert(categories).values({ name: clean }).returning().get();
    this.changes.emit('categories');
    return { ...row, petCount: 0 };
  }

  rename(id: number, name: string): Category {
    const clean = cleanName(name);
    this.assertNameFree(clean, id);
    const row = this.db.update(categories).set({ name: clean }).where(eq(categories.id, id)).returning().get();
    if (!row) throw new AppError('not_found', `Category ${id} does not exist.`);
    this.changes.emit('categories');
    return this.list().find((category) => category.id === id) ?? { ...row, petCount: 0 };
  }

  remove(id: number): void {
    const inUse = this.db.select({ n: sql<number>`count(*)` }).from(pets).where(eq(pets.categoryId, id)).get();
    if (inUse && inUse.n > 0) {
      throw new AppError('conflict', `Category ${id} still has ${inUse.n} pet(s); move or delete them first.`);
    }
    const deleted = this.db.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id }).get();
    if (!deleted) throw new AppError('not_found', `Category ${id} does not exist.`);
    this.changes.emit('categories');
  }

  private assertNameFree(name: string, exceptId?: number): void {
    const clash = this.db
      .select({ id: categories.id })
      .from(categories)
      .where(sql`lower(${categories.name}) = lower(${name})`)
      .get();
    if (clash && clash.id !== exceptId) throw new AppError('conflict', `A category named "${name}" already exists.`);
  }
}
