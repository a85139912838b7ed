/** Staff accounts and roles: what every face shares of team mode. No Node built-ins here. */
import { z } from 'zod';
import type { AnyErrorDetails, ErrorCode } from './errors';
import { foldForSearch, nameSchema } from './names';
import { secretField } from './privacy';

export const STAFF_ROLES = ['owner', 'manager', 'staff', 'volunteer', 'api-admin', 'foster'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const StaffRoleSchema = z.enum(STAFF_ROLES);

/** One member of staff as every face sees it (never the password hash). */
export interface StaffMember {
  id: number;
  name: string;
  login: string;
  role: StaffRole;
  active: boolean;
  createdAt: number;
}

/** Which person of the register a login is, as owners set it. */
export interface StaffPersonLink {
  staffId: number;
  /** null: the login is nobody's in the register (a foster's then reaches no animal). */
  personId: number | null;
}

/** Logins are letters, digits, dot, dash, underscore; compared lower-case. */
export const StaffLoginSchema = z
  .string()
  .trim()
  .min(2)
  .max(64)
  .regex(/^[A-Za-z0-9._-]+$/, { error: 'letters, digits, dot, dash and underscore only' })
  .transform((login) => login.toLowerCase());
/** How the audit trail names a write made at the desk (its admin token, the desktop window, a single desk); `audit list --staff desk` finds them. */
export const DESK_NAME = 'desk';
/** The refusal's words and typed details, one for the schema and the engine (docs/errors.md). */
export const DESK_NAME_RULE = `must not be "${DESK_NAME}": the audit trail names the desk so`;
export const DESK_NAME_REFUSAL = { field: 'name', reason: 'name_reserved', reserved: DESK_NAME } as const;

/** Whether a name reads as the desk's: in any case, accents or width (the search form of names.ts), so no member's entries mix with the desk's. */
export function isDeskName(name: string): boolean {
  return foldForSearch(name.trim()) === DESK_NAME;
}

/** The engine refused a member's name as the desk's: a failure told by its code and details, for every face to word. */
export function refusesDeskName(failure: { code: ErrorCode; details?: AnyErrorDetails | undefined }): boolean {
  return (
    failure.code === 'validation_failed' &&
    failure.details !== undefined &&
    'reason' in failure.details &&
    failure.details.reason === 'name_reserved'
  );
}

/** A member's name follows every name's rules (no control characters, something visible) and is never the desk's. */
export const StaffNameSchema = nameSchema(100).refine((name) => !isDeskName(name), {
  error: DESK_NAME_RULE,
  params: DESK_NAME_REFUSAL,
});
/** Long enough to resist guessing under the login throttle; no composition rules (NIST SP 800-63B). */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;
export const StaffPasswordSchema = secretField(z.string().min(PASSWORD_MIN).max(PASSWORD_MAX));
/** A password as typed to log in (or as the current one): any length, since a rule may have changed since it was chosen. */
export const TypedPasswordSchema = secretField(z.string().min(1).max(1_000));
export const InviteCodeSchema = secretField(z.string().trim().min(8).max(64));

/** A session ends after this long without a call (idle expiry, on the engine's clock). */
export const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
/** An invitation's code works once, within this time. */
export const INVITE_VALID_MS = 7 * 24 * 60 * 60 * 1000;
/** Attempts allowed in a minute and a day (fixed windows on the real clock, never the quota lab's). */
export interface AttemptLimits {
  perMinute: number;
  perDay: number;
}

/**
 * Attempts at a secret: per login (also a member's own current password), and per address for every
 * login, password and invitation code tried from it. An address where the member held a session
 * lately (KNOWN_ADDRESS_MS) has a per-login brake of its own, which attempts from elsewhere never set off.
 */
export const LOGIN_LIMITS = {
  perLogin: { perMinute: 5, perDay: 50 },
  perAddress: { perMinute: 20, perDay: 500 },
  perInvitation: { perMinute: 5, perDay: 20 },
} as const satisfies Record<string, AttemptLimits>;
/** How long an address where a member held a session stays theirs for the login brake. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;

/** What attempts are counted against (staff_attempts). */
export const ATTEMPT_KINDS = ['login', 'address', 'password', 'invitation'] as const;
export type AttemptKind = (typeof ATTEMPT_KINDS)[number];

/** A brake that refuses attempts now: a login (from anywhere, or from one of its own addresses), an address, a member's password, an invitation. */
export interface StaffLockout {
  kind: AttemptKind;
  /** The login (kinds login and password) or the invitation's id; null for an address. */
  subject: string | null;
  /** The address the brake holds for; null where it holds from everywhere. */
  address: string | null;
  /** When attempts are let in again. */
  until: number;
}

/** An invitation not yet used, revoked or expired, as owners see it (never its code). */
export interface PendingInvite {
  id: number;
  name: string;
  role: StaffRole;
  createdAt: number;
  expiresAt: number;
  /** The owner who made it; null for the desk. */
  invitedBy: { id: number; name: string } | null;
}

export interface StaffInvite {
  /** Shown once, to be handed to the new member; only its hash is kept. */
  code: string;
  name: string;
  role: StaffRole;
  expiresAt: number;
}

/** The first owner, made at the desk when the data dir has no staff yet (staff.setupOwner); it turns team mode on. */
export const FirstOwnerSchema = z.strictObject({
  name: StaffNameSchema,
  login: StaffLoginSchema,
  password: StaffPasswordSchema,
});
