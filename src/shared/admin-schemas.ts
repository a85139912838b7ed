/** Inputs of the admin side, shared by the services (validation) and the GUI (forms). */
import { z } from 'zod';
import { ENVIRONMENTS } from './environments';
import { PET_STATUSES, PetNameSchema } from './pet';
import { PLAN_IDS } from './plans';

const positive = z.int({ error: 'must be a positive integer' }).positive({ error: 'must be a positive integer' });
const id = positive;

export const EnvironmentSchema = z.enum(ENVIRONMENTS, { error: `must be one of ${ENVIRONMENTS.join(', ')}` });

export const AccountPlanSchema = z.strictObject({
  planId: z.enum(PLAN_IDS, { error: `must be one of ${PLAN_IDS.join(', ')}` }),
  perMinute: positive.optional(),
  perDay: positive.optional(),
});
export type AccountPlan = z.infer<typeof AccountPlanSchema>;

export const AccountNameSchema = z
  .string({ error: 'must be a string' })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(200, { error: 'must be at most 200 characters' });

export const NewAccountSchema = AccountPlanSchema.extend({ name: AccountNameSchema });
export type NewAccount = z.infer<typeof NewAccountSchema>;

export const PlanChangeSchema = z.strictObject({
  perMinute: positive.optional(),
  perDay: positive.optional(),
  banThreshold: z.int({ error: 'must be a whole number' }).min(0, { error: 'must be 0 or more' }).optional(),
  banMinutes: positive.optional(),
});
export type PlanChange = z.infer<typeof PlanChangeSchema>;

export const PET_SORT_FIELDS = ['id', 'name', 'status', 'categoryId', 'updatedAt'] as const;

export const BrowsePetsSchema = z.strictObject({
  search: z.string().max(200).optional(),
  status: z.enum(PET_STATUSES).optional(),
  categoryId: id.optional(),
  sort: z.enum(PET_SORT_FIELDS).optional(),
  direction: z.enum(['asc', 'desc']).optional(),
  offset: z.int().min(0).optional(),
  limit: z.int().min(1).max(500).optional(),
});
export type BrowsePets = z.infer<typeof BrowsePetsSchema>;

export const PetChangeSchema = z.strictObject({ name: PetNameSchema.optional(), categoryId: id.optional() });

export const CategoryNameSchema = z
  .string({ error: 'must be a string' })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(100, { error: 'must be at most 100 characters' });

export const KeyLabelSchema = z.string({ error: 'must be a string' }).trim().max(200, { error: 'must be at most 200 characters' });

export const CONSOLE_OPERATIONS = ['listPets', 'createPet', 'getPet'] as const;

export const ConsoleRequestSchema = z.strictObject({
  environment: EnvironmentSchema,
  operation: z.enum(CONSOLE_OPERATIONS),
  /** The plaintext key to send; empty sends no Authorization header. */
  key: z.string().max(200),
  limit: z.int().min(1).max(100).optional(),
  status: z.enum(PET_STATUSES).optional(),
  cursor: z.string().max(200).optional(),
  petId: z.string().max(40).optional(),
  /** Raw JSON text for createPet, sent as-is so testers can send bad bodies too. */
  body: z.string().max(1_100_000).optional(),
});
export type ConsoleRequest = z.infer<typeof ConsoleRequestSchema>;

export const ConsoleBurstSchema = ConsoleRequestSchema.extend({ count: z.int().min(1).max(500) });

export const SettingsSchema = z.strictObject({
  host: z.string().min(1).max(100),
  ports: z.strictObject({ production: z.int().min(1).max(65_535), staging: z.int().min(1).max(65_535) }),
});
export type Settings = z.infer<typeof SettingsSchema>;
