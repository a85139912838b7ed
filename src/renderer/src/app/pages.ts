/** The window's pages, in the navigation's order: each declared once by its area (`areas/<page>/page.ts`). */
import type { Page, PageId } from '../ui/navigation';
import { page as accounts } from '../areas/accounts/page';
import { page as audit } from '../areas/audit/page';
import { page as consolePage } from '../areas/console/page';
import { page as incoming } from '../areas/incoming/page';
import { page as lab } from '../areas/lab/page';
import { page as outbox } from '../areas/outbox/page';
import { page as lostFound } from '../areas/lost-found/page';
import { page as people } from '../areas/people/page';
import { page as pets } from '../areas/pets/page';
import { page as plans } from '../areas/plans/page';
import { page as reports } from '../areas/reports/page';
import { page as requests } from '../areas/requests/page';
import { page as server } from '../areas/server/page';
import { page as shelter } from '../areas/shelter/page';
import { page as sites } from '../areas/sites/page';
import { page as staff } from '../areas/staff/page';
import { page as today } from '../areas/today/page';
import { page as usage } from '../areas/usage/page';

/** Typed so that every address an area may link to has its page, under its own id. */
const PAGE_BY_ID: { readonly [Id in PageId]: Page & { readonly id: Id } } = {
  pets,
  people,
  incoming,
  today,
  'lost-found': lostFound,
  reports,
  audit,
  outbox,
  shelter,
  accounts,
  plans,
  usage,
  sites,
  console: consolePage,
  lab,
  requests,
  server,
  staff,
};

export const PAGES: readonly Page[] = Object.values(PAGE_BY_ID);

export function pageOf(id: PageId): Page {
  return PAGE_BY_ID[id];
}

export function isPageId(id: string): id is PageId {
  return Object.hasOwn(PAGE_BY_ID, id);
}
