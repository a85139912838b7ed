/** The audit trail in staff's words: what each admin write did, which record it touched, and its fields. */
import { PROFILE_FIELD_LABEL } from '../../ui/profile-labels';
import { PERSON_FIELD_LABEL } from '../../ui/person-labels';

/** The writes the trail records, as staff would say them; a channel not here is shown by its name. */
export const ACTION_WORDS: Readonly<Record<string, string>> = {
  'settings.update': 'Changed the server settings',
  'categories.create': 'Added a category',
  'categories.rename': 'Renamed a category',
  'categories.remove': 'Removed a category',
  'pets.create': 'Added a pet',
  'pets.update': 'Edited a pet',
  'pets.setStatus': 'Changed a pet’s status',
  'pets.remove': 'Removed a pet',
  'pets.setProfile': 'Edited a pet’s profile',
  'shelter.set': 'Edited the shelter’s details',
  'shelter.setLogo': 'Changed the shelter’s logo',
  'shelter.removeLogo': 'Removed the shelter’s logo',
  'accounts.create': 'Added an API account',
  'accounts.rename': 'Renamed an API account',
  'accounts.setPlan': 'Changed an account’s plan',
  'keys.create': 'Made an API key',
  'keys.setLabel': 'Relabelled an API key',
  'keys.revoke': 'Revoked an API key',
  'keys.rotate': 'Rotated an API key',
  'plans.update': 'Changed a plan',
  'usage.reset': 'Reset an account’s usage',
  'bans.lift': 'Lifted a key’s ban',
  'console.send': 'Sent a request from the API console',
  'console.burst': 'Sent a burst from the API console',
  'projects.create': 'Added a site project',
  'deploys.fromFolder': 'Deployed a site from a folder',
  'deploys.fromUpload': 'Deployed an uploaded site',
  'deploys.adoptionPage': 'Deployed the adoption page',
  'deploys.rollback': 'Rolled a site back',
  'domains.add': 'Added a domain',
  'domains.verify': 'Verified a domain',
  'domains.setRedirectStatus': 'Changed a domain’s redirect',
  'domains.promote': 'Made a domain the primary one',
  'domains.remove': 'Removed a domain',
  'domains.reverify': 'Checked a domain again',
  'lab.moveClock': 'Moved the quota lab’s clock',
  'lab.advanceClock': 'Advanced the quota lab’s clock',
  'lab.setHeaderProfile': 'Changed the header profile',
  'lab.scenarioStart': 'Started a lab scenario',
  'lab.scenarioCancel': 'Cancelled a lab scenario',
  'photos.add': 'Added a photo',
  'photos.remove': 'Removed a photo',
  'photos.move': 'Reordered photos',
  'photos.setAlt': 'Described a photo',
  'movements.intake': 'Took an animal in',
  'movements.reserve': 'Reserved an animal',
  'movements.cancelReservation': 'Cancelled a reservation',
  'movements.adopt': 'Recorded an adoption',
  'movements.fosterStart': 'Sent an animal to foster',
  'movements.fosterEnd': 'Ended a foster stay',
  'movements.outcome': 'Recorded an outcome',
  'movements.return': 'Recorded a return',
  'people.add': 'Added a person',
  'people.edit': 'Edited a person',
  'people.forget': 'Forgot a person',
  'care.schedule': 'Scheduled care',
  'care.give': 'Gave care',
  'care.editDose': 'Edited a dose',
  'care.skip': 'Skipped a dose',
  'care.addTreatment': 'Added a treatment or test',
  'care.editTreatment': 'Edited a treatment or test',
  'care.setProtocol': 'Changed a care protocol',
  'staff.login': 'Logged in',
  'staff.logout': 'Logged out',
  'staff.invite': 'Invited a member of staff',
  'staff.acceptInvite': 'Accepted an invitation',
  'staff.setRole': 'Changed a member’s role',
  'staff.deactivate': 'Deactivated a member',
  'staff.changePassword': 'Changed their password',
  'staff.reactivate': 'Reactivated a member',
  'staff.setPassword': 'Set a member’s password',
  'staff.rename': 'Renamed a member',
  'staff.revokeInvite': 'Revoked an invitation',
  'team.setEnabled': 'Switched team mode off or on',
  'portals.export': 'Exported to a portal',
  'backups.configure': 'Changed the nightly backups',
  'backups.runNow': 'Backed up now',
};

export function actionWords(channel: string): string {
  return ACTION_WORDS[channel] ?? channel;
}

/** The record pages an entry can link to: a pet's (its channels, and a movement or care entry's petId) or a person's. */
export type RecordKind = 'pets' | 'people';

export function recordKindOf(channel: string, input: unknown): RecordKind | null {
  const area = channel.split('.')[0];
  if (area === 'pets') return channel === 'pets.remove' ? null : 'pets';
  if (area === 'people') return 'people';
  const fields = input && typeof input === 'object' ? (input as Record<string, unknown>) : {};
  if ((area === 'movements' || area === 'care' || area === 'photos') && typeof fields.petId === 'number' && fields.id === undefined) return 'pets';
  return null;
}

const PET_FIELDS: Readonly<Record<string, string>> = { name: 'Name', categoryId: 'Category', status: 'Status' };

/** A changed field in words (a profile's dotted path by its last part), or its name when no area labels it. */
export function fieldWords(channel: string, field: string): string {
  const last = field.split('.').at(-1) ?? field;
  if (channel.startsWith('people.')) return (PERSON_FIELD_LABEL as Readonly<Record<string, string>>)[last] ?? field;
  return PET_FIELDS[last] ?? (PROFILE_FIELD_LABEL as Readonly<Record<string, string>>)[last] ?? field;
}

/** A value of before → after as one line: "[personal]" is what the trail keeps of a person's details. */
export function valueWords(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (value === '[personal]') return '(personal, not kept)';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
