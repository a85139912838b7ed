import { type Command, Option } from 'commander';
import { AppError } from '../../../shared/errors';
import {
  REDIRECT_STATUSES,
  httpsServed,
  projectAddress,
  type Deploy,
  type Domain,
  type Project,
  type RedirectStatus,
  type SitePorts,
} from '../../../shared/sites';
import { runningServerPorts, serverLockFile } from '../../db/instance-lock';
import type { Engine } from '../../engine/engine';
import { positiveInt } from '../arguments';
import { note, printObject, printRows } from '../output';
import { dnsCheckCliWords } from '../hints';
import { run } from '../run';

/** Published sites and custom domains (docs/contract.md, "Published sites and custom domains"): projects, deploy, deploys, domains; their options (--sites-host, --dns-server, --keep-deploys) are the program's. */
export function registerSiteCommands(program: Command): void {
  const projects = program
    .command('projects')
    .description('Published sites: each project is served at <slug>.<sites-host>');
  projects
    .command('create')
    .description('Create a project of an account; its slug comes from the name')
    .requiredOption('--account <id>', 'account id', positiveInt)
    .requiredOption('--name <name>', 'project name')
    .action(
      run((engine, output, options: { account: number; name: string }) => {
        const project = engine.sites.projects.create({ accountId: options.account, name: options.name });
        const servedAt = servedAtOf(project, runningPorts(engine));
        printObject(output, output.json ? { ...project, servedAt } : projectRow(project, servedAt));
        if (!output.json)
          note(`Project ${project.slug} created; deploy it to serve it ${whereServed(engine, project, servedAt)}.`);
      }),
    );
  projects
    .command('list')
    .option('--account <id>', 'only this account', positiveInt)
    .action(
      run((engine, output, options: { account?: number }) => {
        const list = engine.sites.projects.list({ accountId: options.account });
        const ports = runningPorts(engine);
        const rows = list.map((project) => {
          const servedAt = servedAtOf(project, ports);
          return output.json ? { ...project, servedAt } : projectRow(project, servedAt);
        });
        printRows(output, rows, 'No projects yet.');
      }),
    );

  program
    .command('deploy')
    .description('Publish a folder of static files (or the built-in adoption page) as the project’s next deploy')
    .argument('<project>', 'project id or slug')
    .argument('[folder]', 'folder with index.html at its top')
    .option('--adoption-page', 'render the shelter’s available pets as a static page instead of a folder', false)
    .action(
      run(async (engine, output, project: string, folder: string | undefined, options: { adoptionPage: boolean }) => {
        if ((folder === undefined) === !options.adoptionPage) {
          throw new AppError(
            'validation_failed',
            'Give either a folder to deploy or --adoption-page, not both or neither.',
          );
        }
        const sites = engine.sites.projects;
        const deploy =
          folder === undefined ? await sites.deployAdoptionPage(project) : await sites.deployFolder(project, folder);
        const served = sites.get(project);
        if (output.json) printObject(output, deploy);
        if (deploy.outcome === 'failed')
          throw new AppError(
            'validation_failed',
            `deploy ${deploy.number} of ${served.slug} failed: ${deploy.reason ?? ''}`,
          );
        if (!output.json) {
          printObject(output, deployRow(deploy));
          note(
            `Deploy ${deploy.number} of ${served.slug} is live; it is served ${whereServed(engine, served, servedAtOf(served, runningPorts(engine)))}.`,
          );
        }
      }),
    );

  const deploys = program
    .command('deploys')
    .description('A project’s deploys, newest first; roll back to an earlier one');
  deploys
    .command('list')
    .argument('<project>', 'project id or slug')
    .action(
      run((engine, output, project: string) => {
        const list = engine.sites.projects.deploys(project);
        printRows(output, output.json ? list : list.map(deployRow), 'No deploys yet.');
      }),
    );
  deploys
    .command('rollback')
    .description('Serve an earlier successful deploy from the next request on')
    .argument('<project>', 'project id or slug')
    .argument('<deploy>', 'deploy number', positiveInt)
    .action(
      run((engine, output, project: string, number: number) => {
        const deploy = engine.sites.projects.rollback(project, number);
        printObject(output, output.json ? deploy : deployRow(deploy));
        if (!output.json) note(`Deploy ${number} of ${engine.sites.projects.get(project).slug} is live again.`);
      }),
    );

  const domains = program
    .command('domains')
    .description('Custom domains: add, show the DNS record, verify, promote, remove');
  domains
    .command('add')
    .description('Attach a domain (Pro plan or above, after a successful deploy); the first one is the primary')
    .argument('<project>', 'project id or slug')
    .argument('<domain>', 'e.g. www.example.org')
    .option(
      '--redirect-to <primary>',
      'make it a redirect to the project’s primary domain (the default once a primary exists)',
    )
    .addOption(new Option('--status <status>', 'redirect status (default 301)').choices(REDIRECT_STATUSES.map(String)))
    .action(
      run((engine, output, project: string, name: string, options: { redirectTo?: string; status?: string }) => {
        const domain = engine.sites.domains.add(project, name, {
          redirectTo: options.redirectTo,
          redirectStatus: options.status === undefined ? undefined : (Number(options.status) as RedirectStatus),
        });
        if (output.json) return printObject(output, domain);
        printObject(output, domain.record);
        note(
          `${domain.name} is the ${domain.role === 'primary' ? 'primary domain' : `redirect (${domain.redirectStatus}) to ${domain.to}`} of ${domain.project}.`,
        );
        note(
          `Create this record at your DNS provider${domain.record.type === 'ALIAS' ? ' (ALIAS, or ANAME if that is what it offers)' : ''}, then run "domains verify ${domain.name}".`,
        );
      }),
    );
  domains
    .command('list')
    .argument('[project]', 'project id or slug')
    .action(
      run((engine, output, project: string | undefined) => {
        const list = engine.sites.domains.list(project);
        const ports = runningPorts(engine);
        printRows(output, output.json ? list : list.map((domain) => domainRow(domain, ports)), 'No domains yet.');
      }),
    );
  domains
    .command('record')
    .description('The DNS record to create for a domain')
    .argument('<domain>')
    .action(run((engine, output, name: string) => printObject(output, engine.sites.domains.record(name))));
  domains
    .command('verify')
    .description('Check the domain’s DNS now: verified, pending, conflict or error, with what was expected and found')
    .argument('<domain>')
    .action(
      run(async (engine, output, name: string) => {
        const domain = await engine.sites.domains.verify(name);
        if (output.json) return printObject(output, domain);
        printObject(output, {
          name: domain.name,
          status: domain.status,
          expected: domain.expected.join(', '),
          found: domain.found.join(', ') || 'nothing',
        });
        note(dnsCheckCliWords(domain));
      }),
    );
  domains
    .command('promote')
    .description('Make a redirect the primary domain; the old primary becomes a redirect to it')
    .argument('<domain>')
    .action(
      run((engine, output, name: string) => {
        const domain = engine.sites.domains.promote(name);
        printObject(output, output.json ? domain : domainRow(domain, runningPorts(engine)));
      }),
    );
  domains
    .command('remove')
    .description('Stop serving a domain from the very next request')
    .argument('<domain>')
    .action(
      run((engine, output, name: string) => {
        const domain = engine.sites.domains.remove(name);
        if (output.json) printObject(output, domain);
        else note(`${domain.name} is removed from ${domain.project}; it is no longer served.`);
      }),
    );
}

