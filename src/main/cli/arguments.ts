/** The parsers of command-line values, shared by every command group (and `serve`). */
import { Resolver } from 'node:dns';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { BACKOFF_CAP_MS, MAX_ATTEMPTS, type CheckSettings } from '../../shared/compliance';
import { parseDuration } from '../../shared/lab';
import { PLAN_IDS } from '../../shared/plans';
import { petStatusOf, type PetStatus } from '../../shared/pet';

export function positiveInt(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < 1)
    throw new InvalidArgumentError('must be a positive integer.');
  return n;
}

/** A pet's status as people say it: available, pending, adopted (or the wire's `sold`). */
export function petStatus(value: string): PetStatus {
  const status = petStatusOf(value);
  if (status === undefined) throw new InvalidArgumentError('must be available, pending or adopted (sold).');
  return status;
}

/** A count where 0 means "none" (an offset, a tolerance); told like positiveInt when refused. */
export function zeroOrPositiveInt(value: string): number {
  return value === '0' ? 0 : positiveInt(value);
}

/** `--dns-server HOST[:PORT]`, repeatable; checked the way the resolver will read it. */
export function collectDnsServer(value: string, previous: string[] = []): string[] {
  try {
    new Resolver().setServers([value]);
  } catch {
    throw new InvalidArgumentError('must be an IP address, optionally with a port: 127.0.0.1:5353 or [::1]:5353.');
  }
  return [...previous, value];
}

/** An ISO-8601 moment (2026-06-01T10:00:00Z) or epoch milliseconds. */
export function moment(value: string): number {
  const ms = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  if (!Number.isSafeInteger(ms))
    throw new InvalidArgumentError('must be an ISO-8601 moment such as 2026-06-01T10:00:00Z, or epoch milliseconds.');
  return ms;
}

/** 90s, 15m, 2h, 1d, 1h30m, in milliseconds. */
export function duration(value: string): number {
  const parsed = parseDuration(value);
  if ('error' in parsed) throw new InvalidArgumentError(parsed.error);
  return parsed.ms;
}

/** The plan options of `keys create`, `accounts create` and `accounts set-plan`. */
export const planOption = () => new Option('--plan <plan>', 'plan').choices(PLAN_IDS);
export const perMinuteOption = () =>
  new Option('--per-minute <n>', 'Enterprise: requests per minute').argParser(positiveInt);
export const perDayOption = () => new Option('--per-day <n>', 'Enterprise: requests per day').argParser(positiveInt);

/** The compliance checks' figures a team may tune (`report` and `gate`). */
export function withCheckSettings(command: Command): Command {
  // Commander prints each default once, after the description ("(default: 10m)" in words, not milliseconds).
  return command
    .addOption(
      new Option('--max-attempts <n>', 'gives-up: refusals in a row of the same request before a client should stop')
        .argParser(positiveInt)
        .default(MAX_ATTEMPTS),
    )
    .addOption(
      new Option(
        '--backoff-cap <duration>',
        'backoff-cap: the longest sensible wait after a 429 when Retry-After asks for less',
      )
        .argParser(duration)
        .default(BACKOFF_CAP_MS, `${BACKOFF_CAP_MS / 60_000}m`),
    );
}

export function checkSettingsOf(options: { maxAttempts: number; backoffCap: number }): CheckSettings {
  return { maxAttempts: options.maxAttempts, backoffCapMs: options.backoffCap };
}
