import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { execNodeScript } from '../../bench/processes';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const ROOT = path.resolve(__dirname, '../..');
const LAUNCHER = path.join(ROOT, 'scripts', 'launch.cjs');
const SYSTEM_NODE = '/usr/bin/node';

function systemNodeVersion(): number[] | undefined {
  if (!fs.existsSync(SYSTEM_NODE)) return undefined;
  return spawnSync(SYSTEM_NODE, ['-p', 'process.versions.node'], { encoding: 'utf8' })
    .stdout.trim()
    .split('.')
    .map(Number);
}
const systemVersion = systemNodeVersion();
const systemNodeIsOld =
  systemVersion !== undefined &&
  ((systemVersion[0] ?? 0) < 22 || (systemVersion[0] === 22 && (systemVersion[1] ?? 0) < 12));

function run(node: string, args: string[], options: { cwd?: string; env?: Record<string, string> } = {}) {
  return spawnSync(node, args, {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, ...options.env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('the launcher behind npm run serve, cli and bench', () => {
  it.skipIf(!systemNodeIsOld)(
    "refuses the machine's older Node with a message, before better-sqlite3 could segfault",
    () => {
      const dataDir = makeTempDir('adk-launcher');
      try {
        for (const entry of ['serve', 'cli', 'bench']) {
          // The npm script as it is, flags and environment included, with the machine's node in place of the project's.
          const { env, args } = execNodeScript(ROOT, entry);
          const result = run(SYSTEM_NODE, [...args, '--data-dir', dataDir], { env });
          expect(result.signal).toBeNull();
          expect(result.status).toBe(1);
          expect(result.stderr).toContain('Adoption Desk needs Node.js 22.12 or newer; this is Node.js 20.');
          expect(result.stderr).toContain('npm ci');
        }
        // Nothing was opened or created: the check came first.
        expect(fs.readdirSync(dataDir)).toEqual([]);
      } finally {
        removeTempDir(dataDir);
      }
    },
  );

  it('refuses any Node older than 22.12, naming the version it found', () => {
    const preload = path.join(makeTempDir('adk-launcher'), 'node-22-11.cjs');
    fs.writeFileSync(preload, "Object.defineProperty(process.versions, 'node', { value: '22.11.0' });\n");
    const result = run(process.execPath, ['--require', preload, LAUNCHER, 'cli', '--help']);
    removeTempDir(path.dirname(preload));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('needs Node.js 22.12 or newer; this is Node.js 22.11.0');
    expect(result.stdout).toBe('');
  });

  it('runs the entry on a recent Node', () => {
    const result = run(process.execPath, [LAUNCHER, 'cli', '--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Usage: cli');
  });
});

describe('the bundle the launcher runs', () => {
  // A project of its own (two tiny entries), so editing its sources disturbs nothing else.
  let project: string;

  function write(file: string, text: string): void {
    fs.mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
    fs.writeFileSync(path.join(project, file), text);
  }

  const cli = () => run(process.execPath, ['scripts/launch.cjs', 'cli', 'an-argument'], { cwd: project });

  beforeEach(() => {
    project = makeTempDir('adk-launcher-project');
    fs.cpSync(path.join(ROOT, 'scripts'), path.join(project, 'scripts'), { recursive: true });
    for (const pkg of ['esbuild', '@esbuild']) {
      fs.mkdirSync(path.dirname(path.join(project, 'node_modules', pkg)), { recursive: true });
      fs.symlinkSync(path.join(ROOT, 'node_modules', pkg), path.join(project, 'node_modules', pkg));
    }
    write('src/shared/greeting.ts', 'export const greeting = (who: string): string => `first build, ${who}`;\n');
    write(
      'src/main/cli/index.ts',
      "import { greeting } from '../../shared/greeting';\nconsole.log(greeting(process.argv[2] ?? 'nobody'));\n",
    );
    write('src/main/serve.ts', "console.log('serve');\n");
  });

  afterEach(() => removeTempDir(project));

  it('is built on first use, then loaded as it is until a source changes', () => {
    const first = cli();
    expect(first.status).toBe(0);
    expect(first.stdout).toBe('first build, an-argument\n');
    expect(first.stderr).toContain('Bundling the server and CLI');

    const second = cli();
    expect(second.stdout).toBe('first build, an-argument\n');
    expect(second.stderr).toBe('');

    write('src/shared/greeting.ts', 'export const greeting = (who: string): string => `after an edit, ${who}`;\n');
    const edited = cli();
    expect(edited.stdout).toBe('after an edit, an-argument\n');
    expect(edited.stderr).toContain('Bundling the server and CLI');
  });

  it('rebuilds when a source file is added, even with an old timestamp', () => {
    expect(cli().status).toBe(0);
    write('src/shared/extra.ts', "export const extra = 'added';\n");
    fs.utimesSync(path.join(project, 'src/shared/extra.ts'), new Date(2000, 0, 1), new Date(2000, 0, 1));
    write('src/main/cli/index.ts', "import { extra } from '../../shared/extra';\nconsole.log(extra);\n");
    fs.utimesSync(path.join(project, 'src/main/cli/index.ts'), new Date(2000, 0, 1), new Date(2000, 0, 1));
    expect(cli().stdout).toBe('added\n');
  });

  it('rebuilds after packages are installed or updated (they are bundled too)', () => {
    expect(cli().status).toBe(0);
    write('node_modules/.package-lock.json', '{}\n');
    const after = cli();
    expect(after.stdout).toBe('first build, an-argument\n');
    expect(after.stderr).toContain('Bundling the server and CLI');
  });

  it('writes a bundle of ASCII only, whatever characters the sources hold (else V8 keeps it at two bytes a character)', () => {
    write(
      'src/shared/greeting.ts',
      "// Grüße\nexport const greeting = (who: string): string => `${who.replace(/ς/g, 'σ')} ✓`;\n",
    );
    const result = cli();
    expect(result.stdout).toBe('an-argument ✓\n');
    const bundle = fs.readFileSync(path.join(project, 'node_modules', '.cache', 'adoption-desk', 'cli.js'), 'utf8');
    expect(bundle).toContain('\\u03c2');
    expect(bundle).not.toMatch(/[\u0080-\uffff]/);
    write(
      'src/main/cli/index.ts',
      "import { greeting } from '../../shared/greeting';\nconsole.log(greeting('σοφος'.toUpperCase().toLowerCase() + 'ς'));\n",
    );
    expect(cli().stdout).toBe('σοφοσσ ✓\n');
  });

  it('loads https, http2, yaml, tldts and @fastify/send on their first use (packages from node_modules, not the bundle), imported or required, and they work as themselves', () => {
    for (const pkg of ['tldts', 'tldts-core', '@fastify/send']) {
      fs.mkdirSync(path.dirname(path.join(project, 'node_modules', pkg)), { recursive: true });
      fs.symlinkSync(path.join(ROOT, 'node_modules', pkg), path.join(project, 'node_modules', pkg));
    }
    write(
      'node_modules/uses-https/index.js',
      "const https = require('node:https');\nmodule.exports = () => typeof https.createServer;\n",
    );
    write(
      'src/main/cli/index.ts',
      [
        "import http2 from 'node:http2';",
        "import { createSecureContext } from 'node:tls';",
        "import send from '@fastify/send';",
        "import { parse } from 'tldts';",
        "import usesHttps from 'uses-https';",
        'const loaded = (name: string) => process.moduleLoadList.includes(`NativeModule ${name}`);',
        'const fromNodeModules = () => Object.keys(require.cache).filter((file) => /[\\\\/]node_modules[\\\\/](tldts|@fastify[\\\\/]send)[\\\\/]/.test(file)).length > 0;',
        'const packagesBefore = fromNodeModules();',
        "const before = [loaded('https'), loaded('http2'), loaded('tls')];",
        "const used = [usesHttps(), typeof http2.createServer, Object.keys(http2).includes('connect'), typeof createSecureContext];",
        "const after = [loaded('https'), loaded('http2'), loaded('tls')];",
        "console.log(JSON.stringify({ before, used, after, domain: parse('blog.example.co.uk').domain, send: [typeof send, send.isUtf8MimeType('text/html'), typeof send.mime.getType], packages: [packagesBefore, fromNodeModules()] }));",
        '',
      ].join('\n'),
    );
    // Bundling reads the modules' keys, in the process that bundles: look at the run after it.
    expect(cli().stderr).toContain('Bundling the server and CLI');
    expect(JSON.parse(cli().stdout)).toEqual({
      before: [false, false, false],
      used: ['function', 'function', true, 'function'],
      after: [true, true, true],
      domain: 'example.co.uk',
      send: ['function', true, 'function'],
      packages: [false, true],
    });
    // Their code is not in the bundle (its source would be held in memory as long as the process runs).
    expect(
      fs.readFileSync(path.join(project, 'node_modules', '.cache', 'adoption-desk', 'cli.js'), 'utf8'),
    ).not.toContain('function isUtf8MimeType(');
  });

  it('stops with a clear error when the sources do not build, and runs nothing stale', () => {
    expect(cli().status).toBe(0);
    write('src/shared/greeting.ts', 'export const greeting = (who: string =>\n');
    const broken = cli();
    expect(broken.status).toBe(1);
    expect(broken.stdout).toBe('');
    expect(broken.stderr).toContain('Error: could not bundle src/ for cli');
  });
});
