/**
 * The window's addresses, in the URL hash (#/pets, #/pets/42) so links, Back and reloads in a browser
 * work: how an area links to another page without importing it or app/. Each area declares its page
 * (`areas/<page>/page.ts`, a `Page`); app/ lists them (app/pages.ts) and follows the address (app/router.ts).
 */
import type { Icon } from '@tabler/icons-react';
import type { AdminChannel } from '../../../shared/admin-contract';

/** Every page's address; app/pages.ts holds exactly one page for each. */
export type PageId =
  | 'pets'
  | 'people'
  | 'incoming'
  | 'today'
  | 'reports'
  | 'audit'
  | 'shelter'
  | 'accounts'
  | 'plans'
  | 'usage'
  | 'sites'
  | 'console'
  | 'lab'
  | 'requests'
  | 'server'
  | 'staff'
  | 'outbox'
  | 'lost-found';

/** The pages that list records, each record with an address of its own. */
export type RecordPageId = Extract<PageId, 'pets' | 'people' | 'lost-found'>;

export function pageHref(id: PageId): string {
  return `#/${id}`;
}

/** The address of one record's page: an animal's (`pets`), a person's (`people`) or a lost or found report's. */
export function recordHref(page: RecordPageId, recordId: number): string {
  return `#/${page}/${recordId}`;
}

/** An address read back: the page it names (app/ knows which exist) and the record, when it names a valid one. */
export function readAddress(hash: string): { page: string; recordId: number | null } {
  const [page = '', record = ''] = hash.replace(/^#\/?/, '').split('/');
  return { page, recordId: /^[1-9]\d{0,15}$/.test(record) ? Number(record) : null };
}

/** What a page's view is given by app/: the record its address names (`#/pets/42` → 42), else null. */
export interface PageProps {
  recordId: number | null;
}

/** One page of the window, in one place: its address, its name and icon in the navigation, who may open it, and what it shows. */
export interface Page {
  id: PageId;
  label: string;
  icon: Icon;
  /** The channel the page cannot open without: the navigation shows the page only when staff.me lists it for the caller. */
  channel: AdminChannel;
  view: (props: PageProps) => React.JSX.Element;
}
