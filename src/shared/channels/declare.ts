/**
 * What an admin channel is, declared once in its area's file (src/shared/channels/<area>.ts): the
 * policy, the audit trail, edit conflicts, the live updates and the window's words are derived from
 * these declarations. Nothing here (nor in an area's file) imports zod at run time: the input schema
 * is a function of the schema kit (./kit.ts), called once by the contract (admin-contract.ts), so the
 * preload can read the channels' names without bundling zod (tests/unit/channel-census.test.ts).
 */
import type { z } from 'zod';
import type { ChangeTopic } from '../change-topics';
import type { StaffRole } from '../staff';
import type { SchemaKit } from './kit';

/**
 * The names of every channel, filled in by ./index.ts (a module augmentation), so that an answer may
 * name channels (staff.me's) without the staff area's file importing the index that imports it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ChannelRegistry {}
export type ChannelName = ChannelRegistry extends { name: infer N } ? N : string;

/** Who may call it in team mode: the roles; `anyone`, also without a session; `desk`, only the desk's own credential. */
export type ChannelAccess = readonly StaffRole[] | 'anyone' | 'desk';

/**
 * What a volunteer is shown of the answer, by the name of its cut: the cuts themselves are the
 * engine's (src/main/staff/volunteer-cuts.ts), attached to these names in src/main/staff/policy.ts.
 */
export type VolunteerCut =
  | 'pet-details'
  | 'profile'
  | 'shelter'
  | 'due-list'
  | 'given-round'
  | 'dose'
  | 'reports'
  | 'report-matches'
  | 'matches'
  | 'matches-waiting';

/**
 * What a foster may reach of a channel, by the name of its scope (src/main/staff/foster-scopes.ts):
 * `pet`, the animal its input names (`id` or `petId`) is one placed with them; `round`, every dose of
 * the round is for one; `dose`, the dose skipped is one's; `due-list` and `pet-page`, the answer keeps
 * theirs alone; `no-animal`, the channel names no animal (their own login, the shelter's name).
 */
export type FosterScope = 'pet' | 'round' | 'dose' | 'due-list' | 'pet-page' | 'no-animal';

/** The record a write saves at a version, refusing a save from an older one (edit_conflict). */
export type SavedRecord = 'pet' | 'pet-profile' | 'person' | 'shelter';

/** The record whose version a saved record carries: a pet's profile is saved at the pet's version. */
export const VERSIONED_BY: Readonly<Record<SavedRecord, 'pet' | 'person' | 'shelter'>> = {
  pet: 'pet',
  'pet-profile': 'pet',
  person: 'person',
  shelter: 'shelter',
};

export interface ChannelDeclaration {
  /** The payload's schema, from the kit; main validates every payload with it. */
  input: (kit: SchemaKit) => z.ZodType;
  /** The answer's type, for the typed API (no value at run time): `answer<T>()`. */
  answer: unknown;
  may: ChannelAccess;
  /**
   * It writes: every successful call leaves an audit entry, named on the Audit page by these words
   * (true: by the channel's name). A write the disk has no room for is refused `insufficient_storage`
   * by the database's own failure (src/main/db/write-refusals.ts), whichever channel made it.
   */
  writes?: string | true;
  /** For a volunteer (or the `cutFor` roles), the answer cut by this name: the channel is allowed, the private part is not. */
  volunteerSees?: VolunteerCut;
  /** The roles `volunteerSees` applies to, where more than volunteers must not see the private part. */
  cutFor?: readonly StaffRole[];
  /** How a foster is kept to the animals placed with them: required of every channel a foster may call. */
  forFoster?: FosterScope;
  /** For a volunteer (and a foster), the input's fields (paths in the parsed input) they may not send: refused `field_not_allowed`. */
  notFromVolunteer?: readonly string[];
  /** The record it saves at a version: its trail shows before → after, and an edit conflict names who made the current one. */
  saves?: SavedRecord;
  /** The member of staff its trail entry is about: the one in its input or answer (`member`), or its writer (`self`). */
  about?: 'member' | 'self';
  /** Its writer is the member it answers (logging in, accepting an invitation: there is no member before). */
  actor?: 'answer';
  /** Reached without the admin token or a session in team mode: the login page's. */
  beforeLogin?: true;
  /** Reached by a caller without the desk's credential while team mode is off, to be told so. */
  teamModeOff?: true;
  /** Its HTTP body is larger than the admin API's usual limit: a photo, or a site's files. */
  body?: 'photo' | 'site-upload';
  /** The change topics its success touches: the window refreshes the queries keyed by them. */
  topics?: readonly ChangeTopic[];
}

/** An area's channels, their literal types kept for the contract's types. */
export function area<const D extends Record<string, ChannelDeclaration>>(declarations: D): D {
  return declarations;
}

/** The answer's type, carried by the declaration's type alone. */
export function answer<O>(): O {
  return undefined as O;
}

export const OWNER = ['owner'] as const;
/** Animals, people, movements, care, publishing: the shelter's daily work. */
export const STAFF = ['owner', 'manager', 'staff'] as const;
/** What a volunteer may read too. */
export const VOLUNTEERS = ['owner', 'manager', 'staff', 'volunteer'] as const;
/** Those who handle the animals: a foster only the ones placed with them (the channel's `forFoster`). */
export const HANDLERS = ['owner', 'manager', 'staff', 'volunteer', 'foster'] as const;
/** Keys, accounts, plans, usage, the quota lab. */
export const API = ['owner', 'manager', 'api-admin'] as const;
/** What every logged-in member needs for the window to open. */
export const EVERY_MEMBER = ['owner', 'manager', 'staff', 'volunteer', 'api-admin', 'foster'] as const;
/** The reports to funders and councils, the audit trail, backups: the managers' work. */
export const MANAGERS = ['owner', 'manager'] as const;
