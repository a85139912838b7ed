/**
 * Live updates: the engine says which environment and topic changed — a save at
 * another desk, the CLI, the API — and the window refetches the queries keyed [environment, topic]
 * that are shown, instead of polling. One subscription for the whole window, started once.
 */
import type { QueryClient } from '@tanstack/react-query';
import { isChangeEvent, type ChangeEvent } from '../../../shared/live-updates';
import { changeSource } from './transport';

/** Reconnecting waits this long first, doubling up to the last, so a stopped server is not hammered. */
const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 15_000;

/** Cuts the wait before the stream's next try short (a login just gave this window a session). */
let wake: (() => void) | undefined;
export function listenAgainNow(): void {
  wake?.();
}

/** Starts hearing the engine's changes; returns the function that stops. */
export function startLiveUpdates(queryClient: QueryClient): () => void {
  const pending = new Map<string, ChangeEvent>();
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  // Changes heard together (one write touches several topics, a burst of writes) refetch each query once.
  const flush = () => {
    flushTimer = undefined;
    for (const { environment, topic } of pending.values())
      void queryClient.invalidateQueries({ queryKey: [environment, topic] });
    pending.clear();
  };
  const heard = (event: ChangeEvent) => {
    pending.set(`${event.environment} ${event.topic}`, event);
    flushTimer ??= setTimeout(flush, 0);
  };
  if (changeSource.kind === 'ipc') return changeSource.onChange(heard);
  // Whatever changed while no stream was open is unknown: everything already read is read again.
  const caughtUp = () => void queryClient.invalidateQueries({ predicate: (query) => query.state.dataUpdatedAt > 0 });
  return followStream(changeSource.open, heard, caughtUp);
}

/** Browser mode: reads the event stream, and opens it again (with backoff) whenever it ends or fails. */
function followStream(
  open: (signal: AbortSignal) => Promise<Response>,
  heard: (event: ChangeEvent) => void,
  opened: () => void,
): () => void {
  const controller = new AbortController();
  const run = async () => {
    let delay = FIRST_RETRY_MS;
    while (!controller.signal.aborted) {
      try {
        const response = await open(controller.signal);
        if (response.ok && response.body) {
          opened();
          delay = FIRST_RETRY_MS;
          await readEvents(response.body, heard);
        } else {
          // A full server says when to come back; a logged-out window keeps trying, slowly, until a login.
          const retryAfter = Number(response.headers.get('retry-after')) * 1_000;
          if (retryAfter > delay) delay = retryAfter;
          await response.body?.cancel();
        }
      } catch {
        // The server is gone or the stream broke: try again after the delay.
      }
      if (controller.signal.aborted) return;
      const woken = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), delay * (0.75 + Math.random() / 2));
        wake = () => {
          clearTimeout(timer);
          resolve(true);
        };
      });
      wake = undefined;
      delay = woken ? FIRST_RETRY_MS : Math.min(delay * 2, LAST_RETRY_MS);
    }
  };
  void run();
  return () => controller.abort();
}

/** Server-Sent Events: blocks separated by a blank line; only `data:` lines matter here (comments are heartbeats). */
async function readEvents(body: ReadableStream<Uint8Array>, heard: (event: ChangeEvent) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffered += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    const blocks = buffered.split('\n\n');
    buffered = blocks.pop() ?? '';
    for (const block of blocks) {
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n');
      if (data === '') continue;
      try {
        const event: unknown = JSON.parse(data);
        if (isChangeEvent(event)) heard(event);
      } catch {
        // Not ours to read: skipped, like any unknown event.
      }
    }
  }
}
