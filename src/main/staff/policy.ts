import { ADMIN_CHANNEL_DECLARATIONS, ADMIN_CHANNEL_NAMES } from '../../shared/channels';
import type { ChannelDeclaration, FosterScope, SavedRecord, VolunteerCut } from '../../shared/channels/declare';
import { ADMIN_CONTRACT, type AdminChannel } from '../../shared/admin-contract';
import type { Dose, GivenRound } from '../../shared/care';
import type { z } from 'zod';
import {
  doseForVolunteer,
  dueListForVolunteer,
  matchesForVolunteer,
  matchesWaitingForVolunteer,
  publicPart,
  reportMatchesForVolunteer,
  reportsForVolunteer,
  withoutContractTerms,
  withoutPrivateFields,
} from './volunteer-cuts';
import type { StaffRole } from '../../shared/staff';

/**
 * Who may call each admin channel in team mode (docs/guide/team.md), and the rest of what the
 * dispatch needs of it: read from the channel's declaration in its area's file
 * (src/shared/channels/<area>.ts), so a channel cannot exist without a rule, and
 * tests/unit/staff-policy.test.ts walks every channel × every role. The desk (the admin token, the
 * desktop shell) and a single desk pass every check.
 *
 * - owner: everything; manager: all but staff and server settings;
 * - staff: animals, people, movements, care, publishing;
 * - volunteer: animals' public details, care marks (what is due, given, skipped) and new photos: no people, no private fields, no removals;
 * - foster: a volunteer for the animals placed with them (an open foster placement with their person) alone;
 * - api-admin: keys, accounts, plans, usage and the quota lab;
 * - the reports (Shelter Animals Count, live release rate) and the audit trail: owners and managers;
 * - backups: owners and managers see them and back up now; only owners choose the folder and schedule;
 * - the first owner: the desk alone, while the data dir has no staff; team mode off and on: the desk alone.
 */
export interface ChannelRule {
  channel: AdminChannel;
  /** The roles that may call it; `anyone` also without a session (logging in, accepting an invite). */
  roles: readonly StaffRole[] | 'anyone';
  /** Only the desk's own credential: a member, even an owner, is refused with `desk_only`. */
  deskOnly?: true;
  /** For a volunteer, what of the answer is removed (the channel is allowed, the private part is not). */
  forVolunteer?: (value: unknown) => unknown;
  /** How a foster is kept to the animals placed with them (foster-scopes.ts); none: a foster is refused. */
  forFoster?: FosterScope;
  /** The roles `forVolunteer`'s cut applies to, where more than volunteers must not see the private part. */
  cutFor?: readonly StaffRole[];
  /** For a volunteer, the input's fields (paths in the parsed input) they may not send: refused `field_not_allowed`, naming the field. */
  notFromVolunteer?: readonly string[];
  /** The payload's schema. */
  input: z.ZodType;
  /** It writes: every successful call leaves an audit entry. */
  writes: boolean;
  /** The record it saves at a version (the trail's before → after, an edit conflict's writer). */
  saves?: SavedRecord;
  /** Its writer is the member it answers (logging in, accepting an invitation). */
  actor?: 'answer';
  /** Reached while team mode is off by a caller without the desk's credential, to be told so. */
  teamModeOff?: true;
}

/** The cuts a declaration names, attached here: the engine's own code (volunteer-cuts.ts), keyed by cut, never by channel. */
const VOLUNTEER_CUTS: Record<VolunteerCut, (value: unknown) => unknown> = {
  'pet-details': withoutPrivateFields,
  // A saved profile (or an edit conflict's current one) never shows a volunteer the private fields, should the role be let in.
  profile: (value) => publicPart(value as object),
  shelter: withoutContractTerms,
  'due-list': dueListForVolunteer,
  'given-round': (value) => ({ doses: (value as GivenRound).doses.map(doseForVolunteer) }),
  dose: (value) => doseForVolunteer(value as Dose),
  reports: reportsForVolunteer,
  'report-matches': reportMatchesForVolunteer,
  matches: matchesForVolunteer,
  'matches-waiting': matchesWaitingForVolunteer,
};

function ruleFrom(channel: AdminChannel): ChannelRule {
  const declaration: ChannelDeclaration = ADMIN_CHANNEL_DECLARATIONS[channel];
  const { may, writes, volunteerSees, forFoster, cutFor, notFromVolunteer, saves, actor, teamModeOff } = declaration;
  return {
    channel,
    roles: may === 'desk' ? [] : may,
    ...(may === 'desk' && { deskOnly: true as const }),
    ...(volunteerSees && { forVolunteer: VOLUNTEER_CUTS[volunteerSees] }),
    ...(forFoster && { forFoster }),
    ...(cutFor && { cutFor }),
    ...(notFromVolunteer && { notFromVolunteer }),
    input: ADMIN_CONTRACT[channel].input,
    writes: writes !== undefined,
    ...(saves && { saves }),
    ...(actor && { actor }),
    ...(teamModeOff && { teamModeOff }),
  };
}

/** Every channel's rule, made once from the declarations: the one table the dispatch reads, one lookup per call. */
export const CHANNEL_POLICY: Readonly<Record<AdminChannel, ChannelRule>> = Object.fromEntries(
  ADMIN_CHANNEL_NAMES.map((channel) => [channel, ruleFrom(channel)]),
) as Record<AdminChannel, ChannelRule>;

/** The channel's rule; none for a name that is no channel (refused to every member: the table fails closed). */
export function ruleOf(channel: string): ChannelRule | undefined {
  return Object.hasOwn(CHANNEL_POLICY, channel) ? CHANNEL_POLICY[channel as AdminChannel] : undefined;
}

/** Whether `role` (null: no session) may call under the rule. */
export function mayCallUnder(role: StaffRole | null, rule: ChannelRule): boolean {
  if (rule.roles === 'anyone') return true;
  return role !== null && rule.roles.includes(role);
}

/** Whether `role` (null: no session) may call the channel; a channel without a rule is refused. */
export function mayCall(role: StaffRole | null, channel: AdminChannel): boolean {
  const rule = ruleOf(channel);
  return rule !== undefined && mayCallUnder(role, rule);
}
