/** Inputs of the admin side, shared by the services (validation) and the GUI (forms). */
import { z } from 'zod';
import { ENVIRONMENTS } from './environments';
import { nameSchema } from './names';
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

export const ACCOUNT_NAME_MAX = 200;
export const AccountNameSchema = nameSchema(ACCOUNT_NAME_MAX);

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

const BROWSE_LIMIT_MAX = 500;

export const BrowsePetsSchema = z.strictObject({
  search: z.string({ error: 'must be a string' }).max(200, { error: 'must be at most 200 characters' }).optional(),
  status: z.enum(PET_STATUSES, { error: `must be one of ${PET_STATUSES.join(', ')}` }).optional(),
  categoryId: id.optional(),
  sort: z.enum(PET_SORT_FIELDS, { error: `must be one of ${PET_SORT_FIELDS.join(', ')}` }).optional(),
  direction: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).optional(),
  offset: z.int({ error: 'must be a whole number' }).min(0, { error: 'must be 0 or more' }).optional(),
  limit: z
    .int({ error: `must be an integer from 1 to ${BROWSE_LIMIT_MAX}` })
    .min(1, { error: `must be an integer from 1 to ${BROWSE_LIMIT_MAX}` })
    .max(BROWSE_LIMIT_MAX, { error: `must be an integer from 1 to ${BROWSE_LIMIT_MAX}` })
    .optional(),
});
export type BrowsePets = z.infer<typeof BrowsePetsSchema>;

export const PetChangeSchema = z.strictObject({ name: PetNameSchema.optional(), categoryId: id.optional() });
export type PetChange = z.infer<typeof PetChangeSchema>;

export const CategoryNameSchema = nameSchema(100);

/** May be empty; when given it follows the name rules. */
export const KeyLabelSchema = nameSchema(200, { optional: true });

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
