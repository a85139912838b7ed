import type { AdminChannel } from '../../shared/admin-contract';
import type { Dose, GivenRound } from '../../shared/care';
import { doseForVolunteer, dueListForVolunteer, publicPart, withoutContractTerms, withoutPrivateFields } from './volunteer-cuts';
import type { StaffRole } from '../../shared/staff';

/**
 * Who may call each admin channel in team mode (docs/guide/team.md). The one table: a
 * Record over the channel union, so a channel without a rule fails the typecheck, and
 * tests/unit/staff-policy.test.ts names it. The desk (the admin token, the desktop shell) and a
 * single desk pass every check.
 *
 * - owner: everything; manager: all but staff and server settings;
 * - staff: animals, people, movements, care, publishing;
 * - volunteer: animals' public details and care marks (what is due, given, skipped): no people, no private fields, no removals;
 * - api-admin: keys, accounts, plans, usage and the quota lab;
 * - the reports (Shelter Animals Count, live release rate) and the audit trail: owners and managers;
 * - backups: owners and managers see them and back up now; only owners choose the folder and schedule;
 * - the first owner: the desk alone, while the data dir has no staff; team mode off and on: the desk alone.
 */
export interface ChannelRule {
  /** The roles that may call it; `anyone` also without a session (logging in, accepting an invite). */
  roles: readonly StaffRole[] | 'anyone';
  /** Only the desk's own credential: a member, even an owner, is refused with `desk_only`. */
  deskOnly?: true;
  /** For a volunteer, what of the answer is removed (the channel is allowed, the private part is not). */
  forVolunteer?: (value: unknown) => unknown;
  /** The roles `forVolunteer`'s cut applies to, where more than volunteers must not see the private part. */
  cutFor?: readonly StaffRole[];
  /** For a volunteer, the input's fields (paths in the parsed input) they may not send: refused `field_not_allowed`, naming the field. */
  notFromVolunteer?: readonly string[];
}

const OWNER: ChannelRule = { roles: ['owner'] };
/** Animals, people, movements, care, publishing: the shelter's daily work. */
const STAFF: ChannelRule = { roles: ['owner', 'manager', 'staff'] };
/** What a volunteer may read too. */
const VOLUNTEERS: ChannelRule = { roles: ['owner', 'manager', 'staff', 'volunteer'] };
/** Keys, accounts, plans, usage, the quota lab. */
const API: ChannelRule = { roles: ['owner', 'manager', 'api-admin'] };
/** What every logged-in member needs for the window to open. */
const EVERY_MEMBER: ChannelRule = { roles: ['owner', 'manager', 'staff', 'volunteer', 'api-admin'] };
const ANYONE: ChannelRule = { roles: 'anyone' };
/** No member: only the desk's own credential, which passes every check (the first owner, made at the desk). */
const DESK_ONLY: ChannelRule = { roles: [], deskOnly: true };
/** The reports to funders and councils: the managers' work. */
const MANAGERS: ChannelRule = { roles: ['owner', 'manager'] };

