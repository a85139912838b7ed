import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'electron.vite.config.ts'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No project root above ${from}`);
  }
}

function newestChange(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * The renderer build that browser mode serves; built on demand (build output to stderr) when it is
 * missing or older than its sources, so `npm run serve -- --admin` works right after `npm ci`.
 */
export function ensureRendererBuilt(from: string = __dirname): string {
  const root = findProjectRoot(from);
  const out = path.join(root, 'out', 'renderer');
  const index = path.join(out, 'index.html');
  const sources = Math.max(newestChange(path.join(root, 'src', 'renderer')), newestChange(path.join(root, 'src', 'shared')));
  if (!fs.existsSync(index) || fs.statSync(index).mtimeMs < sources) {
    process.stderr.write('Building the admin pages (once)…\n');
    const cli = path.join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
    execFileSync(process.execPath, [cli, 'build'], { cwd: root, stdio: ['ignore', process.stderr, process.stderr] });
  }
  return out;
}
