import type { Command } from 'commander';
import { AppError } from '../../../shared/errors';
import type { AuditEntry } from '../../../shared/audit';
import type { Engine } from '../../engine/engine';
import { moment, positiveInt } from '../arguments';
import { printRows } from '../output';
import { run } from '../run';

/** The trail lives in the production database, like the staff it names. */
function auditOf(engine: Engine) {
  if (engine.environment !== 'production')
    throw new AppError('validation_failed', 'The audit trail lives in the production data; leave out --env.', {
      details: { field: 'environment' },
    });
  return engine.services.audit;
}

const row = (entry: AuditEntry) => ({
  at: new Date(entry.at).toISOString(),
  staff: entry.staffName,
  address: entry.address ?? '',
  channel: entry.channel,
  record: entry.record ?? '',
  input: JSON.stringify(entry.input),
});

interface ListOptions {
  staff?: string;
  from?: number;
  to?: number;
  record?: string;
  channel?: string;
  limit?: number;
  before?: number;
}

/** `audit list` (docs/guide/team.md): who changed what through the admin pages, newest first. */
export function registerAuditCommands(program: Command): void {
  const audit = program
    .command('audit')
    .description('The audit trail: every change made through the admin pages (append-only)');
  audit
    .command('list')
    .description('List the trail, newest first')
    .option('--staff <name>', "a member's name, or desk")
    .option('--from <moment>', 'from this moment (ISO-8601 or epoch ms)', moment)
    .option('--to <moment>', 'up to this moment (ISO-8601 or epoch ms)', moment)
    .option('--record <id>', "a record's id")
    .option('--channel <channel>', 'an admin channel, such as pets.update')
    .option('--limit <n>', 'at most N entries (default 200)', positiveInt)
    .option(
      '--before <id>',
      'only entries older than entry ID (the next page after one that ended with it)',
      positiveInt,
    )
    .action(
      run((engine, output, options: ListOptions) => {
        const entries = auditOf(engine).list(options);
        printRows(output, output.json ? entries : entries.map(row), 'Nothing in the audit trail yet.');
      }),
    );
}
