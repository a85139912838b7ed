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
import type { PortalId, PortalProblem } from '../../../shared/portals';
import type { Account } from '../../../shared/models';
import { PAID_PLANS } from '../../../shared/plans';
import { PLAN_NAME } from './plan-names';
import { AdminCallError } from './transport';

/** Titled by what staff can do about it: only failures that may pass on their own say "try again". */
const TITLES: Record<ErrorCode, string> = {
  validation_failed: 'Check the input',
  conflict: 'Not possible',
  edit_conflict: 'Changed meanwhile',
  not_found: 'Not found',
  unauthorized: 'Access token missing or wrong',
  forbidden: 'Not allowed from here',
  method_not_allowed: 'Not allowed',
  request_timeout: 'The request took too long',
  gone: 'No longer available',
  payload_too_large: 'Too large',
  unsupported_media_type: 'Unsupported content',
  idempotency_mismatch: 'Already used for other content',
  rate_limited: 'Too many requests: try again shortly',
  api_key_banned: 'Key banned',
  internal_error: 'Something went wrong: try again',
  service_unavailable: 'Busy: try again in a moment',
  insufficient_storage: 'The disk is full: free some space, then try again',
  plan_required: 'Needs a paid plan',
  deploy_required: 'Deploy the project first',
  server_unreachable: 'The shelter server cannot be reached',
  server_timeout: 'The shelter server did not answer',
  server_not_tls: 'Not the shelter server',
  server_not_adoption_desk: 'Not the shelter server',
  server_certificate_invalid: "The shelter server's certificate does not hold",
  server_identity_changed: 'Do not connect: the code has changed',
};

const UNREACHABLE = 'Adoption Desk cannot be reached: try again';

export interface Failure {
  title: string;
  message: string;
}

/** Refusals whose details the window words itself, naming its own controls. */
function wordedByDetails(error: AdminCallError): Failure | null {
  const conflict = error.code === 'conflict' ? (error.details as ConflictDetails | undefined) : undefined;
  if (conflict?.reason === 'primary_has_redirects') {
    const { domain, redirects } = conflict;
    return {
      title: `${domain} still serves the site`,
      message: `${redirects.join(', ')} ${redirects.length === 1 ? 'redirects' : 'redirect'} to ${domain}. Choose Remove again: it offers to make ${redirects.length === 1 ? redirects[0] : 'one of them'} the primary domain first.`,
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
      title: error.status === 0 ? UNREACHABLE : (TITLES[error.code] ?? TITLES.internal_error),
      message: error.message,
    };
  return { title: TITLES.internal_error, message: error instanceof Error ? error.message : String(error) };
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
    if (named?.[1] && named[2] && fields.includes(named[1])) return { field: named[1], message: named[2] };
  }
  return { alert: describeFailure(error) };
}

/** What a form puts beside its input for any refusal of its call; nothing for a failure that is not the engine's answer. */
export function refusalMessage(error: unknown): string | null {
  return error instanceof AdminCallError ? error.message : null;
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
      ? `${account.name} is on the ${PLAN_NAME[account.planId]} plan. A custom domain needs ${PAID_NAMES.join(', ').replace(/, ([^,]*)$/, ' or $1')}.`
      : error.message;
    return { planRequired: true, title: `Custom domains need the ${PAID_NAMES[0]} plan or above`, message };
  }
  if (error.code === 'deploy_required') {
    return {
      planRequired: false,
      title: 'Publish the site first',
      message:
        'A custom domain needs a live deploy: deploy a folder or publish the adoption page, then add the domain.',
    };
  }
  return { planRequired: false, title: 'Not added', message: error.message };
}

