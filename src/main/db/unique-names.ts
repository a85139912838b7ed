import { eq } from 'drizzle-orm';
import { AppError } from '../../shared/errors';
import { foldName } from '../../shared/names';
import type { Store } from './connection';
import { accounts, categories } from './schema';

const TABLES = {
  Account: accounts,
  Category: categories,
};

export type NamedKind = keyof typeof TABLES;

/**
 * Names unique regardless of case (folded as in `foldName`, kept in `name_folded`): who holds a
 * name, and the `conflict` refusal naming the holder. Call inside the write's immediate transaction,
 * so the check and the write see the same database, also across processes.
 */
export class UniqueNames {
  private readonly table: (typeof TABLES)[NamedKind];

  constructor(
    private readonly db: Store,
    private readonly kind: NamedKind,
  ) {
    this.table = TABLES[kind];
  }

  /** The row holding this folded name, if any. */
  holderOf(folded: string): { id: number; name: string } | undefined {
    const table = this.table;
    return this.db.select({ id: table.id, name: table.name }).from(table).where(eq(table.nameFolded, folded)).get();
  }

  /** Refuses a name another row (not `exceptId`, the one being renamed) already has. */
  assertFree(name: string, exceptId?: number): void {
    const holder = this.holderOf(foldName(name));
    if (holder && holder.id !== exceptId) {
      throw new AppError(
        'conflict',
        `${this.kind} ${holder.id} is already named "${holder.name}"; ${this.kind.toLowerCase()} names must differ in more than case.`,
      );
    }
  }
}
