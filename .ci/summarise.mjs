// Reads the JSON reports of vitest and Playwright and prints CI's one closing line, after naming
// every check and test that failed (CI shows only the end of what a run prints).
import fs from 'node:fs';

const [checksFailed = '0', testStatus = '0', ...failedChecks] = process.argv.slice(2);
// Lint, type-check and the gate count as one check each.
let failed = Number(checksFailed);
let passed = 3 - failed;
const failures = failedChecks.map((name) => `check: ${name}`);

function read(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function playwrightFailures(suite, path = []) {
  const here = suite.title ? [...path, suite.title] : path;
  const own = (suite.specs ?? []).flatMap((spec) =>
    spec.tests
      .filter((test) => test.status === 'unexpected')
      .map((test) => `playwright: ${[...here, spec.title].join(' › ')} [${test.projectName}]`),
  );
  return [...own, ...(suite.suites ?? []).flatMap((child) => playwrightFailures(child, here))];
}

const vitest = read('reports/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  if (vitest.numFailedTestSuites > 0 && vitest.numFailedTests === 0) failed += vitest.numFailedTestSuites;
  for (const file of vitest.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) failures.push(`vitest: ${file.name} › ${test.fullName}`);
    if (file.status === 'failed' && failedTests.length === 0)
      failures.push(`vitest: ${file.name} (${file.message ?? 'the file failed'})`);
  }
} else {
  failed += 1;
  failures.push('vitest: no report (reports/vitest.json)');
}

const playwright = read('reports/playwright.json');
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  for (const suite of playwright.suites ?? []) failures.push(...playwrightFailures(suite));
} else if (fs.existsSync('playwright.config.ts')) {
  failed += 1;
  failures.push('playwright: no report (reports/playwright.json)');
}

// Where the suite's time went (the total is printed by .ci/run): each runner's wall time and the
// slowest vitest files, so a change to the suite's speed can be compared with the last run.
const minutes = (ms) => `${Math.floor(Math.round(ms / 1_000) / 60)} min ${Math.round(ms / 1_000) % 60} s`;
const vitestFiles = (vitest?.testResults ?? []).filter((file) => file.endTime && file.startTime);
if (vitestFiles.length > 0) {
  const ended = Math.max(...vitestFiles.map((file) => file.endTime));
  console.log(`== vitest took ${minutes(ended - vitest.startTime)}; its slowest files:`);
  for (const file of [...vitestFiles].sort((a, b) => b.endTime - b.startTime - (a.endTime - a.startTime)).slice(0, 10))
    console.log(
      `  ${((file.endTime - file.startTime) / 1_000).toFixed(1)} s ${file.name.replace(`${process.cwd()}/`, '')}`,
    );
}
if (playwright?.stats?.duration) console.log(`== Playwright took ${minutes(playwright.stats.duration)}`);

if (Number(testStatus) !== 0 && failed === 0) failed = 1;
if (failures.length > 0) {
  console.log('== what failed');
  for (const line of failures) console.log(`  ${line.slice(0, 400)}`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
