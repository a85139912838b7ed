import { asc, eq, sql } from 'drizzle-orm';
import { CategoryNameSchema, SpeciesSchema } from '../../shared/admin-schemas';
import type { Species } from '../../shared/species';
import { AppError } from '../../shared/errors';
import type { Category } from '../../shared/models';
import { foldName } from '../../shared/names';
import type { Store } from '../db/connection';
import { categories } from '../db/schema';
import type { Changes } from '../db/changes';
import { UniqueNames } from '../db/unique-names';
import { parseOrThrow } from '../../shared/validation';

export type { Category };

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  species: categories.species,
  petCount: sql<number>`(SELECT count(*) FROM pets WHERE pets.category_id = categories.id)`,
};

export class CategoryService {
  /** Checked on every pet creation; categories change rarely. */
  private knownIds: Set<number> | undefined;
  private readonly names: UniqueNames;

  constructor(
    private readonly db: Store,
    private readonly changes: Changes,
  ) {
    this.names = new UniqueNames(db, 'Category');
    changes.on((topic) => {
      if (topic === 'categories') this.knownIds = undefined;
    });
  }

  /** With each category's pet count: a category with pets cannot be removed. */
  list(): Category[] {
    return this.db.select(categoryColumns).from(categories).orderBy(asc(categories.id)).all();
  }

  get(id: number): Category {
    const category = this.db.select(categoryColumns).from(categories).where(eq(categories.id, id)).get();
    if (!category) throw new AppError('not_found', `Category ${id} does not exist.`);
    return category;
  }

  exists(id: number): boolean {
    this.knownIds ??= new Set(
      this.db
        .select({ id: categories.id })
        .from(categories)
        .all()
        .map((row) => row.id),
    );
    return this.knownIds.has(id);
  }

  /** A category is the shelter's word for it (`name`, any language) and what kind of animal it holds (`species`; unsaid, `other` until staff set it). */
  create(name: string, species: Species = 'other'): Category {
    const clean = parseOrThrow(CategoryNameSchema, name, 'name');
    const kind = parseOrThrow(SpeciesSchema, species, 'species');
    // Immediate: the name check and the write see the same database, also across processes.
    const id = this.db.transaction(
      () => {
        this.names.assertFree(clean);
        return this.db
          .insert(categories)
          .values({ name: clean, nameFolded: foldName(clean), species: kind })
          .returning({ id: categories.id })
          .get().id;
      },
      { behavior: 'immediate' },
    );
    this.changes.emit('categories');
    return this.get(id);
  }

  /** A new name, and with `species` a new kind of animal too (a rename alone keeps it). */
  rename(id: number, name: string, species?: Species): Category {
    const clean = parseOrThrow(CategoryNameSchema, name, 'name');
    const kind = species === undefined ? undefined : parseOrThrow(SpeciesSchema, species, 'species');
    this.db.transaction(
      () => {
        this.get(id);
        this.names.assertFree(clean, id);
        this.db
          .update(categories)
          .set({ name: clean, nameFolded: foldName(clean), species: kind })
          .where(eq(categories.id, id))
          .run();
      },
      { behavior: 'immediate' },
    );
    this.changes.emit('categories');
    return this.get(id);
  }

  remove(id: number): void {
    this.db.transaction(
      () => {
        const category = this.get(id);
        if (category.petCount > 0) {
          const pets =
            category.petCount === 1
              ? '1 pet; move or remove it first'
              : `${category.petCount} pets; move or remove them first`;
          throw new AppError('conflict', `${category.name} still has ${pets}.`);
        }
        this.db.delete(categories).where(eq(categories.id, id)).run();
      },
      { behavior: 'immediate' },
    );
    this.changes.emit('categories');
  }
}
