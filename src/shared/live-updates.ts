/**
 * Live updates: the engine's change topics, pushed to every open window. A topic carries
 * no data, only which environment and area changed, so any signed-in window may hear every one; the
 * window refetches what it shows of that area through its ordinary, access-checked calls.
 */
import { CHANGE_TOPICS, type ChangeTopic } from './change-topics';
import { ENVIRONMENTS, type Environment } from './environments';

export interface ChangeEvent {
  environment: Environment;
  topic: ChangeTopic;
}

/** Browser mode's Server-Sent Events stream of ChangeEvents, read with the same token or session as the admin calls. */
export const ADMIN_EVENTS_PATH = '/admin/api/events';

/** The IPC message the desktop shell sends the window for each change (not an admin channel: nothing answers it). */
export const CHANGE_IPC_MESSAGE = 'live-updates:change';

/** What the preload exposes beside the admin channels; returns the function that stops listening. */
export type OnChange = (listener: (event: ChangeEvent) => void) => () => void;

/** Checked where a message crosses a boundary (the preload, the window reading the stream): nothing else is passed on. */
export function isChangeEvent(value: unknown): value is ChangeEvent {
  if (typeof value !== 'object' || value === null) return false;
  const { environment, topic } = value as Record<string, unknown>;
  return (
    Object.keys(value).length === 2 &&
    ENVIRONMENTS.includes(environment as Environment) &&
    CHANGE_TOPICS.includes(topic as ChangeTopic)
  );
}
