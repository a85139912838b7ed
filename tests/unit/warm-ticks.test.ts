/**
 * The warm-up that keeps Node's process.nextTick in its fast compilation (docs/performance.md, "Two
 * states of one server"): in a Node of its own, since what is measured is the process's V8 state.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/processes';

/** V8's %GetOptimizationStatus bits (src/runtime/runtime.h): optimised, and by TurboFan. */
const OPTIMIZED = 1 << 4;
const TURBOFANNED = 1 << 6;

const CHILD = `
import { warmNodeTicks } from './src/main/http/warm-ticks.ts';
const status = () => %GetOptimizationStatus(process.nextTick);
const before = status();
const warming = warmNodeTicks();
const same = warmNodeTicks() === warming;
await warming;
// The compiler runs beside the main thread: its code is installed a moment later, without another tick.
let after = status();
for (const deadline = Date.now() + 5000; !(after & ${OPTIMIZED}) && Date.now() < deadline; after = status()) await new Promise((resolve) => setImmediate(resolve));
console.log(JSON.stringify({ before, after, same }));
`;

it('after the warm-up, process.nextTick runs as TurboFan code, compiled before any request could reach it; once per process', async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', CHILD],
    { cwd: PROJECT_ROOT, timeout: 30_000 },
  );
  const { before, after, same } = JSON.parse(stdout) as { before: number; after: number; same: boolean };
  expect(before & OPTIMIZED).toBe(0);
  expect(after & TURBOFANNED).toBe(TURBOFANNED);
  expect(same).toBe(true);
});
