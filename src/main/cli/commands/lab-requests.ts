import { type Command, Option } from 'commander';
import { isoInstant } from '../../../shared/instants';
import type { LoggedRequest, RequestFilter } from '../../../shared/lab';
import { failsGate } from '../../../shared/compliance';
import { toHar } from '../../lab/har';
import { keyCompliance } from '../../lab/compliance-report';
import { checkSettingsOf, moment, positiveInt, withCheckSettings } from '../arguments';
import { printReport, writeJunit } from '../compliance-output';
import { note, printable, printRows } from '../output';
import { run } from '../run';
import { reportCommand } from './reports';

interface FilterOptions {
  account?: number;
  key?: number;
  status?: number;
  path?: string;
  from?: number;
  to?: number;
  limit: number;
}

/** The most rows one `requests list` prints. */
const LIST_MAX = 5_000;

const filterOf = (options: FilterOptions): RequestFilter => ({
  accountId: options.account,
  keyId: options.key,
  status: options.status,
  path: options.path,
  from: options.from,
  to: options.to,
});

function withFilters(command: Command): Command {
  return command
    .option('--account <id>', 'only this account', positiveInt)
    .option('--key <id>', 'only this key', positiveInt)
    .addOption(new Option('--status <n>', 'only this HTTP status').argParser(positiveInt))
    .option('--path <text>', 'only paths containing this')
    .option('--from <moment>', 'from (ISO-8601 or epoch ms, by the environment clock)', moment)
    .option('--to <moment>', 'until (ISO-8601 or epoch ms)', moment);
}

const rowOf = (request: LoggedRequest) => ({
  id: request.id,
  at: isoInstant(request.at),
  method: request.method,
  path: request.path,
  status: request.status,
  code: request.code ?? '-',
  key: request.keyId === null ? '-' : `${request.keyId} ${request.keyPrefix ?? ''}`.trim(),
  account: request.accountId ?? '-',
  ms: request.latencyMs.toFixed(1),
  remaining: request.remaining === null ? '-' : `${request.remaining}/${request.limit}`,
  retryAfter: request.retryAfter ?? '-',
});

const requestRows = (requests: LoggedRequest[], json: boolean) => (json ? requests : requests.map(rowOf));

/** `requests list|tail|har` and `report`: the request log and the compliance report. */
export function registerRequestCommands(program: Command): void {
  const requests = program
    .command('requests')
    .description('The request log: every API answer, with the rate-limit figures sent');
  withFilters(requests.command('list').description('Recent requests, newest first'))
    .option('--limit <n>', 'how many (at most 5000)', positiveInt, 50)
    .action(
      run((engine, output, options: FilterOptions) => {
        const limit = Math.min(options.limit, LIST_MAX);
        // One more than shown tells whether the list was cut, without counting the whole log.
        const found = engine.requestLog.list({ ...filterOf(options), limit: limit + 1 });
        printRows(output, requestRows(found.slice(0, limit), output.json), 'No requests match.');
        if (found.length > limit)
          note(`Showing the latest ${limit}; more match (use --limit N, at most ${LIST_MAX}, or narrow the filters).`);
      }),
    );
  withFilters(
    requests
      .command('tail')
      .description('Follow requests as they arrive (Ctrl-C stops); --json prints one JSON object a line'),
  )
    .option('--interval <ms>', 'how often to look, in ms', positiveInt, 500)
    .action(
      run(async (engine, output, options: FilterOptions & { interval: number }) => {
        const filter = filterOf(options);
        let afterId = engine.requestLog.list({ ...filter, limit: 10 }).at(0)?.id ?? 0;
        const stop = new AbortController();
        process.once('SIGINT', () => stop.abort());
        process.once('SIGTERM', () => stop.abort());
        note('Following the request log; Ctrl-C stops.');
        while (!stop.signal.aborted) {
          const fresh = engine.requestLog.list({ ...filter, afterId, limit: 1_000 });
          for (const request of fresh) {
            afterId = request.id;
            const row = rowOf(request);
            process.stdout.write(
              output.json ? `${JSON.stringify(request)}\n` : `${printable(Object.values(row).join('  '))}\n`,
            );
          }
          await new Promise((resolve) => setTimeout(resolve, options.interval));
        }
      }),
    );
  withFilters(requests.command('har').description('The matching requests as a HAR 1.2 file on stdout (oldest first)'))
    .option('--limit <n>', 'how many (at most 5000)', positiveInt, 1_000)
    .action(
      run((engine, _output, options: FilterOptions) => {
        const logged = engine.requestLog.list({ ...filterOf(options), limit: Math.min(options.limit, LIST_MAX) });
        process.stdout.write(
          `${JSON.stringify(toHar(logged, '127.0.0.1', process.env.npm_package_version ?? '0'), null, 2)}\n`,
        );
      }),
    );

  withCheckSettings(reportCommand(program).command('key', { isDefault: true }))
    .description(
      "A key's client-compliance report, check by check (retry-after, ratelimit-window, backoff, backoff-cap, gives-up, ban), with the offending requests; exit 1 when one fails",
    )
    .requiredOption('--key <id>', 'key id', positiveInt)
    .option(
      '--from <moment>',
      'from (ISO-8601 or epoch ms, by the environment clock; default: the key’s first logged request)',
      moment,
    )
    .option('--to <moment>', 'until (default: its last)', moment)
    .option('--junit <file>', 'also write the checks as JUnit XML (one testcase per check) for CI')
    .option('--strict', 'advisory checks (ratelimit-window) count as failures too', false)
    .action(
      run(
        (
          engine,
          output,
          options: {
            key: number;
            from?: number;
            to?: number;
            junit?: string;
            maxAttempts: number;
            backoffCap: number;
            strict: boolean;
          },
        ) => {
          const report = keyCompliance(
            engine,
            options.key,
            { from: options.from, to: options.to },
            checkSettingsOf(options),
          );
          if (options.junit !== undefined)
            writeJunit(options.junit, report, { subject: `key ${options.key}`, strict: options.strict });
          printReport(output.json, report, options.strict);
          // A CI step fails on a failed check, as the gate's does.
          if (failsGate(report, options.strict)) process.exitCode = 1;
        },
      ),
    );
}
