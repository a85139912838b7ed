/** The audit trail in staff's words: what each admin write did, which record it touched, and its fields. */
import { PROFILE_FIELD_LABEL } from '../../domain/pets/profile-labels';
import { PERSON_FIELD_LABEL } from '../../domain/people/person-labels';

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

/** What a record an entry names no animal, person or member of is, by its channel's area: "Category 3". */
const RECORD_WORDS: Readonly<Record<string, string>> = {
  categories: 'Category',
  accounts: 'Account',
  keys: 'Key',
  bans: 'Key',
  usage: 'Account',
  projects: 'Site project',
  deploys: 'Site project',
  domains: 'Domain',
  movements: 'Movement',
  care: 'Care entry',
  photos: 'Photo',
  staff: 'Invitation',
  lab: 'Scenario',
};

export function recordWords(channel: string, record: string): string {
  return `${RECORD_WORDS[channel.split('.')[0] ?? ''] ?? 'Record'} ${record}`;
}

const PET_FIELDS: Readonly<Record<string, string>> = { name: 'Name', categoryId: 'Category', status: 'Status', petId: 'Animal', personId: 'Person', vetId: 'Vet' };

/** A field no area labels, from its name: "givenDate" → "Given date". */
function spelt(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A changed field in words (a profile's dotted path by its last part), or its name when no area labels it. */
export function fieldWords(channel: string, field: string): string {
  const last = field.split('.').at(-1) ?? field;
  if (channel.startsWith('people.')) return (PERSON_FIELD_LABEL as Readonly<Record<string, string>>)[last] ?? field;
  return PET_FIELDS[last] ?? (PROFILE_FIELD_LABEL as Readonly<Record<string, string>>)[last] ?? spelt(last);
}

/** A value of before → after as one line: "[personal]" is what the trail keeps of a person's details; a list or a group of fields in words, never JSON. */
export function valueWords(value: unknown, field?: (name: string, value: unknown) => string): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (value === '[personal]') return '(personal, not kept)';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map((item) => valueWords(item, field)).join('; ');
  if (typeof value === 'object') {
    const parts = Object.entries(value).map(([name, item]) => (field ? field(name, item) : `${spelt(name)}: ${valueWords(item)}`));
    return parts.length === 0 ? '(empty)' : parts.join(', ');
  }
  return String(value);
}
