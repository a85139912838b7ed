import type { AppHost } from '../host/app-host';
import { sendConsoleBurst, sendConsoleRequest } from './console';
import type { AdminHandlers } from './dispatch';
import { deployUpload } from './site-upload';
import { labHandlers } from './lab-handlers';
import { photoHandlers } from './photo-handlers';
import { shelterDayHandlers } from './shelter-day-handlers';
import { contractHandlers } from './contract-handlers';
import { careHandlers } from './care-handlers';
import { lostFoundHandlers } from './lost-found-handlers';
import { reportHandlers } from './report-handlers';
import { outboxHandlers } from './outbox-handlers';
import { staffHandlers } from './staff-handlers';
import { portalHandlers } from './portal-handlers';
import { backupHandlers } from './backup-handlers';
import { frontDoorHandlers } from './front-door-handlers';
import { trustedCaCertificates } from '../team/server-certificate';
import { withSubjects } from './audit-subjects';

/** Each channel of the admin contract, as a thin call into one environment's services. */
export function createAdminHandlers(host: AppHost): AdminHandlers {
  const services = (environment: Parameters<AppHost['engine']>[0]) => host.engine(environment).services;
  const sites = (environment: Parameters<AppHost['engine']>[0]) => host.engine(environment).sites;
  return {
    'servers.status': () => host.status(),
    'settings.get': () => host.currentSettings(),
    'settings.update': (settings) => host.updateSettings(settings),
    'team.server': () => host.team.state(),

    'categories.list': ({ environment }) => services(environment).categories.list(),
    'categories.create': ({ environment, name, species }) => services(environment).categories.create(name, species),
    'categories.rename': ({ environment, id, name, species }) =>
      services(environment).categories.rename(id, name, species),
    'categories.remove': ({ environment, id }) => {
      services(environment).categories.remove(id);
      return null;
    },

    'pets.browse': ({ environment, query }) => services(environment).pets.browse(query),
    'pets.create': ({ environment, pet }) => services(environment).pets.create(pet),
    'pets.update': ({ environment, id, changes, version }) => services(environment).pets.update(id, changes, version),
    'pets.setStatus': ({ environment, id, status, version }) =>
      services(environment).pets.changeStatus(id, status, version),
    'pets.history': ({ environment, id }) => services(environment).pets.history(id),
    'pets.remove': ({ environment, id }) => {
      services(environment).pets.remove(id);
      return null;
    },
    'pets.profile': ({ environment, id }) => services(environment).petProfiles.details(id),
    'pets.setProfile': ({ environment, id, profile, version }) =>
      services(environment).petProfiles.save(id, profile, version),
    'pets.profileHistory': ({ environment, id }) => services(environment).petProfiles.history(id),
    'pets.kennelCards': async ({ environment, ids, paper, perPage }) => {
      const made = await host.engine(environment).publishing.kennelCards.render({ ids, paper, perPage });
      return {
        pdf: made.pdf.toString('base64'),
        cards: made.cards,
        project: made.project,
        address: made.address,
        warnings: made.warnings,
      };
    },
    'portals.listings': ({ environment }) => host.engine(environment).publishing.portals.allListings(),
    'shelter.get': ({ environment }) => services(environment).shelter.get(),
    'shelter.set': ({ environment, shelter, version }) => services(environment).shelter.set(shelter, version),
    'shelter.setLogo': ({ environment, data }) => services(environment).shelter.setLogo(Buffer.from(data, 'base64')),
    'shelter.removeLogo': ({ environment }) => services(environment).shelter.removeLogo(),
    'shelter.logo': ({ environment }) => {
      const logo = services(environment).shelter.logo();
      return logo && { mediaType: logo.mediaType, data: logo.bytes.toString('base64') };
    },

    'accounts.list': ({ environment }) => services(environment).accounts.list(),
    'accounts.create': ({ environment, account }) => services(environment).accounts.create(account),
    'accounts.rename': ({ environment, id, name }) => services(environment).accounts.rename(id, name),
    'accounts.setPlan': ({ environment, id, plan }) => services(environment).accounts.setPlan(id, plan),

    'keys.list': ({ environment, accountId }) => services(environment).keys.list({ accountId }),
    'keys.create': ({ environment, accountId, label }) => services(environment).keys.create({ accountId, label }),
    'keys.setLabel': ({ environment, id, label }) => services(environment).keys.setLabel(id, label),
    'keys.revoke': ({ environment, id }) => services(environment).keys.revoke(id),
    'keys.rotate': ({ environment, id }) => services(environment).keys.rotate(id),

    'plans.list': ({ environment }) => services(environment).plans.list(),
    'plans.update': ({ environment, planId, change }) => services(environment).plans.update(planId, change),

    'usage.overview': ({ environment }) => {
      const { accounts, quota } = services(environment);
      return accounts.list().map((account) => ({ account, usage: quota.report(account.id) }));
    },
    'usage.report': ({ environment, accountId }) => services(environment).quota.report(accountId),
    'usage.reset': ({ environment, accountId }) => {
      const { quota } = services(environment);
      quota.resetUsage(accountId);
      return quota.report(accountId);
    },
    'bans.list': ({ environment }) => services(environment).quota.listActiveBans(),
    'bans.lift': ({ environment, keyId }) => ({ lifted: services(environment).quota.liftBan(keyId) }),

    'console.send': (request) => sendConsoleRequest(host.baseUrl(request.environment), request),
    'console.burst': ({ count, ...request }) => sendConsoleBurst(host.baseUrl(request.environment), request, count),

    'projects.list': ({ environment }) => sites(environment).projects.list(),
    'projects.create': ({ environment, project }) => sites(environment).projects.create(project),
    'deploys.list': ({ environment, projectId }) => sites(environment).projects.deploys(projectId),
    'deploys.fromFolder': ({ environment, projectId, folder }) =>
      sites(environment).projects.deployFolder(projectId, folder),
    'deploys.fromUpload': ({ environment, projectId, upload }) =>
      deployUpload(sites(environment).projects, projectId, upload),
    'deploys.adoptionPage': ({ environment, projectId }) => sites(environment).projects.deployAdoptionPage(projectId),
    'deploys.rollback': ({ environment, projectId, number }) => sites(environment).projects.rollback(projectId, number),
    'domains.list': ({ environment, projectId }) => sites(environment).domains.list(projectId),
    'domains.add': ({ environment, projectId, domain: { name, ...options } }) =>
      sites(environment).domains.add(projectId, name, options),
    'domains.verify': ({ environment, name }) => sites(environment).domains.verify(name),
    'domains.setRedirectStatus': ({ environment, name, status }) =>
      sites(environment).domains.setRedirectStatus(name, status),
    'domains.promote': ({ environment, name }) => sites(environment).domains.promote(name),
    'domains.remove': ({ environment, name }) => sites(environment).domains.remove(name),
    'certificates.list': ({ environment }) => sites(environment).certificates.list(),
    'certificates.ca': async () => {
      const engine = host.engine('production');
      return { pem: await trustedCaCertificates(engine.dataDir, await engine.sites.certificates.caCertificate()) };
    },
    'domains.reverify': ({ environment, name }) => sites(environment).reverify(name),
    ...labHandlers(host),
    ...photoHandlers(host),
    ...shelterDayHandlers(host),
    ...contractHandlers(host),
    ...careHandlers(host),
    ...lostFoundHandlers(host),
    ...reportHandlers(host),
    ...staffHandlers(host),
    ...portalHandlers(host),
    ...backupHandlers(host),
    ...outboxHandlers(host),
    ...frontDoorHandlers(host),
    // The trail is the production engine's, like the staff it names.
    'audit.list': ({ filter }) => withSubjects(host.engine('production').services.audit.list(filter), host),
  };
}
