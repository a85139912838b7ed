/** The window's pages, addressed by the URL hash (#/pets, #/pets/42) so links, Back and reloads in a browser work. */
import { useSyncExternalStore } from 'react';

export const PAGES = [
  { id: 'pets', label: 'Pets' },
  { id: 'people', label: 'People' },
  { id: 'today', label: 'Today' },
  { id: 'reports', label: 'Reports' },
  { id: 'audit', label: 'Audit' },
  { id: 'shelter', label: 'Shelter' },
  { id: 'accounts', label: 'Accounts & keys' },
  { id: 'plans', label: 'Plans' },
  { id: 'usage', label: 'Usage' },
  { id: 'sites', label: 'Sites' },
  { id: 'console', label: 'API console' },
  { id: 'lab', label: 'Quota lab' },
  { id: 'requests', label: 'Requests' },
  { id: 'server', label: 'Server' },
] as const;

export type PageId = (typeof PAGES)[number]['id'];

/** Where the window is: a page, and on pages that list records, the one record open (`#/pets/42`). */
export interface Route {
  page: PageId;
  recordId: number | null;
}

export function pageHref(id: PageId): string {
  return `#/${id}`;
}

/** The address of one record's page: an animal's (`pets`) or a person's (`people`). */
export function recordHref(page: 'pets' | 'people', recordId: number): string {
  return `#/${page}/${recordId}`;
}

const HOME: Route = { page: 'pets', recordId: null };
let lastHash: string | null = null;
let lastRoute: Route = HOME;

/** Parsed once per hash, so the snapshot stays the same object while the address does. */
function currentRoute(): Route {
  const hash = window.location.hash;
  if (hash === lastHash) return lastRoute;
  const [wanted = '', record = ''] = hash.replace(/^#\/?/, '').split('/');
  const page = PAGES.find((candidate) => candidate.id === wanted)?.id;
  const recordId = /^[1-9]\d{0,15}$/.test(record) ? Number(record) : null;
  lastHash = hash;
  lastRoute = page ? { page, recordId } : HOME;
  return lastRoute;
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
}

export function useRoute(): Route {
  return useSyncExternalStore(subscribe, currentRoute);
}

export function useCurrentPage(): PageId {
  return useRoute().page;
}
