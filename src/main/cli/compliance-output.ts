import junit from 'junit-report-builder';
import { type ComplianceReport, type RuleVerdict } from '../../shared/compliance';
import { AppError } from '../../shared/errors';
import { isoInstant } from '../../shared/instants';
import { writeFileAtomically } from '../files/atomic-write';
import { printable, printObject } from './output';

const MARK = { pass: 'PASS', fail: 'FAIL', not_tested: 'n/a ' } as const;

/** A failed advisory check reads WARN unless the run is strict. */
function mark(rule: RuleVerdict, strict: boolean): string {
  return rule.verdict === 'fail' && rule.advisory && !strict ? 'WARN' : MARK[rule.verdict];
}
/** Offending requests shown per check in a table; --json and JUnit carry more. */
const SHOWN_EVIDENCE = 10;

function evidenceLine(evidence: RuleVerdict['evidence'][number]): string {
  return `#${evidence.requestId} ${isoInstant(evidence.at)} ${evidence.method} ${printable(evidence.path)} → ${evidence.status}${evidence.code ? ` ${evidence.code}` : ''}: ${evidence.note}`;
}

/** A key's report as the CLI prints it: the totals, then one line per check with its offending requests. */
export function printReport(json: boolean, report: ComplianceReport, strict = false): void {
  if (json) return printObject({ json }, report);
  const { totals } = report;
  process.stdout.write(
    `Key ${report.keyId}, ${isoInstant(report.from)} to ${isoInstant(report.to)}: ${totals.requests} requests, ${totals.accepted} accepted, ${totals.rateLimited} rate-limited, ${totals.banned} banned, ${totals.wasted} wasted (sent before Retry-After had passed, and refused)\n`,
  );
  for (const rule of report.rules) {
    process.stdout.write(`${mark(rule, strict)}  ${rule.rule} — ${rule.title}: ${rule.summary}\n`);
    for (const evidence of rule.evidence.slice(0, SHOWN_EVIDENCE))
      process.stdout.write(`      ${evidenceLine(evidence)}\n`);
    if (rule.offences > SHOWN_EVIDENCE)
      process.stdout.write(
        `      … and ${rule.offences - SHOWN_EVIDENCE} more (--json lists up to ${rule.evidence.length})\n`,
      );
  }
}

/**
 * The checks as JUnit XML, which GitHub Actions, GitLab and Jenkins show natively: one testcase per
 * check; a failed one carries its offending requests, one not exercised by the traffic is skipped.
 */
export interface JunitOptions {
  subject: string;
  /** Advisory checks fail too. */
  strict: boolean;
  /** More testcases (the gate's "the command ran"), failing when `failure` is set. */
  extra?: { name: string; failure: string | null }[];
}

export function junitXml(report: ComplianceReport, { subject, strict, extra = [] }: JunitOptions): string {
  const builder = junit.newBuilder();
  const suite = builder.testSuite().name(`Adoption Desk client compliance (${subject})`);
  for (const rule of report.rules) {
    const testCase = suite.testCase().className('adoption-desk.compliance').name(`${rule.rule}: ${rule.title}`);
    if (rule.verdict === 'not_tested') testCase.skipped().standardOutput(`not applicable: ${rule.summary}`);
    if (rule.verdict === 'pass') testCase.standardOutput(rule.summary);
    if (rule.verdict === 'fail' && rule.advisory && !strict)
      testCase.standardOutput(
        `advice (fails only with --strict): ${rule.summary}\n${rule.evidence.map(evidenceLine).join('\n')}`,
      );
    else if (rule.verdict === 'fail') {
      const more = rule.offences > rule.evidence.length ? `\n… and ${rule.offences - rule.evidence.length} more` : '';
      testCase.failure(rule.summary, rule.rule).stacktrace(`${rule.evidence.map(evidenceLine).join('\n')}${more}`);
    }
  }
  for (const item of extra) {
    const testCase = suite.testCase().className('adoption-desk.gate').name(item.name);
    if (item.failure !== null) testCase.failure(item.failure, 'command');
  }
  return builder.build();
}

/** A CI artifact: readable by the runner's other steps, like any file they save. */
const JUNIT_FILE_MODE = 0o644;

/** Writes the JUnit file whole (never through a link planted at its name); a path that cannot be written is a refusal naming it, not a stack trace. */
export function writeJunit(file: string, report: ComplianceReport, options: JunitOptions): void {
  try {
    writeFileAtomically(file, junitXml(report, options), JUNIT_FILE_MODE);
  } catch (error) {
    throw new AppError(
      'validation_failed',
      `--junit: cannot write ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)}).`,
    );
  }
}
