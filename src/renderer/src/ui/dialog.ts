import { useState } from 'react';

export interface Dialog<T> {
  opened: boolean;
  /** What the dialog is about; kept after closing so the closing transition still shows it. */
  subject: T | null;
  open: (subject: T) => void;
  close: () => void;
  /** Drops the subject once the dialog has faded out, for what must not linger (a new key). */
  forget: () => void;
}

export function useDialog<T>(): Dialog<T> {
  const [state, setState] = useState<{ opened: boolean; subject: T | null }>({ opened: false, subject: null });
  return {
    ...state,
    open: (subject) => setState({ opened: true, subject }),
    close: () => setState((current) => ({ ...current, opened: false })),
    forget: () => setState({ opened: false, subject: null }),
  };
}
