/** The channel each page cannot open without: the navigation shows only the pages the caller's role may open (staff.me's list). */
import type { AdminChannel } from '../../../shared/admin-contract';
import type { PageId } from './navigation';

export const PAGE_CHANNEL: Record<PageId, AdminChannel> = {
  pets: 'pets.browse',
  people: 'people.list',
  // The care due list opens it (volunteers too); its movements sections need movements.today (they name adopters).
  today: 'care.due',
  reports: 'reports.sac',
  audit: 'audit.list',
  shelter: 'shelter.set',
  accounts: 'accounts.list',
  plans: 'plans.list',
  usage: 'usage.overview',
  sites: 'projects.list',
  console: 'console.send',
  lab: 'lab.clock',
  requests: 'lab.requests',
  // The server's settings are the owners', but its backups panel is the managers' too.
  server: 'backups.status',
  staff: 'staff.list',
};
