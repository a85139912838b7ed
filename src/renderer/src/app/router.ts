/** Where the window is: the page the address names (#/pets, #/pets/42), and on pages that list records, the one record open. */
import { useSyncExternalStore } from 'react';
import { readAddress, type PageId } from '../ui/navigation';
import { hasUnsavedChanges, leaveOrAsk } from '../ui/unsaved-changes';
import { isPageId } from './pages';

export interface Route {
  page: PageId;
  recordId: number | null;
}

const HOME: Route = { page: 'pets', recordId: null };
/** The address whose page is shown: the address bar's, except while the member is asked about unsaved changes. */
let shownHash = window.location.hash;
/** Where in the tab's history the shown page's entry is, where the browser says (the Navigation API). */
let shownAt = entryIndex();
let lastHash: string | null = null;
let lastRoute: Route = HOME;

/** Parsed once per hash, so the snapshot stays the same object while the address does. */
function routeOf(hash: string): Route {
  if (hash === lastHash) return lastRoute;
  const { page, recordId } = readAddress(hash);
  lastHash = hash;
  lastRoute = isPageId(page) ? { page, recordId } : HOME;
  return lastRoute;
}

function currentRoute(): Route {
  return routeOf(shownHash);
}

/** Another page or another record drops the shown page's forms; a change within the page (a record's tab) does not. */
function leavesThePage(from: string, to: string): boolean {
  const [one, other] = [readAddress(from), readAddress(to)];
  return one.page !== other.page || one.recordId !== other.recordId;
}

/** The current history entry's index: Chromium's (so Electron's), Firefox's and Safari's Navigation API; null without it. */
function entryIndex(): number | null {
  const { navigation } = window as { navigation?: { currentEntry?: { index: number } | null } };
  return navigation?.currentEntry?.index ?? null;
}

const listeners = new Set<() => void>();

function show(hash: string): void {
  shownHash = hash;
  shownAt = entryIndex();
  for (const listener of listeners) listener();
}

function followAddress(): void {
  const wanted = window.location.hash;
  if (!leavesThePage(shownHash, wanted) || !hasUnsavedChanges()) return show(wanted);
  const at = entryIndex();
  if (at !== null && shownAt !== null && at !== shownAt) {
    // Back, Forward or a link: the tab steps back to the shown page's own entry while the member is
    // asked, no entry rewritten. Stay ends there (a link's entry is left ahead, as after Back); Leave
    // steps to the wanted entry again, which now shows at once.
    const steps = at - shownAt;
    window.history.go(-steps);
    return leaveOrAsk(() => window.history.go(steps));
  }
  // The address goes back to the page shown until the member says to leave its changes.
  const back = shownHash === '' ? `${window.location.pathname}${window.location.search}` : shownHash;
  window.history.replaceState(window.history.state, '', back);
  leaveOrAsk(() => {
    window.history.replaceState(window.history.state, '', wanted);
    show(wanted);
  });
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    // The address may have moved while nothing showed a page (the login page).
    shownHash = window.location.hash;
    shownAt = entryIndex();
    window.addEventListener('hashchange', followAddress);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('hashchange', followAddress);
  };
}

export function useRoute(): Route {
  return useSyncExternalStore(subscribe, currentRoute);
}
