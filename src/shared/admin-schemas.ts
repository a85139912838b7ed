/** Inputs of the admin side, shared by the services (validation) and the GUI (forms). */
import { z } from 'zod';
import { ENVIRONMENTS } from './environments';
import { nameSchema } from './names';
import { PET_STATUSES, PetNameSchema } from './pet';
import { PLAN_IDS } from './plans';
import { secretField } from './privacy';
import { LanguageSchema } from './shelter';
import { SPECIES } from './species';

const positive = z.int({ error: 'must be a positive integer' }).positive({ error: 'must be a positive integer' });
const id = positive;

export const EnvironmentSchema = z.enum(ENVIRONMENTS, { error: `must be one of ${ENVIRONMENTS.join(', ')}` });

const isFigure = (value: number | undefined): value is number => Number.isSafeInteger(value) && (value ?? 0) > 0;

/** A day holds many minutes: a per-day figure below the per-minute one would make the minute limit unreachable. */
function dayCoversMinute(figures: { perMinute?: number; perDay?: number }, context: z.core.$RefinementCtx): void {
  // A field that failed its own check (a negative figure) still gets here: leave it its own message.
  if (isFigure(figures.perMinute) && isFigure(figures.perDay) && figures.perDay < figures.perMinute) {
    context.addIssue({
      code: 'custom',
      path: ['perDay'],
      message: `must be at least the per-minute figure (${figures.perMinute})`,
      params: { reason: 'per_day_below_per_minute', perMinute: figures.perMinute },
    });
  }
}

const accountPlanShape = {
  planId: z.enum(PLAN_IDS, { error: `must be one of ${PLAN_IDS.join(', ')}` }),
  perMinute: positive.optional(),
  perDay: positive.optional(),
};

export const AccountPlanSchema = z.strictObject(accountPlanShape);
export type AccountPlan = z.infer<typeof AccountPlanSchema>;

export const ACCOUNT_NAME_MAX = 200;
export const AccountNameSchema = nameSchema(ACCOUNT_NAME_MAX);

export const NewAccountSchema = z.strictObject({ name: AccountNameSchema, ...accountPlanShape });
export type NewAccount = z.infer<typeof NewAccountSchema>;

export const PlanChangeSchema = z.strictObject({
  perMinute: positive.optional(),
  perDay: positive.optional(),
  banThreshold: z.int({ error: 'must be a whole number' }).min(0, { error: 'must be 0 or more' }).optional(),
  banMinutes: positive.optional(),
});
export type PlanChange = z.infer<typeof PlanChangeSchema>;

/*
 * What the window may send (its forms and the admin contract): the services' rules, plus a per-day
 * figure at least the per-minute one when both are given.
 */
export const AccountPlanInputSchema = AccountPlanSchema.superRefine(dayCoversMinute);
export const NewAccountInputSchema = NewAccountSchema.superRefine(dayCoversMinute);
export const PlanChangeInputSchema = PlanChangeSchema.superRefine(dayCoversMinute);

export const PET_SORT_FIELDS = ['id', 'name', 'status', 'categoryId', 'updatedAt'] as const;

const BROWSE_LIMIT_MAX = 500;

