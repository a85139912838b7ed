/** Where the window is: the page the address names (#/pets, #/pets/42), and on pages that list records, the one record open. */
import { useSyncExternalStore } from 'react';
import { readAddress, type PageId } from '../ui/navigation';
import { isPageId } from './pages';

export interface Route {
  page: PageId;
  recordId: number | null;
}

const HOME: Route = { page: 'pets', recordId: null };
let lastHash: string | null = null;
let lastRoute: Route = HOME;

/** Parsed once per hash, so the snapshot stays the same object while the address does. */
function currentRoute(): Route {
  const hash = window.location.hash;
  if (hash === lastHash) return lastRoute;
  const { page, recordId } = readAddress(hash);
  lastHash = hash;
  lastRoute = isPageId(page) ? { page, recordId } : HOME;
  return lastRoute;
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
}

export function useRoute(): Route {
  return useSyncExternalStore(subscribe, currentRoute);
}
