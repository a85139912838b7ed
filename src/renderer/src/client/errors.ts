/**
 * The one place that decides how a failure is shown to staff: its title, and whether it goes in a toast,
 * under a form's field, in an alert inside the form, or over the whole window. The engine's message is
 * the same for every face; the words around it, and where it goes, are chosen here.
 */
import type {
  CaFileProblem,
  ConflictDetails,
  ErrorCode,
  ErrorDetails,
  PhotoTooLarge,
  PhotoUnsupported,
  StaffConflict,
  StaffForbidden,
  StaffUnauthorized,
} from '../../../shared/errors';
import { PORTAL_NAMES, type PortalProblem } from '../../../shared/portals';
import type { Account } from '../../../shared/models';
import { PAID_PLANS } from '../../../shared/plans';
import { PLAN_NAME } from './plan-names';
import { windowI18n } from '../i18n/i18n';
import { detailWords, refusalWords } from './error-words';
import { AdminCallError } from './transport';

/** Titled by what staff can do about it: only failures that may pass on their own say "try again". */
const titleOf = (code: ErrorCode): string => windowI18n.t(`errors:titles.${code}`);

export interface Failure {
  title: string;
  message: string;
}

/** Refusals whose details the window words itself, naming its own controls. */
function wordedByDetails(error: AdminCallError): Failure | null {
  const conflict = error.code === 'conflict' ? (error.details as ConflictDetails | undefined) : undefined;
  if (conflict?.reason === 'primary_has_redirects') {
    const { domain, redirects } = conflict;
    const words = { domain, redirects: redirects.join(', '), first: redirects[0], count: redirects.length };
    return {
      title: windowI18n.t('errors:domains.stillServes', words),
      message: windowI18n.t('errors:domains.redirectsFirst', words),
    };
  }
  return null;
}

/** A failure as a toast, a load failure or a form's alert shows it. */
export function describeFailure(error: unknown): Failure {
  const worded = error instanceof AdminCallError ? wordedByDetails(error) : null;
  if (worded) return worded;
  if (error instanceof AdminCallError)
    return {
      title: error.status === 0 ? windowI18n.t('errors:unreachable') : titleOf(error.code),
      message: refusalWords(error, error.code),
    };
  return { title: titleOf('internal_error'), message: error instanceof Error ? error.message : String(error) };
}

/** Browser mode without its token: every call answers unauthorized, so the whole window says how to get in. */
export function deniesAccess(error: unknown): boolean {
  return error instanceof AdminCallError && error.code === 'unauthorized';
}

/** A call (or a field of it) the caller's role may not make: the role may have changed since the window last asked (it counts from the next call). */
export function refusedForRole(error: unknown): boolean {
  const reason =
    error instanceof AdminCallError && error.code === 'forbidden'
      ? (error.details as StaffForbidden | undefined)?.reason
      : undefined;
  return reason === 'role_not_allowed' || reason === 'field_not_allowed';
}

/** A login, an invitation or any call a shelter server refuses because its desk switched team mode off. */
export function refusedTeamModeOff(error: unknown): boolean {
  return (
    error instanceof AdminCallError &&
    error.code === 'conflict' &&
    (error.details as StaffConflict | undefined)?.reason === 'team_mode_off'
  );
}

/** A call refused for want of a session (none, ended, or the token missing): not a wrong password or invitation code typed in a form. */
export function endsSession(error: unknown): boolean {
  if (!(error instanceof AdminCallError) || error.code !== 'unauthorized') return false;
  const reason = (error.details as StaffUnauthorized | undefined)?.reason;
  return reason === undefined || reason === 'login_required' || reason === 'session_expired';
}

/** The engine refused the call (a 4xx): asking again cannot change the answer. */
export function isRefusal(error: unknown): boolean {
  return error instanceof AdminCallError && error.status >= 400 && error.status < 500;
}

/** Failures a form shows itself, so the action's toast just goes instead of repeating them. */
export type ShownInPlace = (error: unknown) => boolean;

const SITE_FORM_CODES: readonly ErrorCode[] = [
  'validation_failed',
  'conflict',
  'plan_required',
  'deploy_required',
  'not_found',
];