export const BrowsePetsSchema = z.strictObject({
  search: z.string({ error: 'must be a string' }).max(200, { error: 'must be at most 200 characters' }).optional(),
  /** `sold` is adopted only; `left_care`: every animal that left care other than by adoption. */
  status: z
    .enum([...PET_STATUSES, 'left_care'], { error: `must be one of ${PET_STATUSES.join(', ')}, left_care` })
    .optional(),
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

/**
 * The version of the record a save starts from: an older one than the stored one is
 * refused with edit_conflict. Optional, so the CLI and scripts write over as before; the window always sends it.
 */
export const RecordVersionSchema = z.int({ error: 'must be a whole number' }).min(0, { error: 'must be 0 or more' });

export const CategoryNameSchema = nameSchema(100);

export const SpeciesSchema = z.enum(SPECIES, { error: `must be one of ${SPECIES.join(', ')}` });

/** May be empty; when given it follows the name rules. */
export const KeyLabelSchema = nameSchema(200, { optional: true });

export const CONSOLE_OPERATIONS = ['listPets', 'createPet', 'getPet'] as const;

export const ConsoleRequestSchema = z.strictObject({
  environment: EnvironmentSchema,
  operation: z.enum(CONSOLE_OPERATIONS),
  /** The plaintext key to send; empty sends no Authorization header. */
  key: secretField(z.string().max(200)),
  /** Any whole number: the console shows the API's own answer to an out-of-range limit. */
  limit: z.int({ error: 'must be a whole number' }).optional(),
  status: z.enum(PET_STATUSES).optional(),
  cursor: z.string().max(200).optional(),
  petId: z.string().max(40).optional(),
  /** Raw JSON text for createPet, sent as-is so testers can send bad bodies too. */
  body: z.string().max(1_100_000).optional(),
});
export type ConsoleRequest = z.infer<typeof ConsoleRequestSchema>;

export const ConsoleBurstSchema = ConsoleRequestSchema.extend({ count: z.int().min(1).max(500) });

/** The addresses a server may bind: an IP literal of this machine (0.0.0.0 or :: for all of them) or localhost. */
const HostSchema = z
  .string({ error: 'must be a string' })
  .trim()
  .pipe(
    z.union([z.ipv4(), z.ipv6(), z.literal('localhost')], {
      error: 'must be an IPv4 or IPv6 address (e.g. 127.0.0.1, 0.0.0.0, ::1) or localhost',
    }),
  );

const PortSchema = z
  .int({ error: 'must be a whole number from 1 to 65535' })
  .min(1, { error: 'must be from 1 to 65535' })
  .max(65_535, { error: 'must be from 1 to 65535' });

/** 127.0.0.0/8, ::1 and localhost: reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  const name = host.trim().toLowerCase();
  return name === 'localhost' || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}

/** Let's Encrypt's ACME directories: staging first (far higher limits, untrusted certificates), then production. */
export const LETS_ENCRYPT_DIRECTORIES = {
  staging: 'https://acme-staging-v02.api.letsencrypt.org/directory',
  production: 'https://acme-v02.api.letsencrypt.org/directory',
} as const;

/** Certificates from an ACME CA (Let's Encrypt) instead of the local CA; absent or null: the local CA. */
export const AcmeSettingsSchema = z.strictObject({
  directoryUrl: z
    .string({ error: 'must be a string' })
    .trim()
    .pipe(
      z.url({
        protocol: /^https?$/,
        error: `must be the CA’s ACME directory URL, e.g. ${LETS_ENCRYPT_DIRECTORIES.production}`,
      }),
    ),
  email: z
    .string({ error: 'must be a string' })
    .trim()
    .pipe(z.email({ error: 'must be an email address: the CA sends expiry notices there' })),
  termsAgreed: z.literal(true, {
    error: 'must be agreed: the CA issues only to accounts that agreed to its terms of service',
  }),
  /** A PEM file of extra roots to trust for the directory's own HTTPS (a test CA such as Pebble); checked on save. */
  caFile: z
    .string({ error: 'must be a string' })
    .trim()
    .min(1, { error: 'must be the path of a PEM file, or absent' })
    .optional(),
});
export type AcmeSettings = z.infer<typeof AcmeSettingsSchema>;

const settingsShape = {
  host: HostSchema,
  ports: z.strictObject({ production: PortSchema, staging: PortSchema }),
  /** The sites over HTTPS, per environment; absent or null: HTTP only. */
  httpsPorts: z.strictObject({ production: PortSchema.nullable(), staging: PortSchema.nullable() }).optional(),
  acme: AcmeSettingsSchema.nullable().optional(),
  /** "This computer is the shelter's server": the admin pages over HTTPS to the network; absent: off (files written before it). */
  teamServer: z.strictObject({ enabled: z.boolean({ error: 'must be true or false' }), port: PortSchema }).optional(),
};

type PortsOf = {
  ports: { production: number; staging: number };
  httpsPorts?: { production: number | null; staging: number | null };
  teamServer?: { enabled: boolean; port: number };
};

function distinctPorts(settings: PortsOf, context: z.core.$RefinementCtx): void {
  const { production, staging } = settings.ports;
  if (PortSchema.safeParse(production).success && production === staging) {
    context.addIssue({
      code: 'custom',
      path: ['ports', 'staging'],
      message: 'must differ from the production port: each environment needs its own',
      params: { reason: 'ports_same' },
    });
  }
  const taken = new Set([production, staging]);
  for (const environment of ENVIRONMENTS) {
    const port = settings.httpsPorts?.[environment];
    if (port === null || port === undefined || !PortSchema.safeParse(port).success) continue;
    if (taken.has(port))
      context.addIssue({
        code: 'custom',
        path: ['httpsPorts', environment],
        message: 'must differ from every other port: each server needs its own',
        params: { reason: 'port_taken' },
      });
    taken.add(port);
  }
  const team = settings.teamServer;
  if (team?.enabled && taken.has(team.port))
    context.addIssue({
      code: 'custom',
      path: ['teamServer', 'port'],
      message: 'must differ from every other port: each server needs its own',
      params: { reason: 'port_taken' },
    });
}

/** What settings.json holds: the address both environments' servers bind, and the language a single desk's window speaks. */
export const SettingsSchema = z
  .strictObject({ ...settingsShape, language: LanguageSchema.optional() })
  .superRefine(distinctPorts);
export type Settings = z.infer<typeof SettingsSchema>;

/** A save from the GUI: binding beyond loopback needs the explicit `confirmExposure: true` of a confirm dialog. */
export const SettingsUpdateSchema = z
  .strictObject({ ...settingsShape, confirmExposure: z.literal(true, { error: 'must be true when given' }).optional() })
  .superRefine(distinctPorts)
  .superRefine((update, context) => {
    if (!isLoopbackHost(update.host) && update.confirmExposure !== true) {
      context.addIssue({
        code: 'custom',
        path: ['confirmExposure'],
        message: `must be true to bind ${update.host}: the pet API becomes reachable from other machines on your network`,
        params: { reason: 'exposure_unconfirmed', host: update.host },
      });
    }
  });
export type SettingsUpdate = z.infer<typeof SettingsUpdateSchema>;
