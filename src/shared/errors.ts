import type { PlanId } from './plans';
import type { PortalId } from './portals';
import type {
  PhotoTooLarge,
  PhotoUnsupported,
  UploadProblem,
  PhotoGivenTwice,
  BackupFolderProblem,
  DurationProblem,
  FormRuleProblem,
  CaFileProblem,
  ProfileRuleProblem,
  TransferDestinationProblem,
  ServerAddressProblem,
} from './input-problems';

// The input problems keep their home in input-problems.ts; importing them from here still works.
export type * from './input-problems';

/** The stable error codes of docs/contract.md, "The public API", each with the HTTP status it travels with. */
export const ERROR_STATUS = {
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  // Admin side, published sites: a custom domain needs a paid plan and a live deploy.
  plan_required: 403,
  deploy_required: 409,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  conflict: 409,
  // Admin side: a save made from an older version of the record than the stored one.
  edit_conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  // An extension beyond the seed: an Idempotency-Key reused with another body (docs/contract.md).
  idempotency_mismatch: 422,
  rate_limited: 429,
  api_key_banned: 429,
  internal_error: 500,
  service_unavailable: 503,
  // The server's disk is full: nothing was written; reads are still served.
  insufficient_storage: 507,
  // A desk connecting to the shelter server: the server, not this desk, is the problem.
  server_unreachable: 502,
  server_timeout: 504,
  server_not_tls: 502,
  server_not_adoption_desk: 502,
  server_certificate_invalid: 502,
  server_identity_changed: 502,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

const ADMIN_ONLY_CODES: readonly ErrorCode[] = [
  'conflict',
  'edit_conflict',
  'forbidden',
  'plan_required',
  'deploy_required',
  'server_unreachable',
  'server_timeout',
  'server_not_tls',
  'server_not_adoption_desk',
  'server_certificate_invalid',
  'server_identity_changed',
];

/** Codes the public API can answer with (docs/contract.md, "The public API"); the others belong to the admin side. */
export const PUBLIC_ERROR_CODES = ERROR_CODES.filter((code) => !ADMIN_ONLY_CODES.includes(code));

/** What a missing thing was, so a face can say where to look (the CLI names its list command). */
export type NotFoundDetails =
  | { missing: 'project'; reference: string }
  | { missing: 'deploy'; project: string; number: number }
  | { missing: 'domain'; name: string }
  | { missing: 'photo'; petId: number; photoId: number }
  | { missing: 'person'; personId: number }
  | { missing: 'pet'; petId: number }
  | { missing: 'dose'; doseId: number }
  | { missing: 'treatment'; treatmentId: number }
  | { missing: 'staff'; staffId: number }
  | { missing: 'invitation'; invitationId: number }
  | { missing: 'contract'; contractId: number }
  | { missing: 'submission'; submissionId: number }
  | { missing: 'report'; reportId: number }
  /** A backup folder (or the folder of backups) that is not there or holds no manifest; a data dir with no database to back up. */
  | { missing: 'backup'; path: string }
  | { missing: 'data_dir'; path: string };

/** Which state the action clashed with; `reason` tells them apart. */
export type ConflictDetails =
  /** A listener could not bind: the API's own port (`http`) or the sites' HTTPS port. */
  | { reason: 'port_in_use'; port: number; host: string; listener: 'http' | 'https' }
  | { reason: 'domain_attached'; domain: string; project: string; sameProject: boolean }
  /** Removing a primary would leave these redirects pointing nowhere. */
  | { reason: 'primary_has_redirects'; domain: string; redirects: string[] }
  | { reason: 'domain_not_verified'; domain: string; status: 'pending' | 'conflict' | 'error' }
  /** A pet holds its most photos already (Petfinder's cap). */
  | { reason: 'photo_limit'; petId: number; max: number }
  | { reason: 'photo_already_added'; petId: number; photoId: number; position: number }
  /** An export to an adoption portal would leave out animals its last file listed: the portal's import deletes those. */
  | {
      reason: 'portal_would_drop';
      portal: PortalId;
      animals: Array<{ id: number; name: string; reason: 'refused' | 'gone' }>;
    }
  /** The first export to a portal whose first upload from any software erases what it listed (Adopt-a-Pet), not yet confirmed. */
  | { reason: 'portal_first_upload'; portal: PortalId }
  | MovementConflict
  | CareConflict
  | StaffConflict
  | BackupConflict
  | ContractConflict
  | LostFoundConflict;

/**
 * A signature refused (docs/errors.md): the stay's contract of this kind is signed already, `contractId`
 * (`contract_signed`: a correction names it in `replaces`), or the one named was corrected already
 * (`contract_replaced`) or is another stay's or kind's (`contract_elsewhere`). One shape for the three.
 */
export interface ContractConflict {
  reason: 'contract_signed' | 'contract_replaced' | 'contract_elsewhere';
  contractId: number;
  stayId: number;
  kind: string;
  /** The contract that replaced `contractId`; null while it is the newest. */
  replacedBy: number | null;
}

/**
 * A movement refused by one of the shelter's rules (docs/errors.md): `reason` names the rule.
 * Moments are epoch ms; `previous` says which earlier movement the date would run back past.
 */
export type MovementConflict =
  | { reason: 'stay_open'; petId: number; stayId: number }
  | { reason: 'no_open_stay'; petId: number }
  | { reason: 'reservation_active'; petId: number; reservationId: number; personId: number }
  | { reason: 'no_active_reservation'; petId: number }
  | { reason: 'foster_open'; petId: number; fosterId: number; personId: number }
  | { reason: 'no_open_foster'; petId: number }
  | {
      reason: 'date_before_previous';
      petId: number;
      at: number;
      previousAt: number;
      previous: 'intake' | 'outcome' | 'reservation' | 'foster';
    }
  | { reason: 'date_in_future'; at: number; now: number }
  | { reason: 'do_not_adopt'; personId: number; flagReason: string | null }
  | { reason: 'not_adopted'; petId: number }
  | { reason: 'person_forgotten'; personId: number };

/**
 * A care record refused by one of its rules (docs/errors.md): `reason` names the rule.
 * In a round, `petId` names the animal that stopped it (nothing of the round was recorded).
 */
export type CareConflict =
  | { reason: 'dose_not_waiting'; doseId: number; petId: number; status: 'given' | 'skipped' }
  | { reason: 'dose_mismatch'; doseId: number; petId: number; vaccine: string }
  | { reason: 'already_given'; doseId: number; petId: number; vaccine: string; givenDate: string }
  | { reason: 'care_date_in_future'; date: string; today: string }
  | { reason: 'already_spayed_neutered'; petId: number; treatmentId: number; givenDate: string };
/** A lost or found report's refusals: it is no longer open, or the match confirmed is not one (another kind, species or chip, or no stray in care). */
export type LostFoundConflict =
  | { reason: 'report_not_open'; reportId: number; state: string }
  | { reason: 'not_a_match'; reportId: number; other: 'pet' | 'report'; otherId: number };
/** Team mode's refusals (docs/errors.md): a role's limits, a session's end, the team's own rules. */
export type StaffForbidden =
  /** `not_in_care`: a foster asking about an animal not placed with them (`petId`), or a dose of one. */
  | { reason: 'role_not_allowed' | 'not_in_care'; role: string | null; channel: string; petId?: number }
  /** The role may call the channel but not send this field (a volunteer naming a vet: a person from the register). */
  | { reason: 'field_not_allowed'; role: string; channel: string; field: string }
  | { reason: 'desk_only'; channel: string }
  | { reason: 'own_password'; staffId: number };
export type StaffUnauthorized = {
  reason: 'login_required' | 'session_expired' | 'login_failed' | 'invite_invalid' | 'password_wrong';
};
/** A member's name that reads as the desk's ("desk" in any case, accents or width): the audit trail names the desk so. */
export type StaffNameReserved = { field: 'name'; reason: 'name_reserved'; reserved: 'desk' };
/** A mail template naming a placeholder its kind has no value for: `allowed` are the ones it may name. */
export type UnknownPlaceholder = {
  field: `words.${string}`;
  reason: 'unknown_placeholder';
  placeholder: string;
  allowed: readonly string[];
};
export type StaffConflict =
  | { reason: 'last_owner'; staffId: number }
  | { reason: 'login_taken'; login: string }
  | { reason: 'team_mode_off' }
  | { reason: 'no_owner' }
  | { reason: 'team_exists' };

/** Too many login attempts for this login or from this address: the seconds until the binding window resets. */
export type StaffLoginThrottled = { reason: 'login_throttled'; retryAfter: number };

/** A backup's refusals (docs/errors.md): a damaged backup, a restore over a data dir with content or one a server is using. */
export type BackupConflict =
  | { reason: 'backup_damaged'; backup: string; problems: BackupProblem[] }
  | { reason: 'backup_target_not_empty'; dataDir: string }
  /** Not signed with the data dir's backup key (another data dir's, a new disk's, or none): restored only when trusted. */
  | { reason: 'backup_unknown_key'; backup: string; authenticity: 'unknown_key' | 'unsigned' }
  | { reason: 'data_dir_in_use'; dataDir: string; environment: string };
/**
 * One file of a backup that does not match its manifest, a database that fails SQLite's
 * integrity_check, a path the backup's layout has no place for (`foreign_path`: `..`, an absolute
 * path, any other name), a link anywhere in the backup's folder (`link`), a manifest changed since
 * the data dir's own backup key signed it (`signature_mismatch`), or a photo file (`path`)
 * that a database of the backup names and the backup lacks.
 */
export type BackupProblem =
  | {
      path: string;
      problem: 'missing' | 'hash_mismatch' | 'integrity_check_failed' | 'foreign_path' | 'link' | 'signature_mismatch';
    }
  | { path: string; problem: 'photo_missing'; database: string; hash: string };

/**
 * A save made from an older version than the stored one: `current` is the record as
 * the channel answers it (redacted like that answer for a volunteer), `changedBy` the staff member
 * (or "desk") whose admin write made `currentVersion`, null when it came from outside the admin
 * pages (the CLI, the public API, a movement or care record), `changedAt` when it was written.
 */
export interface EditConflictDetails {
  current: unknown;
  currentVersion: number;
  yourVersion: number;
  changedBy: string | null;
  changedAt: number | null;
}

/** Where a desk's connection to the shelter server stopped (docs/errors.md). */
export interface ServerUnreachable {
  host: string;
  port: number;
  cause: 'name_not_found' | 'refused' | 'no_route' | 'network';
  /** The system's error code (ECONNREFUSED…), for whoever looks after the network. */
  systemCode: string | null;
}
export interface ServerTimeout {
  host: string;
  port: number;
  /** connect: no TCP connection; handshake: connected, but no TLS answer; answer: no page after the handshake. */
  phase: 'connect' | 'handshake' | 'answer';
  timeoutMs: number;
}
export interface ServerCertificateInvalid {
  host: string;
  problem: 'no_ca' | 'not_signed_by_ca' | 'name_mismatch' | 'expired' | 'not_yet_valid';
}
/** Both codes, so staff can tell which one their server shows. */
export interface ServerIdentityChanged {
  host: string;
  pinnedFingerprint: string;
  presentedFingerprint: string;
  pinnedCode: string;
  presentedCode: string;
}

/**
 * The details each code carries beside its message (docs/errors.md lists them): the facts a face
 * needs to word the failure its own way: a CLI command hint, a GUI button. The message itself names
 * no face's controls. Codes not listed carry no details; details are optional where a code is thrown
 * from many places (a validation of any field, a conflict of any kind).
 */
export interface ErrorDetails {
  /** `field` is the input's name as the admin contract spells it (`redirectTo`), never a flag. */
  validation_failed:
    | { field: string }
    | CaFileProblem
    | ProfileRuleProblem
    | ServerAddressProblem
    | TransferDestinationProblem
    | StaffNameReserved
    | UnknownPlaceholder
    | UploadProblem
    | PhotoGivenTwice
    | BackupFolderProblem
    | DurationProblem
    | FormRuleProblem;
  /** The account's plan and the least plan that allows the action; `deployRequired` when the project has nothing live either. */
  plan_required: {
    accountId: number;
    accountName: string;
    planId: PlanId;
    needed: PlanId;
    project: string;
    deployRequired: boolean;
  };
  deploy_required: { project: string };
  not_found: NotFoundDetails;
  forbidden: StaffForbidden;
  unauthorized: StaffUnauthorized;
  conflict: ConflictDetails;
  edit_conflict: EditConflictDetails;
  payload_too_large: PhotoTooLarge;
  unsupported_media_type: PhotoUnsupported;
  server_unreachable: ServerUnreachable;
  server_timeout: ServerTimeout;
  server_not_tls: { host: string; port: number };
  /** `status` null when what answered after the handshake was not HTTP. */
  server_not_adoption_desk: { url: string; status: number | null };
  server_certificate_invalid: ServerCertificateInvalid;
  server_identity_changed: ServerIdentityChanged;
  /** Admin side only: too many staff login attempts; the public API's refusal carries none. */
  rate_limited: StaffLoginThrottled;
}

export type DetailsOf<C extends ErrorCode> = C extends keyof ErrorDetails ? ErrorDetails[C] : never;

/** Any code's details, as they travel on the admin side. */
export type AnyErrorDetails = ErrorDetails[keyof ErrorDetails];

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  status: number;
}

