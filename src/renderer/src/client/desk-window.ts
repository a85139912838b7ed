/** The desktop shell's bridge for closing the window (shared/desk-window.ts); absent in a browser. */
import type { DeskWindowBridge } from '../../../shared/desk-window';

declare global {
  interface Window {
    /** Set by the desktop app's preload for its own page; absent in a browser and in the shelter server's window. */
    adoptionDeskWindow?: DeskWindowBridge;
  }
}

/** Hears each close or quit the page's `beforeunload` held; returns what stops hearing. */
export function onCloseHeld(listener: () => void): () => void {
  return window.adoptionDeskWindow?.onCloseHeld(listener) ?? (() => undefined);
}

/** Closes the desktop window, whose page has let its changes go. */
export function closeDeskWindow(): Promise<void> {
  return window.adoptionDeskWindow?.close() ?? Promise.resolve();
}
