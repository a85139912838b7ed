export const ENVIRONMENTS = ['production', 'staging'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export const KEY_PREFIX: Record<Environment, string> = {
  production: 'adk_live_',
  staging: 'adk_test_',
};

export const DEFAULT_PORT: Record<Environment, number> = {
  production: 4010,
  staging: 4011,
};

export const API_BASE_PATH = '/v1';
