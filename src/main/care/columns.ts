/** The columns a dose or a treatment is written with, built from a record or a change. */
import type { DoseStatus, StoredDose, Treatment, TreatmentKind } from '../../shared/care';
import type { DoseColumns, TreatmentColumns } from './store';

type Change<T> = { [K in keyof T]?: T[K] | null | undefined };

/** A change applied: a field given sets it, `null` clears it, an absent one stays. */
function applied<T extends object>(before: T, change: Change<T>): T {
  const after = { ...before };
  for (const [field, value] of Object.entries(change) as Array<[keyof T, T[keyof T] | null | undefined]>)
    if (value !== undefined) after[field] = value as T[keyof T];
  return after;
}

/** Each field that differs, with its value before and after: what the history keeps of an edit. */
export function changedFields<T extends object>(before: T, after: T): Record<string, { from: unknown; to: unknown }> {
  const fields: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of Object.keys(after) as Array<keyof T & string>)
    if (before[field] !== after[field]) fields[field] = { from: before[field], to: after[field] };
  return fields;
}

export const doseColumns = {
  empty(vaccine: string, status: DoseStatus): DoseColumns {
    return {
      vaccine,
      status,
      dueDate: null,
      ageWeeks: null,
      notBefore: null,
      givenDate: null,
      expiresDate: null,
      batch: null,
      manufacturer: null,
      givenBy: null,
      vetId: null,
      skipReason: null,
      notes: null,
    };
  },
  of(dose: StoredDose): DoseColumns {
    const {
      vaccine,
      status,
      dueDate,
      ageWeeks,
      notBefore,
      givenDate,
      expiresDate,
      batch,
      manufacturer,
      givenBy,
      skipReason,
      notes,
    } = dose;
    return {
      vaccine,
      status,
      dueDate,
      ageWeeks,
      notBefore,
      givenDate,
      expiresDate,
      batch,
      manufacturer,
      givenBy,
      vetId: dose.vet?.id ?? null,
      skipReason,
      notes,
    };
  },
  /** A due date set by hand ends the age rule it followed. */
  changed(before: DoseColumns, change: Change<DoseColumns>): DoseColumns {
    const after = applied(before, change);
    return change.dueDate == null ? after : { ...after, ageWeeks: null, notBefore: null };
  },
};

export const treatmentColumns = {
  of(treatment: Partial<Omit<Treatment, 'vet'>> & { kind: TreatmentKind; vetId?: number | null }): TreatmentColumns {
    return {
      kind: treatment.kind,
      product: treatment.product ?? null,
      givenDate: treatment.givenDate ?? '',
      result: treatment.result ?? null,
      nextDueDate: treatment.nextDueDate ?? null,
      givenBy: treatment.givenBy ?? null,
      vetId: treatment.vetId ?? null,
      notes: treatment.notes ?? null,
    };
  },
  changed(before: TreatmentColumns, change: Change<TreatmentColumns>): TreatmentColumns {
    return applied(before, change);
  },
};
