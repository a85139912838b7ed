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
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  api_key_banned: 429,
  internal_error: 500,
  service_unavailable: 503,
  // The server's disk is full: nothing was written; reads are still served.
  insufficient_storage: 507,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

const ADMIN_ONLY_CODES: readonly ErrorCode[] = ['conflict', 'forbidden', 'plan_required', 'deploy_required'];

/** Codes the public API can answer with (docs/contract.md, "The public API"); the others belong to the admin side. */
export const PUBLIC_ERROR_CODES = ERROR_CODES.filter((code) => !ADMIN_ONLY_CODES.includes(code));

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  status: number;
}

/** A failure the caller can act on; thrown once where it is detected, rendered once at the edge. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.headers = headers;
  }

  toBody(): ErrorBody {
    return { code: this.code, message: this.message, status: this.status };
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
