/**
 * The care answers a volunteer may be shown, as schemas: what the marks on them hide (the vet, a
 * person from the register; the medical notes, the staff's) is left out of the volunteer's view by
 * the marks alone (shared/privacy.ts). The TS types stay in care.ts; tests/unit/privacy-marks.test.ts
 * checks that the two agree.
 */
import { z } from 'zod';
import { DOSE_STATUSES, DUE_BUCKETS } from './care';
import { PersonRefSchema } from './movements';
import { personalField, privateField } from './privacy';

export const DoseSchema = z.object({
  id: z.int(),
  petId: z.int(),
  vaccine: z.string(),
  status: z.enum(DOSE_STATUSES),
  dueDate: z.string().nullable(),
  followsAge: z.boolean(),
  givenDate: z.string().nullable(),
  expiresDate: z.string().nullable(),
  batch: z.string().nullable(),
  manufacturer: z.string().nullable(),
  givenBy: z.string().nullable(),
  vet: personalField(PersonRefSchema.nullable(), 'The vet, from the people register.'),
  skipReason: z.string().nullable(),
  notes: privateField(z.string().nullable(), 'Medical notes.'),
  protocolStep: z.int().nullable(),
  createdAt: z.number(),
});

export const DueDoseSchema = z.object({
  dose: DoseSchema,
  petName: z.string(),
  category: z.string(),
  bucket: z.enum(DUE_BUCKETS),
  overdueDays: z.int(),
});

export const DueListSchema = z.object({
  today: z.string(),
  until: z.string(),
  overdue: z.array(DueDoseSchema),
  dueToday: z.array(DueDoseSchema),
  soon: z.array(DueDoseSchema),
});

export const GivenRoundSchema = z.object({ doses: z.array(DoseSchema) });
