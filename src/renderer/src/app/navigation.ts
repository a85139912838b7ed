/** The window's pages, addressed by the URL hash (#/pets) so links, Back and reloads in a browser work. */
import { useSyncExternalStore } from 'react';

export const PAGES = [
  { id: 'pets', label: 'Pets' },
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

export function pageHref(id: PageId): string {
  return `#/${id}`;
}

function currentPage(): PageId {
  const wanted = window.location.hash.replace(/^#\/?/, '');
  return PAGES.find((page) => page.id === wanted)?.id ?? 'pets';
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
}

export function useCurrentPage(): PageId {
  return useSyncExternalStore(subscribe, currentPage);
}
