import { API_BASE_PATH } from '../../../shared/environments';
import { PetsSchema, type PetStatus } from '../../../shared/pet';
import { encodeCursor } from './cursor';
import type { Changes } from '../../db/changes';
import type { PetService } from '../../pets/pets';

export interface CachedPage {
  /**
   * The serialised JSON array, as text: Node joins a text body to the head and writes both with one
   * `write`, where bytes would go out as a two-chunk `writev` (a chunk array, the cork and the
   * uncork per answer). The POST's 201 goes out the same way.
   */
  body: string;
  /** Path and query of the next page (for the Link header), or null on the last page. */
  nextPath: string | null;
}

const MAX_PAGES = 2_000;

/** Serialised list pages, dropped on any pet write (here or, via the engine, in another process). */
export class PetPageCache {
  private readonly pages = new Map<string, CachedPage>();

  constructor(
    private readonly pets: PetService,
    changes: Changes,
  ) {
    changes.on((topic) => {
      if (topic === 'pets') this.pages.clear();
    });
  }

  get(query: { limit: number; status?: PetStatus; afterId?: number }): CachedPage {
    const key = `${query.status ?? ''}|${query.afterId ?? 0}|${query.limit}`;
    let page = this.pages.get(key);
    if (!page) {
      const result = this.pets.listPage(query);
      const { nextAfterId } = result;
      const nextPath =
        nextAfterId === null
          ? null
          : `${API_BASE_PATH}/pets?limit=${query.limit}${query.status ? `&status=${query.status}` : ''}&cursor=${encodeCursor(nextAfterId)}`;
      page = { body: JSON.stringify(PetsSchema.parse(result.pets)), nextPath };
      if (this.pages.size >= MAX_PAGES) this.pages.clear();
      this.pages.set(key, page);
    }
    return page;
  }
}
