import { useState } from 'react';
import { dialogFailure, type Failure } from '../client/errors';

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

/** The part of a Mantine form a dialog's failure needs: its fields, and a way to mark one. */
interface FailureForm {
  values: object;
  setFieldError: (path: string, error: React.ReactNode) => void;
}

export interface DialogFailureState {
  /** What goes in the dialog's alert above its buttons (DialogFailureAlert); null when nothing failed. */
  alert: Failure | null;
  /** Shows a failure of the dialog's call: under the field it is about, else in the alert. */
  show: (error: unknown) => void;
  clear: () => void;
}

/**
 * Every dialog shows the failures of its own call itself (its action says SHOWN_IN_PLACE.always, so
 * no toast): `nameField` takes a name already taken, any field the engine names takes its refusal.
 */
export function useDialogFailure(form?: FailureForm, nameField?: string): DialogFailureState {
  const [alert, setAlert] = useState<Failure | null>(null);
  return {
    alert,
    show: (error) => {
      const placed = dialogFailure(error, form ? Object.keys(form.values) : [], nameField);
      if ('field' in placed) form?.setFieldError(placed.field, placed.message);
      else setAlert(placed.alert);
    },
    clear: () => setAlert(null),
  };
}
