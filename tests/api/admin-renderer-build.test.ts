/**
 * The first `serve --admin` builds the renderer. Here a small project stands in for this one: same
 * layout, and an electron-vite entry that chatters like the real build and then succeeds or fails,
 * so the 20-second build need not run to see what the terminal shows.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/processes';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const FAKE_BUILD = `
const fs = require('node:fs');
for (let i = 0; i < 50; i++) console.log('vite v8 transforming module ' + i + '…');
console.error('(!) Some chunks are larger than 500 kB after minification.');
if (fs.existsSync('break-the-build')) {
  console.error('[vite]: Rollup failed to resolve import "missing-module" from "src/renderer/src/app/App.tsx".');
  process.exit(1);
}
fs.mkdirSync('out/renderer', { recursive: true });
fs.writeFileSync('out/renderer/index.html', '<!doctype html>');
`;

let root: string;

beforeEach(() => {
  root = makeTempDir('adk-renderer-build');
  fs.writeFileSync(path.join(root, 'electron.vite.config.ts'), '');
  for (const dir of ['src/renderer', 'src/shared', 'node_modules/electron-vite/bin'])
    fs.mkdirSync(path.join(root, dir), { recursive: true });
  fs.writeFileSync(path.join(root, 'src/renderer/index.html'), '<!doctype html>');
  fs.writeFileSync(path.join(root, 'src/shared/schemas.ts'), 'export {};');
  fs.writeFileSync(path.join(root, 'node_modules/electron-vite/bin/electron-vite.js'), FAKE_BUILD);
});

afterEach(() => removeTempDir(root));

/** ensureRendererBuilt in a process of its own, as serve.ts calls it; its terminal output captured. */
function ensureBuilt() {
  const script = `require(${JSON.stringify(path.join(PROJECT_ROOT, 'src/main/http/admin/renderer-build.ts'))}).ensureRendererBuilt(${JSON.stringify(root)})`;
  return spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: PROJECT_ROOT, encoding: 'utf8' });
}

it('a successful build prints one line and none of the build’s own output', () => {
  const result = ensureBuilt();
  expect(result.status).toBe(0);
  expect(result.stdout).toBe('');
  expect(result.stderr).toBe('Building the admin pages (about 20 s)…\n');
  expect(fs.existsSync(path.join(root, 'out/renderer/index.html'))).toBe(true);

  // Up to date: not even that line.
  const again = ensureBuilt();
  expect(again.stderr).toBe('');
});

it('a failed build shows its output, then why the start stops', () => {
  fs.writeFileSync(path.join(root, 'break-the-build'), '');
  const result = ensureBuilt();
  expect(result.status).not.toBe(0);
  expect(result.stderr).toMatch(/^Building the admin pages \(about 20 s\)…\n/);
  expect(result.stderr).toContain('vite v8 transforming module 49…');
  expect(result.stderr).toContain('Rollup failed to resolve import "missing-module"');
  expect(result.stderr).toContain('Building the admin pages failed (exit code 1); its output is above.');
});
