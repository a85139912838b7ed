/** Staff, logins and roles, and team mode: staff live in the production database, so no environment. */
import type { PublishedLanguage } from '../shelter';
import type { PendingInvite, StaffInvite, StaffLockout, StaffMember, StaffPersonLink } from '../staff';
import type { TeamServerState } from '../team';
import { EVERY_MEMBER, type ChannelName, OWNER, answer, area } from './declare';

/** Whether this data dir runs as a team (logins, roles) or a single desk (the default). */
export interface TeamState {
  teamMode: boolean;
  /** The member this call runs as; null at a desk (the token, the desktop shell, a single desk). */
  me: StaffMember | null;
  /** Who is calling: the desk (its token, the desktop shell, a single desk), a member logged in, or nobody yet (the login page). */
  caller: 'desk' | 'member' | 'nobody';
  /** The admin channels this caller may call (the policy's answer): every channel at a desk; the window hides the rest. */
  channels: ChannelName[];
  /** The language this caller chose for the window: the member's own, or a desk's setting; null when none was chosen. */
  language: PublishedLanguage | null;
  /** The language the shelter publishes in, the window's default when the browser's is none of ours; null when not set. */
  shelterLanguage: PublishedLanguage | null;
}

export const STAFF_CHANNELS = area({
  'staff.login': {
    input: ({ z, StaffLoginSchema, TypedPasswordSchema }) =>
      z.strictObject({ login: StaffLoginSchema, password: TypedPasswordSchema }),
    answer: answer<StaffMember>(),
    may: 'anyone',
    writes: 'Logged in',
    about: 'member',
    actor: 'answer',
    beforeLogin: true,
    teamModeOff: true,
  },
  'staff.logout': {
    input: ({ z }) => z.strictObject({}),
    answer: answer<null>(),
    may: EVERY_MEMBER,
    forFoster: 'no-animal',
    writes: 'Logged out',
    about: 'self',
  },
  // Also before logging in: the window learns it must show the login page.
  'staff.me': {
    input: ({ z }) => z.strictObject({}),
    answer: answer<TeamState>(),
    may: 'anyone',
    beforeLogin: true,
    teamModeOff: true,
  },
  'staff.list': {
    input: ({ z }) => z.strictObject({}),
    answer: answer<StaffMember[]>(),
    may: OWNER,
  },
  'staff.invite': {
    input: ({ z, id, StaffNameSchema, StaffRoleSchema }) =>
      z
        .strictObject({ name: StaffNameSchema, role: StaffRoleSchema, personId: id.optional() })
        .refine((invite) => invite.role !== 'foster' || invite.personId !== undefined, {
          error: "a foster's login is linked to their person in the register",
          path: ['personId'],
          params: { reason: 'foster_person_missing' },
        }),
    answer: answer<StaffInvite>(),
    may: OWNER,
    writes: 'Invited a member of staff',
  },
  'staff.acceptInvite': {
    input: ({ z, InviteCodeSchema, StaffLoginSchema, StaffPasswordSchema }) =>
      z.strictObject({ code: InviteCodeSchema, login: StaffLoginSchema, password: StaffPasswordSchema }),
    answer: answer<StaffMember>(),
    may: 'anyone',
    writes: 'Accepted an invitation',
    about: 'member',
    actor: 'answer',
    beforeLogin: true,
    teamModeOff: true,
  },
  'staff.setRole': {
    input: ({ z, id, StaffRoleSchema }) => z.strictObject({ id, role: StaffRoleSchema }),
    answer: answer<StaffMember>(),
    may: OWNER,
    writes: 'Changed a member’s role',
    about: 'member',
  },
  'staff.deactivate': {
    input: ({ z, id }) => z.strictObject({ id }),
    answer: answer<StaffMember>(),
    may: OWNER,
    writes: 'Deactivated a member',
    about: 'member',
  },
  'staff.changePassword': {
    input: ({ z, StaffPasswordSchema, TypedPasswordSchema }) =>
      z.strictObject({ current: TypedPasswordSchema, password: StaffPasswordSchema }),
    answer: answer<null>(),
    may: EVERY_MEMBER,
    forFoster: 'no-animal',
    writes: 'Changed their password',
    about: 'self',
  },
  /** The caller's own language for the window: a member's (never another's), or a single desk's setting; null: the window's default. */
  'staff.setLanguage': {
    input: ({ z, LanguageSchema }) => z.strictObject({ language: LanguageSchema.nullable() }),
    answer: answer<{ language: PublishedLanguage | null }>(),
    may: EVERY_MEMBER,
    forFoster: 'no-animal',
    writes: 'Chose their language',
    about: 'self',
  },
  /** Whether this computer serves the shelter's network, the addresses other desks type, and the CA's code to compare. */
  // The shelter server: where it is and the CA's code, which every TLS handshake shows anyway.
  'team.server': {
    input: ({ z }) => z.strictObject({}),
    answer: answer<TeamServerState>(),
    may: 'anyone',
  },
  /** The first owner, from the desk's credential while the data dir has no staff: turns team mode on. */
  // The login page and the Staff page (the window); its password is removed from the trail like every other.
  'staff.setupOwner': {
    input: ({ FirstOwnerSchema }) => FirstOwnerSchema,
    answer: answer<StaffMember>(),
    may: 'desk',
    writes: true,
    about: 'member',
  },
  /** A deactivated member may log in again, with their login and password as they were. */
  // The Staff page: the owners' work on the team; a password set for a member is removed from the trail like every other.
  'staff.reactivate': {
    input: ({ z, id }) => z.strictObject({ id }),
    answer: answer<StaffMember>(),
    may: OWNER,
    writes: 'Reactivated a member',
    about: 'member',
  },
  /** An owner sets a member's new password (never their own: Change password asks the current one); the member's sessions end. */
  'staff.setPassword': {
    input: ({ z, id, StaffPasswordSchema }) => z.strictObject({ id, password: StaffPasswordSchema }),
    answer: answer<null>(),
    may: OWNER,
    writes: 'Set a member’s password',
    about: 'member',
  },
  'staff.rename': {
    input: ({ z, id, StaffNameSchema }) => z.strictObject({ id, name: StaffNameSchema }),
    answer: answer<StaffMember>(),
    may: OWNER,
    writes: 'Renamed a member',
    about: 'member',
  },
  /** Team mode off (every session ends, no one logs in) or on (needs an active owner): at the desk only. */
  // Team mode off from a staff browser would lock every other desk out, that browser too: the desk decides.
  'team.setEnabled': {
    input: ({ z }) => z.strictObject({ enabled: z.boolean() }),
    answer: answer<{ teamMode: boolean }>(),
    may: 'desk',
    writes: 'Switched team mode off or on',
  },
  /** Invitations neither used, revoked nor expired: who made each, its role, when it expires (never its code). */
  // Who is still to join and who is locked out: the owners' to see and act on.
  'staff.invitations': {
    input: ({ z }) => z.strictObject({}),
    answer: answer<PendingInvite[]>(),
    may: OWNER,
  },
  /** Takes back a pending invitation: its code works no more. */
  'staff.revokeInvite': {
    input: ({ z, id }) => z.strictObject({ id }),
    answer: answer<PendingInvite>(),
    may: OWNER,
    writes: 'Revoked an invitation',
  },
  /** Which person of the register a login is: a foster's login reaches the animals placed with that person alone. */
  'staff.linkPerson': {
    input: ({ z, id }) => z.strictObject({ id, personId: id.nullable() }),
    answer: answer<StaffPersonLink>(),
    may: OWNER,
    writes: 'Linked a member to a person',
    about: 'member',
  },
  // The Staff page shows each login's person beside its role.
  'staff.personLinks': {
    input: ({ z }) => z.strictObject({}),
    answer: answer<StaffPersonLink[]>(),
    may: OWNER,
  },
  /** The login, address, password and invitation brakes refusing attempts now, and until when. */
  'staff.lockouts': {
    input: ({ z }) => z.strictObject({}),
    answer: answer<StaffLockout[]>(),
    may: OWNER,
  },
});

/** The channel that says who is calling: the admin server asks it whether a session cookie is a live session. */
export const WHO_IS_CALLING: keyof typeof STAFF_CHANNELS = 'staff.me';
