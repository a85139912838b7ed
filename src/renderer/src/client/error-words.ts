/**
 * The window's own sentence for a refusal whose details say what went wrong, in the window's
 * language: the engine's message is English for every face (the CLI, the logs), so a window in
 * another language words the typed details itself, and a code without such details by its meaning.
 */
import type {
  ConflictDetails,
  ErrorCode,
  StaffConflict,
  StaffForbidden,
  StaffLoginThrottled,
  StaffNameReserved,
  StaffUnauthorized,
} from '../../../shared/errors';
import { windowI18n } from '../i18n/i18n';
import type { AdminCallError } from './transport';

type Reasoned = { reason?: string } & Record<string, unknown>;

const WORDED_REASONS = new Set([
  'login_required',
  'session_expired',
  'login_failed',
  'invite_invalid',
  'password_wrong',
  'role_not_allowed',
  'field_not_allowed',
  'desk_only',
  'own_password',
  'last_owner',
  'login_taken',
  'team_mode_off',
  'no_owner',
  'team_exists',
  'login_throttled',
  'name_reserved',
  'port_in_use',
  'domain_attached',
  'domain_not_verified',
  'photo_limit',
]);

type WordedDetails =
  | StaffUnauthorized
  | StaffForbidden
  | StaffConflict
  | StaffLoginThrottled
  | StaffNameReserved
  | Extract<ConflictDetails, { reason: 'port_in_use' | 'domain_attached' | 'domain_not_verified' | 'photo_limit' }>;

function worded(details: WordedDetails): string {
  const t = windowI18n.t;
  switch (details.reason) {
    case 'field_not_allowed':
      return t('errors:reasons.field_not_allowed', { field: details.field });
    case 'login_taken':
      return t('errors:reasons.login_taken', { login: details.login });
    case 'login_throttled':
      return t('errors:reasons.login_throttled', { count: details.retryAfter });
    case 'port_in_use':
      return t('errors:reasons.port_in_use', { port: details.port, host: details.host });
    case 'domain_attached':
      return t('errors:reasons.domain_attached', { domain: details.domain, project: details.project });
    case 'domain_not_verified':
      return t('errors:reasons.domain_not_verified', { domain: details.domain });
    case 'photo_limit':
      return t('errors:reasons.photo_limit', { count: details.max });
    default:
      return t(`errors:reasons.${details.reason}`);
  }
}

/** The message a failure shows: the engine's own in English, else the window's words for its details or its code. */
export function refusalWords(error: AdminCallError, code: ErrorCode): string {
  if (windowI18n.language === 'en') return error.message;
  const details = error.details as Reasoned | undefined;
  if (details?.reason && WORDED_REASONS.has(details.reason)) return worded(details as WordedDetails);
  return windowI18n.t(`errors:explained.${code}`);
}
