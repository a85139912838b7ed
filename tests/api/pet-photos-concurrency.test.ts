/**
 * Eight large photos uploaded at once to `npm run serve -- --admin`, started as a user starts it
 * (the serve script's own Node flags and environment): the server's peak resident memory (VmHWM)
 * stays under 300 MB, every upload is either stored or refused 503 with Retry-After, and a refused
 * one is stored when sent again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { ADMIN_HTTP_PREFIX } from '../../src/shared/admin-contract';
import { MAX_PHOTO_BYTES } from '../../src/shared/photos';
import { startAdminHarness } from '../helpers/admin-host';
import { phoneJpeg, plainWebp } from '../helpers/photos';
import { PROJECT_ROOT } from '../helpers/processes';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

const UPLOADS = 8;
const PEAK_LIMIT_MB = 300;
const TOKEN = 'test-token-photo-peak-0123456789abcdefghijklmno';

let dataDir: string;
let child: ChildProcess | undefined;
let petIds: number[] = [];

/** A 4800 × 3600 photo of noise at quality 100: about 24 MiB, the size a camera's raw-ish JPEG reaches. */
async function largeJpeg(): Promise<Buffer> {
  const width = 4800;
  const height = 3600;
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100 })
    .toBuffer();
}

/** `npm run serve -- ARGS` without npm in between: the script's environment and Node flags, read from package.json, so the PID is the server's own. */
function startServe(args: string[]): ChildProcess {
  const script =
    (
      JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts.serve ?? '';
  const words = script.split(/\s+/);
  const env: Record<string, string> = {};
  while (words[0]?.includes('=')) {
    const [name, value] = (words.shift() ?? '').split('=');
    env[name ?? ''] = value ?? '';
  }
  expect(words.slice(0, 2)).toEqual(['exec', 'node']);
  return spawn(process.execPath, [...words.slice(2), ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function peakMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1]);
  return kb / 1024;
}

beforeAll(() => {
  dataDir = makeTempDir('adk-photo-peak');
  const engine = new Engine({ dataDir, environment: 'production' });
  try {
    petIds = Array.from(
      { length: UPLOADS },
      (_, index) => engine.services.pets.create({ name: `Pet ${index + 1}`, categoryId: 1 }).id,
    );
  } finally {
    engine.close();
  }
});

afterAll(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  removeTempDir(dataDir);
});

it(
  'eight ~24 MiB photos uploaded at once: the server stays under 300 MB, and each upload is stored or told to retry',
  { timeout: 240_000 },
  async () => {
    // One photo for eight pets: each is decoded in full all the same (a pet refuses only its own duplicates).
    const photo = await largeJpeg();
    expect(photo.length).toBeGreaterThan(20 * 1024 * 1024);
    expect(photo.length).toBeLessThanOrEqual(MAX_PHOTO_BYTES);
    const data = photo.toString('base64');
    const bodies = petIds.map((petId, index) =>
      JSON.stringify({ environment: 'production', petId, photo: { name: `big-${index + 1}.jpg`, data } }),
    );

    const server = startServe([
      '--data-dir',
      dataDir,
      '--port',
      '0',
      '--admin',
      '--other-port',
      '0',
      '--log-level',
      'error',
    ]);
    child = server;
    let output = '';
    server.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    server.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const [, origin, token] = await waitFor(
      () => /^Admin pages: (http:\/\/127\.0\.0\.1:\d+)\/admin\/#token=(\S+)$/m.exec(output) ?? undefined,
      60_000,
    );
    const pid = server.pid ?? 0;
    const idle = peakMb(pid);

    const upload = (body: string) =>
      fetch(`${origin}${ADMIN_HTTP_PREFIX}photos.add`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-admin-token': token ?? '' },
        body,
      }).then(async (response) => ({
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        body: (await response.json()) as { code?: string },
      }));
    const answers = await Promise.all(bodies.map(upload));
    const peak = peakMb(pid);
    console.log(
      `photo uploads: VmHWM ${idle.toFixed(0)} MB idle → ${peak.toFixed(0)} MB after ${UPLOADS} at once; answers ${answers.map((answer) => answer.status).join(' ')}`,
    );

    for (const answer of answers) {
      if (answer.status === 200) continue;
      expect(answer).toMatchObject({ status: 503, body: { code: 'service_unavailable' } });
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
    }
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(2);
    expect(peak).toBeLessThan(PEAK_LIMIT_MB);

    // What was told to retry is stored when sent again, one at a time.
    for (const [index, answer] of answers.entries()) {
      if (answer.status === 200) continue;
      const again = await upload(bodies[index] ?? '');
      expect(again.status).toBe(200);
    }
    expect(peakMb(pid)).toBeLessThan(PEAK_LIMIT_MB);
    for (const petId of petIds) {
      const listed = await fetch(`${origin}${ADMIN_HTTP_PREFIX}photos.list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-admin-token': token ?? '' },
        body: JSON.stringify({ environment: 'production', petId }),
      });
      expect(((await listed.json()) as unknown[]).length).toBe(1);
    }
  },
);

it('browser mode reads an upload’s photo from the body as bytes, and still takes escaped base64 and accented names, and refuses what is not base64', async () => {
  const harness = await startAdminHarness(TOKEN);
  try {
    const origin = new URL(harness.admin.url).origin;
    const send = (body: string) =>
      fetch(`${origin}${ADMIN_HTTP_PREFIX}photos.add`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-admin-token': TOKEN },
        body,
      });
    const petId = harness.host.engine('production').services.pets.create({ name: 'Zoë', categoryId: 1 }).id;
    const data = (await phoneJpeg()).toString('base64');
    const plain = await send(
      JSON.stringify({
        environment: 'production',
        petId,
        photo: { name: 'Zoë à la plage.jpg', data, alt: 'Zoë, « chez nous »' },
      }),
    );
    expect(plain.status).toBe(200);
    expect(await plain.json()).toMatchObject({ alt: 'Zoë, « chez nous »', width: 1067, height: 1600 });
    // Some encoders write "/" as "\/": the text is read as JSON.parse reads it.
    const escaped = JSON.stringify({
      environment: 'production',
      petId,
      photo: { name: 'luna.webp', data: (await plainWebp()).toString('base64') },
    }).replaceAll('/', '\\/');
    expect((await send(escaped)).status).toBe(200);
    const notBase64 = await send(
      JSON.stringify({ environment: 'production', petId, photo: { name: 'x.jpg', data: `${'A'.repeat(100_000)}!` } }),
    );
    expect(notBase64.status).toBe(400);
    expect(await notBase64.json()).toMatchObject({
      code: 'validation_failed',
      message: expect.stringContaining('must be base64'),
    });
  } finally {
    await harness.stop();
  }
});
