/**
 * The window's own sentence for a refusal whose details say what went wrong, in the window's
 * language: the engine's message is English for every face (the CLI, the logs), so a window in
 * another language words the typed details itself, and a code without such details by its meaning.
 */
import type {
  BackupConflict,
  BackupFolderProblem,
  ConflictDetails,
  DurationProblem,
  ErrorCode,
  PhotoGivenTwice,
  PhotoTooLarge,
  PhotoUnsupported,
  StaffConflict,
  StaffForbidden,
  StaffLoginThrottled,
  StaffNameReserved,
  StaffUnauthorized,
  UploadProblem,
} from '../../../shared/errors';
import { windowI18n, windowLocale } from '../i18n/i18n';
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

/**
 * Refusals the window words from their details in every language, English too: uploads, photos,
 * backups and lab durations, whose engine English names files, figures and limits its own way.
 */
export type DetailWorded =
  | UploadProblem
  | PhotoGivenTwice
  | PhotoTooLarge
  | PhotoUnsupported
  | Extract<ConflictDetails, { reason: 'photo_already_added' }>
  | BackupFolderProblem
  | BackupConflict
  | DurationProblem;

type DetailReason = DetailWorded['reason'];
type Wording = { [R in DetailReason]: (details: DetailWorded & { reason: R }) => string };

const MIB = 1024 * 1024;
const megabytes = (bytes: number, digits: number) =>
  new Intl.NumberFormat(windowLocale(), { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(
    bytes / MIB,
  );
const figure = (value: number) => new Intl.NumberFormat(windowLocale()).format(value);
const either = (items: readonly string[]) =>
  new Intl.ListFormat(windowLocale(), { type: 'disjunction' }).format(items.map((item) => item.toUpperCase()));
const all = (items: readonly string[]) => new Intl.ListFormat(windowLocale(), { type: 'conjunction' }).format(items);

const t = windowI18n.t;

const WORDING: Wording = {
  upload_not_zip: ({ upload }) => t('errors:reasons.upload_not_zip', { upload }),
  upload_unreadable: ({ upload }) => t('errors:reasons.upload_unreadable', { upload }),
  upload_empty: ({ upload }) => t('errors:reasons.upload_empty', { upload }),
  upload_too_many_entries: ({ upload, max }) =>
    t('errors:reasons.upload_too_many_entries', { upload, max: figure(max) }),
  upload_too_many_files: ({ upload, max }) => t('errors:reasons.upload_too_many_files', { upload, max: figure(max) }),
  upload_unsafe_path: ({ path, problem, maxLength }) =>
    t(`errors:reasons.upload_unsafe_path.${problem}`, { path, max: figure(maxLength) }),
  upload_compression: ({ upload, path }) => t('errors:reasons.upload_compression', { upload, path }),
  upload_entry_unreadable: ({ upload, path }) => t('errors:reasons.upload_entry_unreadable', { upload, path }),
  upload_write_failed: ({ upload, systemCode }) => t('errors:reasons.upload_write_failed', { upload, systemCode }),
  upload_over_limit: ({ bytes, maxBytes }) =>
    t('errors:reasons.upload_over_limit', { size: megabytes(bytes, 1), max: megabytes(maxBytes, 0) }),
  upload_path_twice: ({ path }) => t('errors:reasons.upload_path_twice', { path }),
  photo_bytes: ({ file, bytes, maxBytes }) =>
    t('errors:reasons.photo_bytes', { file, size: megabytes(bytes, 1), max: megabytes(maxBytes, 0) }),
  photo_pixels: ({ file, maxPixels }) => t('errors:reasons.photo_pixels', { file, max: figure(maxPixels / 1_000_000) }),
  photo_processing_time: ({ file, seconds }) => t('errors:reasons.photo_processing_time', { file, count: seconds }),
  not_an_image: ({ file }) => t('errors:reasons.not_an_image', { file }),
  photo_format: ({ file, format, accepted }) =>
    t('errors:reasons.photo_format', { file, format: format.toUpperCase(), accepted: either(accepted) }),
  photo_already_added: ({ position }) => t('errors:reasons.photo_already_added', { position }),
  photo_given_twice: ({ file, sameAs }) =>
    t(file === sameAs ? 'errors:reasons.photo_given_twice.same' : 'errors:reasons.photo_given_twice.other', {
      file,
      sameAs,
    }),
  backup_folder_not_absolute: ({ folder }) => t('errors:reasons.backup_folder_not_absolute', { folder }),
  backup_folder_not_chosen: () => t('errors:reasons.backup_folder_not_chosen'),
  backup_folder_inside_data_dir: ({ folder, inside }) =>
    t('errors:reasons.backup_folder_inside_data_dir', { folder, inside }),
  backup_folder_inside_deploy: ({ folder, inside }) =>
    t('errors:reasons.backup_folder_inside_deploy', { folder, inside }),
  backup_folder_not_made: ({ folder, systemCode }) =>
    t('errors:reasons.backup_folder_not_made', { folder, systemCode }),
  backup_damaged: ({ backup, problems }) =>
    t('errors:reasons.backup_damaged', {
      backup,
      count: problems.length,
      paths: all(problems.map((problem) => problem.path)),
    }),
  backup_target_not_empty: ({ dataDir }) => t('errors:reasons.backup_target_not_empty', { dataDir }),
  backup_unknown_key: ({ backup, authenticity }) => t(`errors:reasons.backup_unknown_key.${authenticity}`, { backup }),
  data_dir_in_use: ({ dataDir, environment }) => t('errors:reasons.data_dir_in_use', { dataDir, environment }),
  duration_unreadable: ({ text }) => t('errors:reasons.duration_unreadable', { text }),
  duration_not_positive: () => t('errors:reasons.duration_not_positive'),
  duration_too_long: ({ maxDays }) => t('errors:reasons.duration_too_long', { count: maxDays }),
  lab_clock_too_far: ({ maxDays, aheadDays }) =>
    t('errors:reasons.lab_clock_too_far', { count: maxDays, ahead: aheadDays }),
};

/** Every reason the window words from its details in every language. */
export const DETAIL_REASONS = Object.keys(WORDING) as DetailReason[];

/** The window's sentence for details it words in every language, or null for details it does not. */
export function detailWords(details: unknown): string | null {
  const reason = (details as Reasoned | undefined)?.reason;
  if (reason === undefined || !Object.hasOwn(WORDING, reason)) return null;
  return (WORDING[reason as DetailReason] as (details: DetailWorded) => string)(details as DetailWorded);
}

/** The message a failure shows: the window's words for details it words, else the engine's own in English, else the window's words for its details or its code. */
export function refusalWords(error: AdminCallError, code: ErrorCode): string {
  const own = detailWords(error.details);
  if (own !== null) return own;
  if (windowI18n.language === 'en') return error.message;
  const details = error.details as Reasoned | undefined;
  if (details?.reason && WORDED_REASONS.has(details.reason)) return worded(details as WordedDetails);
  return windowI18n.t(`errors:explained.${code}`);
}
