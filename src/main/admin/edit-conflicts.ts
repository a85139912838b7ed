import type { AdminChannel } from '../../shared/admin-contract';
import { AppError, type EditConflictDetails } from '../../shared/errors';
import type { AuditRecorder } from '../audit/record';
import { shownTo, type CallContext } from '../staff/access';

interface RecordKind {
  /** The admin writes that make a new version of this kind of record. */
  channels: AdminChannel[];
  /** How the trail names the record. */
  record: (input: { id?: number }) => string | null;
}

const PET: RecordKind = { channels: ['pets.update', 'pets.setStatus', 'pets.setProfile'], record: (input) => String(input.id) };
const PERSON: RecordKind = { channels: ['people.edit'], record: (input) => String(input.id) };
// The shelter profile is one record per environment: its entries name none.
const SHELTER: RecordKind = { channels: ['shelter.set'], record: () => null };

/** The channels that refuse a save from an older version, by the kind of record they save. */
const KIND_OF: Partial<Record<AdminChannel, RecordKind>> = { 'pets.update': PET, 'pets.setStatus': PET, 'pets.setProfile': PET, 'people.edit': PERSON, 'shelter.set': SHELTER };

/**
 * An edit_conflict as the caller gets it: who made the current version (the newest audit entry
 * that took the record to it; none for the CLI, the public API, a movement or care record), and
 * `current` cut like the channel's own answer to this caller (a volunteer's has no private fields).
 */
export function editConflictShownTo(error: AppError<'edit_conflict'>, channel: AdminChannel, input: unknown, context: CallContext | undefined, audit: AuditRecorder | undefined): AppError {
  const details = error.details;
  if (!details) return error;
  const kind = KIND_OF[channel];
  const environment = (input as { environment?: string }).environment;
  const writer = kind && environment && audit?.versionWriter?.({ channels: kind.channels, record: kind.record(input as { id?: number }), environment, version: details.currentVersion });
  const current = context ? shownTo(context, channel, details.current) : details.current;
  const shown: EditConflictDetails = { ...details, current, changedBy: writer ? writer.staffName : null, changedAt: writer ? writer.at : details.changedAt };
  return new AppError('edit_conflict', error.message, { details: shown });
}