/**
 * The admin side's error value (IPC and browser mode): the public Error body plus the code's
 * details, so the GUI can word them. The public API's body never carries details (docs/contract.md).
 */
export interface AdminErrorBody extends ErrorBody {
  details?: AnyErrorDetails;
}

export interface AppErrorOptions<C extends ErrorCode> {
  details?: DetailsOf<C>;
  /** HTTP headers the refusal is sent with (`Retry-After`, `Allow`, `WWW-Authenticate`). */
  headers?: Record<string, string>;
  /** Another status than the code's, for a refusal a header profile words another API's way (github's 403 `rate_limited`). */
  status?: number;
}

/** A failure the caller can act on; thrown once where it is detected, rendered once at the edge. */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly code: C;
  readonly status: number;
  readonly headers: Record<string, string>;
  /**
   * Read with `detailsOf(error, code)`, typed by the code. Held as any code's details: typed by `C`
   * here, comparing two AppErrors crossed every code's variants with every other's (the compiler's
   * "union type too complex"), and each new variant made it worse.
   */
  readonly details: AnyErrorDetails | undefined;

  constructor(code: C, message: string, options: AppErrorOptions<C> = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? ERROR_STATUS[code];
    this.headers = options.headers ?? {};
    this.details = options.details;
  }

  toBody(): ErrorBody {
    return { code: this.code, message: this.message, status: this.status };
  }

  toAdminBody(): AdminErrorBody {
    return this.details === undefined ? this.toBody() : { ...this.toBody(), details: this.details };
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** The details of `error` when it is an AppError with `code` and carries them: `detailsOf(error, 'conflict')?.reason`. */
export function detailsOf<C extends ErrorCode>(error: unknown, code: C): DetailsOf<C> | undefined {
  return isAppError(error) && error.code === code ? (error.details as DetailsOf<C> | undefined) : undefined;
}