/** The ports of the environment's running server (read from its lock record once per command), if one runs. */
function runningPorts(engine: Engine): SitePorts | undefined {
  return runningServerPorts(serverLockFile(engine.dataDir, engine.environment));
}

/** The address that reaches the project on the running server (its real port), or null when none runs. */
function servedAtOf(project: Project, ports: SitePorts | undefined): string | null {
  return ports ? projectAddress(project, ports) : null;
}

/** "at http://…:PORT/", or that no server runs to serve it (and at which name once one does). */
function whereServed(engine: Engine, project: Project, servedAt: string | null): string {
  if (servedAt !== null) return `at ${servedAt}`;
  return `once a server runs: no ${engine.environment} server is running for this data dir (npm run serve); it then answers at http://${project.publicHost}:<its port>/`;
}

function projectRow(project: Project, servedAt: string | null): Record<string, unknown> {
  const { id, accountId, name, slug, liveDeploy, createdAt } = project;
  return {
    id,
    accountId,
    name,
    slug,
    liveDeploy,
    createdAt,
    follows: followsInWords(project),
    servedAt: servedAt ?? 'no server running',
  };
}

/** Whether the adoption site republishes itself when the records change, and when it last did. */
function followsInWords(project: Project): string {
  const { active, checkedAt, republishedAt } = project.following;
  if (!active) return 'no (not the adoption site)';
  if (checkedAt === null) return 'yes (once a server runs)';
  const at = (time: number) => new Date(time).toISOString();
  return `yes, checked ${at(checkedAt)}${republishedAt === null ? '' : `, republished ${at(republishedAt)}`}`;
}

function deployRow(deploy: Deploy): Record<string, unknown> {
  return {
    number: deploy.number,
    outcome: deploy.outcome,
    live: deploy.live ? 'live' : '',
    source: deploy.folder ?? 'adoption page',
    files: deploy.fileCount,
    bytes: deploy.byteSize,
    createdAt: deploy.createdAt,
    reason: deploy.reason,
  };
}

function certificateInWords(domain: Domain, ports: SitePorts | undefined): string {
  const { state, needsReverify } = domain.certificate;
  if (needsReverify) return `${state}, over 30 min: domains reverify ${domain.name}`;
  if (state === 'issued' && !httpsServed(domain.certificate, ports ?? null))
    return ports ? 'issued, HTTPS not served (serve --https-port PORT)' : 'issued, no server running';
  return state;
}

function domainRow(domain: Domain, ports: SitePorts | undefined): Record<string, unknown> {
  return {
    name: domain.name,
    project: domain.project,
    role: domain.role === 'redirect' ? `redirect ${domain.redirectStatus} → ${domain.to}` : 'primary',
    status: domain.status,
    record: `${domain.record.type} ${domain.record.value} TTL ${domain.record.ttl}`,
    certificate: certificateInWords(domain, ports),
    nextCheckAt: domain.nextCheckAt,
  };
}
