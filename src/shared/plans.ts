export const PLAN_IDS = ['free', 'pro', 'business', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** Plans that may attach a custom domain (the seed: "Pro or above"). */
export const PAID_PLANS: readonly PlanId[] = ['pro', 'business', 'enterprise'];

export interface PlanFigures {
  id: PlanId;
  name: string;
  /** null for Enterprise, whose figures are set per account. */
  perMinute: number | null;
  perDay: number | null;
  /** Requests after a 429, within that window, beyond which the key is banned. */
  banThreshold: number;
  banMinutes: number;
}

export const DEFAULT_PLANS: readonly PlanFigures[] = [
  { id: 'free', name: 'Free', perMinute: 60, perDay: 1_000, banThreshold: 10, banMinutes: 15 },
  { id: 'pro', name: 'Pro', perMinute: 300, perDay: 10_000, banThreshold: 10, banMinutes: 15 },
  { id: 'business', name: 'Business', perMinute: 1_000, perDay: 100_000, banThreshold: 10, banMinutes: 15 },
  { id: 'enterprise', name: 'Enterprise', perMinute: null, perDay: null, banThreshold: 10, banMinutes: 15 },
];
