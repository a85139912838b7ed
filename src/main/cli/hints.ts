/**
 * The CLI's words for what the engine reports: its face-neutral message (docs/errors.md) plus the
 * command or flag that helps, chosen from the code's details. The domain names no command; this
 * file is where the CLI's do. The GUI words the same details its own way (src/renderer).
 */
import { dnsCheckInWords, type DnsCheckSubject } from '../../shared/dns-check';
import { detailsOf, isAppError } from '../../shared/errors';
import type { PortalId } from '../../shared/portals';
import { refusesDeskName } from '../../shared/staff';
import {
  isMovementConflict,
  isTransferDestinationProblem,
  movementHint,
  transferDestinationWords,
} from './movement-hints';
import { careHint, isCareConflict } from './care-hints';
import { backupHint, backupMissingHint, isBackupConflict } from './backup-hints';

/** The portals as staff know them. */
export const PORTAL_NAMES: Readonly<Record<PortalId, string>> = {
  rescuegroups: 'RescueGroups.org',
  petfinder: 'Petfinder',
  adoptapet: 'Adopt-a-Pet',
};

/** The option that sets each input a refusal may name (its `field`, as the admin contract spells it). */
const FLAG_OF_FIELD: Readonly<Record<string, string>> = {
  redirectTo: '--redirect-to',
  redirectStatus: '--status',
  // care (commands/care.ts)
  dueDate: '--due',
  givenDate: '--date',
  expiresDate: '--expires',
  vetId: '--vet',
  givenBy: '--by',
};

/** "…, project x; see "projects list"." : a pointer that reads as part of the sentence. */
function withClause(message: string, clause: string): string {
  return `${message.replace(/\.$/, '')}; ${clause}.`;
}

function publishHint(project: string): string {
  return `Publish it first: deploy ${project} <FOLDER>, or deploy ${project} --adoption-page.`;
}

/** A refusal as the CLI prints it after "Error: " (before printable()). */
export function cliWords(error: unknown): string {
  if (!isAppError(error)) return String(error);
  const { message } = error;
  const invalid = detailsOf(error, 'validation_failed');
  if (invalid && isTransferDestinationProblem(invalid)) return transferDestinationWords(message, invalid);
  if (refusesDeskName(error))
    return withClause(
      `--${message}`,
      `give the member's own name ("audit list --staff desk" lists the desk's changes)`,
    );
  const field = invalid?.field;
  if (field !== undefined && FLAG_OF_FIELD[field]) return `${FLAG_OF_FIELD[field]}: ${message}`;
  const missing = detailsOf(error, 'not_found');
  if (missing?.missing === 'project') return withClause(message, 'see "projects list"');
  if (missing?.missing === 'deploy') return withClause(message, `see "deploys list ${missing.project}"`);
  if (missing?.missing === 'domain') return withClause(message, 'see "domains list"');
  if (missing?.missing === 'photo') return withClause(message, `see "pets photos list ${missing.petId}"`);
  if (missing?.missing === 'person') return withClause(message, 'see "people list"');
  if (missing?.missing === 'staff') return withClause(message, 'see "staff list"');
  if (missing?.missing === 'invitation') return withClause(message, 'see "staff invitations"');
  if (missing?.missing === 'contract') return withClause(message, 'see "contract signed <pet>"');
  if (missing?.missing === 'pet') return withClause(message, 'see "pets list"');
  if (missing?.missing === 'dose' || missing?.missing === 'treatment')
    return withClause(message, 'see "care due" or "care list <PET>"');
  if (missing?.missing === 'backup' || missing?.missing === 'data_dir')
    return withClause(message, backupMissingHint(missing));
  const plan = detailsOf(error, 'plan_required');
  if (plan)
    return `${message} Move it with "accounts set-plan ${plan.accountId} --plan ${plan.needed}".${plan.deployRequired ? ` ${publishHint(plan.project)}` : ''}`;
  const deploy = detailsOf(error, 'deploy_required');
  if (deploy) return `${message} ${publishHint(deploy.project)}`;
  const conflict = detailsOf(error, 'conflict');
  if (conflict && isMovementConflict(conflict)) return withClause(message, movementHint(conflict));
  if (conflict && isCareConflict(conflict)) return withClause(message, careHint(conflict));
  if (conflict && isBackupConflict(conflict)) return withClause(message, backupHint(conflict));
  if (conflict?.reason === 'primary_has_redirects')
    return `${message} Promote one with "domains promote ${conflict.redirects[0] ?? ''}".`;
  if (conflict?.reason === 'portal_would_drop')
    return `${message} Fix what keeps them out (export ${conflict.portal} --json lists it), or run again with --allow-drop to let ${PORTAL_NAMES[conflict.portal]} delete them.`;
  if (conflict?.reason === 'portal_first_upload')
    return `${message} Once the animals listed there today are in Adoption Desk too, run again with --confirm-first-upload.`;
  if (conflict?.reason === 'photo_limit')
    return `${message} Remove one first with "pets photos remove ${conflict.petId} <PHOTO>".`;
  if (detailsOf(error, 'unsupported_media_type')?.reason === 'photo_format')
    return `${message} Save it as JPEG first (most photo viewers can).`;
  return message;
}

/** A DNS check's outcome as `domains verify` prints it: the shared words, and the flag to look at when the lookup itself failed. */
export function dnsCheckCliWords(domain: DnsCheckSubject): string {
  const words = dnsCheckInWords(domain);
  if (domain.check.reason === 'query_failed') return `${words} Check --dns-server and the network.`;
  if (domain.check.reason === 'target_unresolved') return `${words} Or fix --sites-host.`;
  return words;
}
