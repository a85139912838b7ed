import type { AdminChannel } from '../../shared/admin-contract';
import type { SavedRecord } from '../../shared/channels/declare';
import { DESK_NAME, type StaffMember } from '../../shared/staff';
import type { AuditWrite, VersionQuery } from './audit';

/** What the dispatch asks of the trail (the production engine's AuditService). */
export interface AuditRecorder {
  record(write: AuditWrite): void;
  /** The record before an edit that shows before → after; undefined for other channels. */
  before(write: AuditedWrite, input: unknown): unknown;
  /** Who made a record's version, for an edit conflict (AuditService.versionWriter). */
  versionWriter?(query: VersionQuery): { staffName: string; at: number } | undefined;
}

/** What the trail needs of the channel's rule (staff/policy.ts's ChannelRule has it): read once per call by the dispatch. */
export interface AuditedWrite {
  channel: AdminChannel;
  writes: boolean;
  saves?: SavedRecord;
  actor?: 'answer';
}

/** What the trail needs of a call's context (staff/access.ts's CallContext has it). */
export interface Caller {
  member: StaffMember | null;
  call: { credential: { kind: string }; address: string | null };
}

/** Leaves an entry for a successful write: the member calling, or "desk" for the admin token and a single desk. */
export function recordWrite(
  audit: AuditRecorder | undefined,
  rule: AuditedWrite,
  context: Caller,
  input: unknown,
  result: unknown,
  before: unknown,
): void {
  if (!audit || !rule.writes) return;
  const { call } = context;
  const { channel } = rule;
  // Logging in and accepting an invite have no member yet: the one they start is the one who acted.
  const member = context.member ?? (rule.actor === 'answer' ? (result as StaffMember) : null);
  const staffName = member?.name ?? (call.credential.kind === 'desk' ? DESK_NAME : 'not logged in');
  audit.record({ staffId: member?.id ?? null, staffName, address: call.address, channel, input, result, before });
}
