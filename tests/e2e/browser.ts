import fs from 'node:fs';
import path from 'node:path';
import Chromium from '@sparticuz/chromium';

/**
 * The browser the end-to-end suite drives. By default the Chromium inside the @sparticuz/chromium
 * npm package (so `npm ci` is all `npm test` needs); `ADK_CHROMIUM=/usr/bin/chromium` picks another.
 */
const ROOT = path.resolve(__dirname, '../..');
const PACKAGE = path.join(ROOT, 'node_modules', '@sparticuz', 'chromium');
const VERSION = (JSON.parse(fs.readFileSync(path.join(PACKAGE, 'package.json'), 'utf8')) as { version: string })
  .version;
/** Unpacked once per version inside node_modules: per checkout, and `npm ci` starts it afresh. */
const UNPACKED = path.join(ROOT, 'node_modules', '.cache', `sparticuz-chromium-${VERSION}`);

// The test machines have no Internet: nothing in the background may try to reach it.
const CLOSED_NETWORK_FLAGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * The package's flags are made for AWS Lambda: these would switch off the web security the tests rely
 * on, or fight Playwright's own; and the last five draw every frame through GL emulated by SwiftShader
 * inside the browser process, which cost more CPU than the pages themselves (85 s of 180 in four
 * specs). Without them, `--disable-gpu` draws with Chromium's own software compositor: the e2e run
 * went from 653 s to 448 s on two cores (docs/performance.md).
 */
const UNWANTED = [
  '--disable-web-security',
  '--allow-running-insecure-content',
  '--disable-site-isolation-trials',
  '--single-process',
  '--headless',
  '--use-gl',
  '--use-angle',
  '--enable-unsafe-swiftshader',
  '--ignore-gpu-blocklist',
  '--in-process-gpu',
];

export interface BrowserChoice {
  executablePath: string;
  args: string[];
  env?: Record<string, string>;
}

export function chosenBrowser(): BrowserChoice {
  const own = process.env.ADK_CHROMIUM;
  if (own) return { executablePath: own, args: ['--no-sandbox', '--disable-gpu', ...CLOSED_NETWORK_FLAGS] };
  const args = Chromium.args.filter(
    (flag) => !UNWANTED.some((unwanted) => flag === unwanted || flag.startsWith(`${unwanted}=`)),
  );
  return {
    executablePath: path.join(UNPACKED, 'chromium'),
    args: [...args, '--disable-gpu', ...CLOSED_NETWORK_FLAGS],
    env: { FONTCONFIG_FILE: path.join(UNPACKED, 'fonts.conf') },
  };
}

/**
 * Unpacks the package's Chromium, its fonts and SwiftShader into UNPACKED (about 2 s, once). The
 * package unpacks into os.tmpdir(), so it is pointed at a staging folder that is renamed into place
 * when complete: an interrupted run never leaves a half-written browser behind.
 */
export async function unpackSparticuzChromium(): Promise<void> {
  if (process.env.ADK_CHROMIUM || fs.existsSync(path.join(UNPACKED, 'fonts.conf'))) return;
  const staging = `${UNPACKED}.${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });
  const tmpdir = process.env.TMPDIR;
  process.env.TMPDIR = staging;
  // executablePath() fixes its output paths before its first await, so TMPDIR can be restored at once.
  const unpacking = Chromium.executablePath(path.join(PACKAGE, 'bin'));
  if (tmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = tmpdir;
  await unpacking;
  // The package's Open Sans, plus the machine's own fonts and rules where it has any (monospace, emoji, CJK).
  const fontsConf = [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
    '<fontconfig>',
    '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>',
    `  <dir>${path.join(UNPACKED, 'fonts')}</dir>`,
    `  <cachedir>${path.join(UNPACKED, 'fonts-cache')}</cachedir>`,
    '</fontconfig>',
  ];
  fs.writeFileSync(path.join(staging, 'fonts.conf'), `${fontsConf.join('\n')}\n`);
  try {
    fs.renameSync(staging, UNPACKED);
  } catch (error) {
    // Another run unpacked it first: theirs is complete, drop ours.
    fs.rmSync(staging, { recursive: true, force: true });
    if (!fs.existsSync(path.join(UNPACKED, 'fonts.conf'))) throw error;
  }
}