/** Whether the form that made the call shows this failure itself, by its rule (no rule: it shows none). */
export function shownInPlace(error: unknown, rule: ShownInPlace | undefined): boolean {
  return rule !== undefined && rule(error);
}

export const SHOWN_IN_PLACE = {
  /** The site forms (new project, deploy, new domain) show what is wrong with the input, the owner or the plan. */
  siteForm: (error) => error instanceof AdminCallError && SITE_FORM_CODES.includes(error.code),
  /**
   * Dialogs (with ui/dialog.ts's useDialogFailure) and the lab's and server's forms show every failure
   * themselves, so no toast ever lands on a dialog's buttons.
   */
  always: () => true,
} satisfies Record<string, ShownInPlace>;

/** Where a dialog shows a failure of its call: under one of its fields, or in an alert above its buttons. */
export type DialogFailure = { field: string; message: string } | { alert: Failure };

/**
 * A name already taken goes under the dialog's name field; an input the engine refused, under the field
 * it names ("label: must be at most 60 characters"); anything else (not found, unreachable…) in the alert.
 */
export function dialogFailure(error: unknown, fields: readonly string[], nameField?: string): DialogFailure {
  if (error instanceof AdminCallError) {
    if (error.code === 'conflict' && nameField !== undefined) return { field: nameField, message: error.message };
    const named =
      error.code === 'validation_failed' && !error.message.includes('; ')
        ? /^([A-Za-z]\w*): (.+)$/s.exec(error.message)
        : null;
    if (named?.[1] && named[2] && fields.includes(named[1]))
      return { field: named[1], message: detailWords(error.details) ?? named[2] };
  }
  return { alert: describeFailure(error) };
}

/**
 * What a form puts beside its input for any refusal of its call: the window's words for details it words,
 * else the engine's message; nothing for a failure that is not the engine's answer.
 */
export function refusalMessage(error: unknown): string | null {
  return error instanceof AdminCallError ? (detailWords(error.details) ?? error.message) : null;
}

/** Where the new-project form shows a refusal: under the owner it could not find, else under the name. */
export function projectFormRefusal(error: unknown): { field: 'accountId' | 'name'; message: string } | null {
  if (!(error instanceof AdminCallError)) return null;
  return { field: error.code === 'not_found' ? 'accountId' : 'name', message: error.message };
}

/**
 * Where the new-domain form shows a refusal: one whose reason is not in the form (the account's plan,
 * nothing published yet) as an alert with the way out, any other under the name.
 */
export function domainFormRefusal(
  error: unknown,
): { alert: AdminCallError } | { field: 'name'; message: string } | null {
  if (!(error instanceof AdminCallError)) return null;
  if (error.code === 'plan_required' || error.code === 'deploy_required') return { alert: error };
  return { field: 'name', message: error.message };
}

export interface DomainRefusal {
  /** A paid plan would allow it: the alert offers to change the account's plan. */
  planRequired: boolean;
  title: string;
  message: string;
}

const PAID_NAMES = PAID_PLANS.map((plan) => PLAN_NAME[plan]);

/** The alert's words: the plans that would allow the domain (and the account's own), or what to publish first. */
export function describeDomainRefusal(error: AdminCallError, account: Account | undefined): DomainRefusal {
  if (error.code === 'plan_required') {
    const message = account
      ? windowI18n.t('errors:domains.planOf', {
          account: account.name,
          plan: PLAN_NAME[account.planId],
          plans: new Intl.ListFormat(windowI18n.language, { type: 'disjunction' }).format(PAID_NAMES),
        })
      : refusalWords(error, error.code);
    return { planRequired: true, title: windowI18n.t('errors:domains.planRequired', { plan: PAID_NAMES[0] }), message };
  }
  if (error.code === 'deploy_required') {
    return {
      planRequired: false,
      title: windowI18n.t('errors:domains.publishFirst'),
      message: windowI18n.t('errors:domains.needsDeploy'),
    };
  }
  return {
    planRequired: false,
    title: windowI18n.t('errors:domains.notAdded'),
    message: refusalWords(error, error.code),
  };
}

