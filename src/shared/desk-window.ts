/**
 * Closing the desk's window while a page holds unsaved changes. The page's `beforeunload` holds the
 * close (or the quit); the shell then tells the page, which asks in the member's words (the
 * window's own "Leave without saving?"), and closes the window itself once told to leave. No zod
 * here: the sandboxed preload bundles this file.
 */

/** Shell → page: a close or quit was held by the page's unsaved changes. */
export const CLOSE_HELD_MESSAGE = 'desk-window:close-held';
/** Page → shell (invoke): close the window; its changes were left on purpose. */
export const CLOSE_CHANNEL = 'desk-window:close';

/** What the preload gives the desk's own page (never remote content); each returns what stops it. */
export interface DeskWindowBridge {
  onCloseHeld(listener: () => void): () => void;
  close(): Promise<void>;
}
