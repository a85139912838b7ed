import { AppError } from '../../shared/errors';
import type { StaffMember, StaffRole } from '../../shared/staff';
import type { Environment } from '../../shared/environments';
import type { AuditRecorder } from '../audit/record';
import type { FosterCare } from './foster-scopes';
import { mayCallUnder, type ChannelRule } from './policy';

/** What a call came with: the desk's own credential (the admin token, the desktop shell), a session's id, or nothing. */
export type AdminCredential = { kind: 'desk' } | { kind: 'session'; id: string } | { kind: 'none' };

/** One admin call as a face hands it to the dispatch. */
export interface AdminCall {
  credential: AdminCredential;
  /** The caller's address (login throttling); null through IPC. */
  address: string | null;
  /** Set by the HTTP face: starts (an id) or ends (null) the browser's session cookie. */
  setSession?: (id: string | null) => void;
}

/** What a handler knows of its caller. */
export interface CallContext {
  call: AdminCall;
  teamMode: boolean;
  /** The member calling; null at a desk or before logging in. */
  member: StaffMember | null;
}

/** What the dispatch asks of team mode (the production engine's StaffService). */
export interface TeamGate {
  teamMode(): boolean;
  session(id: string): StaffMember;
  /** The animals placed with a foster in an environment, and whose a dose is; absent: a foster has none. */
  fosterCare?(member: StaffMember, environment: Environment): FosterCare;
  /** Where successful writes are recorded; absent in tests that need no trail. */
  audit?: AuditRecorder;
}

export const DESK_CALL: AdminCall = { credential: { kind: 'desk' }, address: null };

/**
 * The judge of every admin call: on a single desk (or at the desk) everything is allowed, as before
 * team mode; in team mode the caller's session gives the member, and the channel's rule their rights.
 */
export function admitCall(gate: TeamGate | undefined, rule: ChannelRule, call: AdminCall): CallContext {
  const { channel } = rule;
  const teamMode = gate?.teamMode() ?? false;
  const { credential } = call;
  if (credential.kind === 'desk') return { call, teamMode, member: null };
  // With team mode off (turned off at the desk), a staff browser still learns so and is told why its login fails.
  if (gate && !teamMode && rule.teamModeOff) return { call, teamMode, member: null };
  if (!gate || !teamMode)
    throw new AppError('unauthorized', 'This desk is not in team mode: use the admin token.', {
      details: { reason: 'login_required' },
    });
  const open = rule.roles === 'anyone';
  let member: StaffMember | null = null;
  if (credential.kind === 'session') {
    try {
      member = gate.session(credential.id);
    } catch (error) {
      if (!open) throw error;
    }
  }
  if (mayCallUnder(member?.role ?? null, rule)) return { call, teamMode, member };
  if (!member) throw new AppError('unauthorized', 'Log in first.', { details: { reason: 'login_required' } });
  if (rule.deskOnly)
    throw new AppError('forbidden', `Only the desk that runs the server may use ${channel}.`, {
      details: { reason: 'desk_only', channel },
    });
  throw new AppError('forbidden', `The ${member.role} role may not use ${channel}.`, {
    details: { reason: 'role_not_allowed', role: member.role, channel },
  });
}

/** The input's value at a dotted path (`round.vetId`); undefined where the path leads nowhere. */
function valueAt(input: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined,
      input,
    );
}

/** The roles kept from the private part of an answer and input: a foster is a volunteer for the animals placed with them. */
const HANDS_ONLY: readonly StaffRole[] = ['volunteer', 'foster'];

/** Refuses a volunteer's (or foster's) input that names what the channel keeps from them (a person, private notes): the first such field, by path. */
export function admitInput(context: CallContext, rule: ChannelRule, input: unknown): void {
  const role = context.member?.role;
  if (role === undefined || !HANDS_ONLY.includes(role)) return;
  const { channel } = rule;
  const field = rule.notFromVolunteer?.find((path) => valueAt(input, path) !== undefined);
  if (field !== undefined)
    throw new AppError('forbidden', `The ${role} role may not send ${field} with ${channel}.`, {
      details: { reason: 'field_not_allowed', role, channel, field },
    });
}

/** The answer as the member may see it: a volunteer's or foster's (or the rule's `cutFor` roles') has the channel's private part removed. */
export function shownTo(context: CallContext, rule: ChannelRule, value: unknown): unknown {
  const role = context.member?.role;
  const cut = role !== undefined && (rule.cutFor ?? HANDS_ONLY).includes(role);
  return cut && rule.forVolunteer ? rule.forVolunteer(value) : value;
}
