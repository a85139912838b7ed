/**
 * Changes typed on a page and not yet saved, and the one way to leave them: `leaveOrAsk`. Going to
 * another page or record, another of a record's tabs, or the other environment, drops what the page
 * holds. With changes unsaved, the window asks first (app/UnsavedChangesDialog.tsx): stay, or leave
 * without saving. Dialogs need none of this: nothing outside one can be reached while it is open.
 */
import { useEffect, useRef, useState, useSyncExternalStore, type Dispatch, type SetStateAction } from 'react';

/** One token per form that has changes; a form removes its own when saved, reset or gone. */
const unsaved = new Set<symbol>();
/** What the member asked to do while changes were unsaved, until they answer. */
let pending: (() => void) | null = null;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** A form on a page says whether it holds changes not yet saved; the window then asks before they are dropped. */
export function useUnsavedChanges(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return undefined;
    const token = Symbol('unsaved');
    unsaved.add(token);
    return () => {
      unsaved.delete(token);
    };
  }, [dirty]);
}

/** Whether a form on the page holds changes not yet saved. */
export function hasUnsavedChanges(): boolean {
  return unsaved.size > 0;
}

/** Does `leave` at once when nothing is unsaved; otherwise keeps it until the member answers the question. */
export function leaveOrAsk(leave: () => void): void {
  if (unsaved.size === 0) return leave();
  pending = leave;
  changed();
}

/** The part of a mantine form that follows saved values. */
interface FollowingForm<T> {
  isDirty(): boolean;
  setInitialValues(values: T): void;
  setValues(values: T): void;
}

/**
 * A form on a page is not remounted when its saved values change (another desk's save, the CLI,
 * its own save coming back): untouched, it shows them; with something typed, it keeps the typing,
 * which its next save puts in their place.
 */
export function useFollowSaved<T>(form: FollowingForm<T>, saved: T): void {
  const shown = JSON.stringify(saved);
  const followed = useRef(shown);
  const { isDirty, setInitialValues, setValues } = form;
  // After every render: a save that came back while the form was dirty is followed once it is clean.
  useEffect(() => {
    if (shown === followed.current || isDirty()) return;
    followed.current = shown;
    setInitialValues(saved);
    setValues(saved);
  });
}

/** How a draft (the fields as typed) stands to the saved values it edits. */
export interface DraftOf<S, D> {
  draftOf: (saved: S) => D;
  /** What the draft would save. */
  savedOf: (draft: D) => S;
  same: (one: S, other: S) => boolean;
}

/**
 * `useFollowSaved` for a form kept in plain state: the draft of `saved`, which follows the saved
 * values as they change while nothing is typed, keeps the typing otherwise, and is unsaved while it
 * would save something else than what is saved.
 */
export function useDraft<S, D>(saved: S, { draftOf, savedOf, same }: DraftOf<S, D>): [D, Dispatch<SetStateAction<D>>] {
  const [draft, setDraft] = useState<D>(() => draftOf(saved));
  /** The saved values the draft started from, or last followed. */
  const [base, setBase] = useState<S>(saved);
  if (!same(saved, base)) {
    if (same(savedOf(draft), base)) setDraft(draftOf(saved));
    setBase(saved);
  }
  useUnsavedChanges(!same(savedOf(draft), saved));
  return [draft, setDraft];
}

/**
 * A choice whose change replaces the forms below it (a page's tabs, which message's words are edited):
 * the value, and a change asked about first while changes are unsaved. Mantine's onChange fits it.
 */
export function useGuardedChoice<T extends string>(initial: T): [T, (value: string | null) => void] {
  const [value, setValue] = useState<T>(initial);
  const choose = (next: string | null) => {
    if (next !== null && next !== value) leaveOrAsk(() => setValue(next as T));
  };
  return [value, choose];
}

export interface LeaveRequest {
  /** Whether a question is waiting for its answer. */
  asking: boolean;
  /** Leave without saving: the forms' changes are dropped with them. */
  leave: () => void;
  /** Stay where the changes are: the request is forgotten. */
  stay: () => void;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For the window's one question: whether it is asked, and its two answers. */
export function useLeaveRequest(): LeaveRequest {
  const asking = useSyncExternalStore(subscribe, () => pending !== null);
  return {
    asking,
    leave: () => {
      const leave = pending;
      pending = null;
      // The forms being left go with their page; their tokens are dropped now, so that `leave` is not asked again.
      unsaved.clear();
      changed();
      leave?.();
    },
    stay: () => {
      pending = null;
      changed();
    },
  };
}