/** What the Server page puts under the ACME CA file field when the engine refused that file. */
export function caFileRefusal(error: unknown): string | null {
  if (!(error instanceof AdminCallError) || error.code !== 'validation_failed') return null;
  const field = error.details as ErrorDetails['validation_failed'] | undefined;
  if (field?.field !== 'acme.caFile' || !('reason' in field)) return null;
  const details: CaFileProblem = field;
  return details.reason === 'ca_file_missing'
    ? `Nothing readable at ${details.path} on the computer running Adoption Desk: give the full path of the CA’s certificate file.`
    : `${details.path} is not a certificate file: it must hold a PEM certificate (a block starting -----BEGIN CERTIFICATE-----), such as Pebble’s pebble-cert.pem.`;
}

const MIB = 1024 * 1024;

/** Why one photo was not added, in a few words beside its file name in the pet's drawer. */
export function photoRefusal(error: unknown): string {
  if (!(error instanceof AdminCallError)) return error instanceof Error ? error.message : String(error);
  if (error.code === 'payload_too_large') {
    const details = error.details as PhotoTooLarge | undefined;
    if (details?.reason === 'photo_bytes')
      return `too large: ${(details.bytes / MIB).toFixed(1)} MB, at most ${details.maxBytes / MIB} MB`;
    if (details?.reason === 'photo_pixels')
      return `too many pixels: at most ${details.maxPixels / 1_000_000} megapixels`;
    if (details?.reason === 'photo_processing_time') return `took over ${details.seconds} s to process`;
    return 'too large';
  }
  if (error.code === 'unsupported_media_type') {
    const details = error.details as PhotoUnsupported | undefined;
    if (details?.reason === 'photo_format')
      return `a ${details.format.toUpperCase()} image: save it as JPEG, PNG or WebP`;
    return 'not an image';
  }
  const conflict = error.code === 'conflict' ? (error.details as ConflictDetails | undefined) : undefined;
  if (conflict?.reason === 'photo_limit') return `this pet has its ${conflict.max} photos already: remove one first`;
  if (conflict?.reason === 'photo_already_added') return `already photo ${conflict.position}`;
  return describeFailure(error).title.toLowerCase();
}

/** Why kennel cards could not be made, in the window's words (the engine names the missing project by its field). */
export function kennelCardRefusal(error: unknown): Failure {
  if (
    error instanceof AdminCallError &&
    error.code === 'validation_failed' &&
    (error.details as { field?: string } | undefined)?.field === 'project'
  ) {
    return error.message.startsWith('Several')
      ? {
          title: 'More than one adoption site',
          message:
            'Several projects publish the adoption site, so the QR codes cannot tell which address to open. Keep the adoption site on one project (Sites page).',
        }
      : {
          title: 'Publish the adoption site first',
          message:
            'The QR codes open each pet’s page on the adoption site. Publish it on the Sites page (“Publish adoption page”), then print the cards.',
        };
  }
  return describeFailure(error);
}

/** The portals as staff know them. */
export const PORTAL_NAMES: Readonly<Record<PortalId, string>> = {
  rescuegroups: 'RescueGroups.org',
  petfinder: 'Petfinder',
  adoptapet: 'Adopt-a-Pet',
};

/** A pre-flight problem of a portal export, in the window's words. */
export function portalProblemWords(problem: PortalProblem): string {
  switch (problem.problem) {
    case 'missing':
      return { breed: 'no breed', sex: 'sex not known', age: 'no birth date or estimate', photo: 'no photo' }[
        problem.field
      ];
    case 'unmapped':
      return problem.field === 'species'
        ? `“${problem.value}” is no species RescueGroups.org knows`
        : `“${problem.value}” is not a breed name`;
    case 'too_long':
      return `${problem.field === 'color' ? 'colour' : problem.field} longer than ${problem.limit} characters`;
    case 'not_listed': {
      const pick =
        problem.suggestions.length > 0
          ? `choose one it lists, such as ${problem.suggestions.map((name) => `“${name}”`).join(', ')}`
          : 'choose the closest breed it lists';
      return `${problem.field === 'breed' ? 'Breed' : 'Second breed'} “${problem.value}” is not one ${PORTAL_NAMES[problem.portal]} lists: ${pick} in the pet’s profile`;
    }
  }
}
