/** The API’s clients: accounts, keys, plans, usage, bans and the console. */
import type { Account, ApiKeyRecord, BanRecord, UsageReport } from '../models';
import type { PlanFigures } from '../plans';
import { API, answer, area } from './declare';

export interface ConsoleResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  durationMs: number;
}

export interface BurstResult {
  /** One entry per request, in order. */
  responses: { status: number; code: string | null; remaining: number | null; retryAfter: number | null }[];
  counts: Record<string, number>;
}

export interface OverviewRow {
  account: Account;
  usage: UsageReport;
}

export const API_CLIENT_CHANNELS = area({
  'accounts.list': {
    input: ({ input }) => input({}),
    answer: answer<Account[]>(),
    may: API,
  },
  'accounts.create': {
    input: ({ input, NewAccountInputSchema }) => input({ account: NewAccountInputSchema }),
    answer: answer<Account>(),
    may: API,
    writes: 'Added an API account',
    topics: ['accounts', 'usage'],
  },
  'accounts.rename': {
    input: ({ id, input, AccountNameSchema }) => input({ id, name: AccountNameSchema }),
    answer: answer<Account>(),
    may: API,
    writes: 'Renamed an API account',
    topics: ['accounts', 'usage'],
  },
  'accounts.setPlan': {
    input: ({ id, input, AccountPlanInputSchema }) => input({ id, plan: AccountPlanInputSchema }),
    answer: answer<Account>(),
    may: API,
    writes: 'Changed an account’s plan',
    topics: ['accounts', 'usage'],
  },
  'keys.list': {
    input: ({ id, input }) => input({ accountId: id.optional() }),
    answer: answer<ApiKeyRecord[]>(),
    may: API,
  },
  'keys.create': {
    input: ({ id, input, KeyLabelSchema }) => input({ accountId: id, label: KeyLabelSchema.optional() }),
    answer: answer<{ key: string; record: ApiKeyRecord }>(),
    may: API,
    writes: 'Made an API key',
    topics: ['keys', 'accounts'],
  },
  'keys.setLabel': {
    input: ({ id, input, KeyLabelSchema }) => input({ id, label: KeyLabelSchema }),
    answer: answer<ApiKeyRecord>(),
    may: API,
    writes: 'Relabelled an API key',
    topics: ['keys'],
  },
  'keys.revoke': {
    input: ({ id, input }) => input({ id }),
    answer: answer<ApiKeyRecord>(),
    may: API,
    writes: 'Revoked an API key',
    topics: ['keys', 'accounts'],
  },
  'keys.rotate': {
    input: ({ id, input }) => input({ id }),
    answer: answer<{ key: string; record: ApiKeyRecord }>(),
    may: API,
    writes: 'Rotated an API key',
    topics: ['keys', 'accounts'],
  },
  'plans.list': {
    input: ({ input }) => input({}),
    answer: answer<PlanFigures[]>(),
    may: API,
  },
  'plans.update': {
    input: ({ z, input, PLAN_IDS, PlanChangeInputSchema }) =>
      input({ planId: z.enum(PLAN_IDS), change: PlanChangeInputSchema }),
    answer: answer<PlanFigures>(),
    may: API,
    writes: 'Changed a plan',
    topics: ['plans', 'accounts', 'usage'],
  },
  'usage.overview': {
    input: ({ input }) => input({}),
    answer: answer<OverviewRow[]>(),
    may: API,
  },
  'usage.report': {
    input: ({ id, input }) => input({ accountId: id }),
    answer: answer<UsageReport>(),
    may: API,
  },
  'usage.reset': {
    input: ({ id, input }) => input({ accountId: id }),
    answer: answer<UsageReport>(),
    may: API,
    writes: 'Reset an account’s usage',
    topics: ['usage'],
  },
  'bans.list': {
    input: ({ input }) => input({}),
    answer: answer<BanRecord[]>(),
    may: API,
  },
  'bans.lift': {
    input: ({ id, input }) => input({ keyId: id }),
    answer: answer<{ lifted: boolean }>(),
    may: API,
    writes: 'Lifted a key’s ban',
    topics: ['usage'],
  },
  // The console sends real API requests, which may write.
  'console.send': {
    input: ({ ConsoleRequestSchema }) => ConsoleRequestSchema,
    answer: answer<ConsoleResponse>(),
    may: API,
    writes: 'Sent a request from the API console',
  },
  'console.burst': {
    input: ({ ConsoleBurstSchema }) => ConsoleBurstSchema,
    answer: answer<BurstResult>(),
    may: API,
    writes: 'Sent a burst from the API console',
  },
});