/** What the Server page puts under the ACME CA file field when the engine refused that file. */
export function caFileRefusal(error: unknown): string | null {
  if (!(error instanceof AdminCallError) || error.code !== 'validation_failed') return null;
  const field = error.details as ErrorDetails['validation_failed'] | undefined;
  if (field?.field !== 'acme.caFile' || !('reason' in field)) return null;
  if (field.reason !== 'ca_file_missing' && field.reason !== 'ca_file_not_pem') return null;
  const details: CaFileProblem = field;
  return windowI18n.t(details.reason === 'ca_file_missing' ? 'errors:caFile.missing' : 'errors:caFile.notPem', {
    path: details.path,
  });
}

const MIB = 1024 * 1024;
const formatted = (value: number, digits: number) =>
  new Intl.NumberFormat(windowI18n.language, { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(
    value,
  );

/** Why one photo was not added, in a few words beside its file name in the pet's drawer. */
export function photoRefusal(error: unknown): string {
  if (!(error instanceof AdminCallError)) return error instanceof Error ? error.message : String(error);
  if (error.code === 'payload_too_large') {
    const details = error.details as PhotoTooLarge | undefined;
    if (details?.reason === 'photo_bytes')
      return windowI18n.t('errors:photo.bytes', {
        size: formatted(details.bytes / MIB, 1),
        max: formatted(details.maxBytes / MIB, 0),
      });
    if (details?.reason === 'photo_pixels')
      return windowI18n.t('errors:photo.pixels', { max: formatted(details.maxPixels / 1_000_000, 0) });
    if (details?.reason === 'photo_processing_time')
      return windowI18n.t('errors:photo.time', { count: details.seconds });
    return windowI18n.t('errors:photo.tooLarge');
  }
  if (error.code === 'unsupported_media_type') {
    const details = error.details as PhotoUnsupported | undefined;
    if (details?.reason === 'photo_format')
      return windowI18n.t('errors:photo.format', { format: details.format.toUpperCase() });
    return windowI18n.t('errors:photo.notImage');
  }
  const conflict = error.code === 'conflict' ? (error.details as ConflictDetails | undefined) : undefined;
  if (conflict?.reason === 'photo_limit') return windowI18n.t('errors:photo.limit', { count: conflict.max });
  if (conflict?.reason === 'photo_already_added')
    return windowI18n.t('errors:photo.already', { position: conflict.position });
  return describeFailure(error).title.toLocaleLowerCase(windowI18n.language);
}

/** Why kennel cards could not be made, in the window's words (the engine names the missing project by its field). */
export function kennelCardRefusal(error: unknown): Failure {
  if (
    error instanceof AdminCallError &&
    error.code === 'validation_failed' &&
    (error.details as { field?: string } | undefined)?.field === 'project'
  ) {
    const words = error.message.startsWith('Several') ? 'severalSites' : 'noSite';
    return {
      title: windowI18n.t(`errors:kennelCards.${words}.title`),
      message: windowI18n.t(`errors:kennelCards.${words}.message`),
    };
  }
  return describeFailure(error);
}

export { PORTAL_NAMES };

/** A pre-flight problem of a portal export, in the window's words. */
export function portalProblemWords(problem: PortalProblem): string {
  const t = windowI18n.t.bind(windowI18n);
  switch (problem.problem) {
    case 'missing':
      return t(`errors:portalProblem.missing.${problem.field}`);
    case 'unmapped':
      return problem.field === 'species'
        ? t('errors:portalProblem.unmappedSpecies', { value: problem.value })
        : t('errors:portalProblem.unmappedBreed', { value: problem.value });
    case 'too_long':
      return t(`errors:portalProblem.tooLong.${problem.field}`, { limit: problem.limit });
    case 'not_listed': {
      const names = problem.suggestions.map((name) => t('errors:portalProblem.quoted', { name })).join(', ');
      const pick =
        problem.suggestions.length > 0
          ? t('errors:portalProblem.pickSuggested', { names })
          : t('errors:portalProblem.pickClosest');
      return t(`errors:portalProblem.notListed.${problem.field}`, {
        value: problem.value,
        portal: PORTAL_NAMES[problem.portal],
        pick,
      });
    }
  }
}
