import type { AdminChannel } from '../../shared/admin-contract';
import { ADMIN_CHANNEL_DECLARATIONS, ADMIN_CHANNEL_NAMES } from '../../shared/channels';
import { VERSIONED_BY, type ChannelDeclaration, type SavedRecord } from '../../shared/channels/declare';
import { AppError, detailsOf, type EditConflictDetails } from '../../shared/errors';
import type { AuditRecorder } from '../audit/record';
import { shownTo, type CallContext } from '../staff/access';
import { ruleOf, type ChannelRule } from '../staff/policy';

type VersionedRecord = (typeof VERSIONED_BY)[SavedRecord];

/** How the trail names each versioned record; the shelter profile is one record per environment: its entries name none. */
const RECORD_OF: Record<VersionedRecord, (input: { id?: number }) => string | null> = {
  pet: (input) => String(input.id),
  person: (input) => String(input.id),
  shelter: () => null,
};

/** The admin writes that make a new version of each kind of record, from the declarations' `saves`. */
const WRITERS_OF: Record<VersionedRecord, AdminChannel[]> = { pet: [], person: [], shelter: [] };
for (const channel of ADMIN_CHANNEL_NAMES) {
  const saves = (ADMIN_CHANNEL_DECLARATIONS[channel] as ChannelDeclaration).saves;
  if (saves) WRITERS_OF[VERSIONED_BY[saves]].push(channel);
}

/**
 * An edit_conflict as the caller gets it: who made the current version (the newest audit entry
 * that took the record to it; none for the CLI, the public API, a movement or care record), and
 * `current` cut like the channel's own answer to this caller (a volunteer's has no private fields).
 */
export function editConflictShownTo(
  error: AppError<'edit_conflict'>,
  channel: AdminChannel | ChannelRule,
  input: unknown,
  context: CallContext | undefined,
  audit: AuditRecorder | undefined,
): AppError {
  const details = detailsOf(error, 'edit_conflict');
  const rule = typeof channel === 'string' ? ruleOf(channel) : channel;
  if (!details || !rule) return error;
  const kind = rule.saves && VERSIONED_BY[rule.saves];
  const environment = (input as { environment?: string }).environment;
  const writer =
    kind &&
    environment &&
    audit?.versionWriter?.({
      channels: WRITERS_OF[kind],
      record: RECORD_OF[kind](input as { id?: number }),
      environment,
      version: details.currentVersion,
    });
  const current = context ? shownTo(context, rule, details.current) : details.current;
  const shown: EditConflictDetails = {
    ...details,
    current,
    changedBy: writer ? writer.staffName : null,
    changedAt: writer ? writer.at : details.changedAt,
  };
  return new AppError('edit_conflict', error.message, { details: shown });
}
