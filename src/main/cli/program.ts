import { Command, Option } from 'commander';
import { ENVIRONMENTS } from '../../shared/environments';
import { DEFAULT_SITES_HOST } from '../../shared/sites';
import { DEFAULT_KEPT_DEPLOYS } from '../sites/sites';
import { collectDnsServer, positiveInt } from './arguments';
import { registerAccountCommands } from './commands/accounts';
import { registerCategoryCommands } from './commands/categories';
import { registerCertificateCommands } from './commands/certificates';
import { registerKeyCommands } from './commands/keys';
import { registerGateCommand } from './commands/gate';
import { registerClockCommands } from './commands/lab-clock';
import { registerLabCommands } from './commands/lab-profile';
import { registerRequestCommands } from './commands/lab-requests';
import { registerScenarioCommands } from './commands/lab-scenario';
import { registerPetCommands } from './commands/pets';
import { registerPortalExportCommands } from './commands/portal-export';
import { registerPlanCommands } from './commands/plans';
import { registerShelterCommands } from './commands/shelter';
import { registerSiteCommands } from './commands/sites';
import { registerUsageCommands } from './commands/usage';
import { registerMovementCommands } from './commands/movements';
import { registerShelterDayCommands } from './commands/shelter-day';
import { registerPeopleCommands } from './commands/people';
import { registerContractCommand } from './commands/contract';
import { registerCareCommands } from './commands/care';
import { registerLostFoundCommands } from './commands/lost-found';
import { registerReportCommands } from './commands/reports';
import { registerStaffCommands } from './commands/staff';
import { registerBackupCommands } from './commands/backup';
import { registerAuditCommands } from './commands/audit';
import { registerMailCommands } from './commands/mail';
import { registerApplicationCommands } from './commands/applications';

/** The program: its options, read by every command through run(), and the command groups in the order --help lists them. */
export function buildCli(): Command {
  const program = new Command('cli')
    .description(
      'Administer Adoption Desk from scripts: keys, accounts, plans, usage, bans, pets, categories, the shelter profile; published sites, domains and certificates; the quota lab.',
    )
    .option('--data-dir <dir>', 'folder holding the SQLite databases (every command but gate needs it)')
    .addOption(new Option('--env <environment>', 'environment').choices(ENVIRONMENTS).default('production'))
    .option('--json', 'print JSON instead of tables', false)
    .option(
      '--sites-host <name>',
      'sites: the name pointing at this machine; projects are served at <slug>.<name>',
      DEFAULT_SITES_HOST,
    )
    .option(
      '--dns-server <host:port>',
      'sites: DNS resolver for domain verification (repeatable; default the system’s)',
      collectDnsServer,
    )
    .option(
      '--keep-deploys <n>',
      `sites: deploys kept per project, the live one always; older ones are deleted (default ${DEFAULT_KEPT_DEPLOYS})`,
      positiveInt,
    );

  registerKeyCommands(program);
  registerAccountCommands(program);
  registerPetCommands(program);
  registerMovementCommands(program);
  registerShelterDayCommands(program);
  registerPeopleCommands(program);
  registerApplicationCommands(program);
  registerCareCommands(program);
  registerLostFoundCommands(program);
  registerContractCommand(program);
  registerCategoryCommands(program);
  registerShelterCommands(program);
  registerPortalExportCommands(program);
  registerPlanCommands(program);
  registerUsageCommands(program);
  registerSiteCommands(program);
  registerCertificateCommands(program);
  registerClockCommands(program);
  registerLabCommands(program);
  registerRequestCommands(program);
  registerReportCommands(program);
  registerScenarioCommands(program);
  registerStaffCommands(program);
  registerBackupCommands(program);
  registerAuditCommands(program);
  registerMailCommands(program);
  registerGateCommand(program);
  pointToHelp(program, []);
  return program;
}

/** A mistyped value is told in its one line and a pointer to its command's help, not the whole usage (every command). */
function pointToHelp(command: Command, path: readonly string[]): void {
  command.showHelpAfterError(`See "${[...path, '--help'].join(' ')}".`);
  for (const sub of command.commands) pointToHelp(sub, [...path, sub.name()]);
}
