// Reads the JSON reports of vitest and Playwright and prints CI's one closing line.
import fs from 'node:fs';

const [checksFailed = '0', testStatus = '0'] = process.argv.slice(2);
// Lint and type-check count as one check each.
let failed = Number(checksFailed);
let passed = 2 - failed;

function read(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const vitest = read('reports/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  if (vitest.numFailedTestSuites > 0 && vitest.numFailedTests === 0) failed += vitest.numFailedTestSuites;
} else {
  failed += 1;
}

const playwright = read('reports/playwright.json');
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
} else if (fs.existsSync('playwright.config.ts')) {
  failed += 1;
}

if (Number(testStatus) !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
