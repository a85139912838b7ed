import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../../../shared/errors';

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
 * The renderer build that browser mode serves; built on demand when it is missing or older than its
 * sources, so `npm run serve -- --admin` works right after `npm ci`. One line while it builds; the
 * build's own output only when it fails.
 */
export function ensureRendererBuilt(from: string = __dirname): string {
  const root = findProjectRoot(from);
  const out = path.join(root, 'out', 'renderer');
  const index = path.join(out, 'index.html');
  const sources = Math.max(
    newestChange(path.join(root, 'src', 'renderer')),
    newestChange(path.join(root, 'src', 'shared')),
  );
  if (!fs.existsSync(index) || fs.statSync(index).mtimeMs < sources) {
    process.stderr.write('Building the admin pages (about 20 s)…\n');
    const cli = path.join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
    const build = spawnSync(process.execPath, [cli, 'build'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (build.status !== 0) {
      process.stderr.write(`${build.stdout ?? ''}${build.stderr ?? ''}`);
      throw new AppError(
        'internal_error',
        `Building the admin pages failed (${build.error?.message ?? `exit code ${build.status}`}); its output is above.`,
      );
    }
  }
  return out;
}