export const CHANNEL_POLICY: Record<AdminChannel, ChannelRule> = {
  'servers.status': EVERY_MEMBER,
  'settings.get': OWNER,
  'settings.update': OWNER,
  'categories.list': EVERY_MEMBER,
  'categories.create': STAFF,
  'categories.rename': STAFF,
  'categories.remove': STAFF,
  'pets.browse': VOLUNTEERS,
  'pets.create': STAFF,
  'pets.update': STAFF,
  'pets.setStatus': STAFF,
  'pets.history': VOLUNTEERS,
  'pets.remove': STAFF,
  'pets.profile': { ...VOLUNTEERS, forVolunteer: withoutPrivateFields },
  // A saved profile (or an edit conflict's current one) never shows a volunteer the private fields, should the role be let in.
  'pets.setProfile': { ...STAFF, forVolunteer: (value) => publicPart(value as object) },
  // Past values of the private fields are in it.
  'pets.profileHistory': STAFF,
  // Publishing, the staff's work (the cards print only the public profile, no kennel location).
  'pets.kennelCards': STAFF,
  'portals.listings': STAFF,
  // The contract's terms are the staff's: a volunteer or an api-admin gets the rest of the profile.
  'shelter.get': { ...EVERY_MEMBER, forVolunteer: withoutContractTerms, cutFor: ['volunteer', 'api-admin'] },
  'shelter.set': STAFF,
  'shelter.setLogo': STAFF,
  'shelter.removeLogo': STAFF,
  // Only the Shelter page's preview reads it, beside the upload.
  'shelter.logo': STAFF,
  'accounts.list': API,
  'accounts.create': API,
  'accounts.rename': API,
  'accounts.setPlan': API,
  'keys.list': API,
  'keys.create': API,
  'keys.setLabel': API,
  'keys.revoke': API,
  'keys.rotate': API,
  'plans.list': API,
  'plans.update': API,
  'usage.overview': API,
  'usage.report': API,
  'usage.reset': API,
  'bans.list': API,
  'bans.lift': API,
  'console.send': API,
  'console.burst': API,
  'projects.list': STAFF,
  'projects.create': STAFF,
  'deploys.list': STAFF,
  // A folder of the serving computer's disk is the desk's choice: a member at another desk uploads theirs (deploys.fromUpload).
  'deploys.fromFolder': DESK_ONLY,
  'deploys.fromUpload': STAFF,
  'deploys.adoptionPage': STAFF,
  'deploys.rollback': STAFF,
  'domains.list': STAFF,
  'domains.add': STAFF,
  'domains.verify': STAFF,
  'domains.setRedirectStatus': STAFF,
  'domains.promote': STAFF,
  'domains.remove': STAFF,
  'certificates.list': STAFF,
  'certificates.ca': STAFF,
  'domains.reverify': STAFF,
  'lab.clock': API,
  'lab.moveClock': API,
  'lab.advanceClock': API,
  'lab.headerProfile': API,
  'lab.setHeaderProfile': API,
  'lab.requests': API,
  'lab.har': API,
  'lab.report': API,
  'photos.list': VOLUNTEERS,
  'photos.add': STAFF,
  'photos.remove': STAFF,
  'photos.move': STAFF,
  'photos.setAlt': STAFF,
  'lab.scenarioStart': API,
  'lab.scenarios': API,
  'lab.scenarioCancel': API,
  'movements.intake': STAFF,
  'movements.reserve': STAFF,
  'movements.cancelReservation': STAFF,
  'movements.adopt': STAFF,
  'movements.fosterStart': STAFF,
  'movements.fosterEnd': STAFF,
  'movements.outcome': STAFF,
  'movements.return': STAFF,
  // Movements name their adopters, fosters and finders: people's details.
  'movements.list': STAFF,
  'movements.today': STAFF,
  'movements.record': STAFF,
  'movements.contractData': STAFF,
  'people.add': STAFF,
  'people.list': STAFF,
  'people.show': STAFF,
  'people.edit': STAFF,
  'people.forget': STAFF,
  'people.duplicates': STAFF,
  'movements.contractPdf': STAFF,
  // Care marks: a volunteer sees what is due and whether an animal is current, and marks doses given or skipped; not the medical record.
  // No vet (a volunteer has no people) and no medical notes, read or sent (a giving's notes replace the scheduled dose's, unseen).
  'care.record': STAFF,
  'care.due': { ...VOLUNTEERS, forVolunteer: dueListForVolunteer },
  'care.upToDate': VOLUNTEERS,
  'care.schedule': STAFF,
  'care.give': { ...VOLUNTEERS, forVolunteer: (value) => ({ doses: (value as GivenRound).doses.map(doseForVolunteer) }), notFromVolunteer: ['round.vetId', 'round.notes'] },
  'care.editDose': STAFF,
  'care.skip': { ...VOLUNTEERS, forVolunteer: (value) => doseForVolunteer(value as Dose) },
  'care.addTreatment': STAFF,
  'care.editTreatment': STAFF,
  'care.protocols': STAFF,
  'care.setProtocol': STAFF,
  'reports.sac': MANAGERS,
  'reports.sacCsv': MANAGERS,
  'reports.liveRelease': MANAGERS,
  'reports.trends': MANAGERS,
  'staff.login': ANYONE,
  'staff.acceptInvite': ANYONE,
  'staff.logout': EVERY_MEMBER,
  // Also before logging in: the window learns it must show the login page.
  'staff.me': ANYONE,
  'staff.changePassword': EVERY_MEMBER,
  'staff.list': OWNER,
  'staff.invite': OWNER,
  'staff.setRole': OWNER,
  'staff.deactivate': OWNER,
  // listings: publishing, the staff's daily work
  'portals.status': STAFF,
  'portals.export': STAFF,
  // The audit trail: who changed what is the managers' to read.
  'audit.list': MANAGERS,
  // The shelter server: where it is and the CA's code, which every TLS handshake shows anyway.
  'team.server': ANYONE,
  // Backups: where the shelter's data goes is the owner's to choose; a manager sees it and may back up now.
  'backups.status': MANAGERS,
  'backups.configure': OWNER,
  'backups.runNow': MANAGERS,
  // The login page and the Staff page (the window)
  'staff.setupOwner': DESK_ONLY,
  // The Staff page: the owners' work on the team
  'staff.reactivate': OWNER,
  'staff.setPassword': OWNER,
  'staff.rename': OWNER,
  // Team mode off from a staff browser would lock every other desk out, that browser too: the desk decides.
  'team.setEnabled': DESK_ONLY,
  // Who is still to join and who is locked out: the owners' to see and act on.
  'staff.invitations': OWNER,
  'staff.revokeInvite': OWNER,
  'staff.lockouts': OWNER,
};

/** The channel's rule; none for a channel merged without one (refused to every member: the table fails closed). */
export function ruleOf(channel: AdminChannel): ChannelRule | undefined {
  return Object.hasOwn(CHANNEL_POLICY, channel) ? CHANNEL_POLICY[channel] : undefined;
}

/** Whether `role` (null: no session) may call the channel; a channel missing from the table is refused. */
export function mayCall(role: StaffRole | null, channel: AdminChannel): boolean {
  const rule = ruleOf(channel);
  if (!rule) return false;
  if (rule.roles === 'anyone') return true;
  return role !== null && rule.roles.includes(role);
}
