/**
 * Zip uploads (`deploys.fromUpload`) are unpacked as a stream: a zip bomb is refused with memory
 * bounded (measured in a process of its own), many entries neither overflow the stack nor pass the
 * 10,000-file limit, and bytes that are no zip are called that.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { zipSync, type Zippable } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deployUpload } from '../../src/main/admin/site-upload';
import { Engine } from '../../src/main/engine/engine';
import { AppError } from '../../src/shared/errors';
import type { Deploy } from '../../src/shared/sites';
import { PROJECT_ROOT, type ProcessResult } from '../helpers/processes';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const MIB = 1024 * 1024;
const PEAK_RSS_LIMIT = 300 * 1000 * 1000;

let dataDir: string;
let work: string;

beforeEach(() => {
  dataDir = makeTempDir();
  work = makeTempDir('adoption-desk-zip');
});

afterEach(() => {
  removeTempDir(dataDir);
  removeTempDir(work);
});

/**
 * A zip of index.html and `bombBytes` of zeros (1 GiB of zeros is about 1 MB deflated), built without
 * this process or the file ever holding the unpacked size: a mebibyte of zeros deflated once with a
 * full flush, which empties the compressor's window, so every further mebibyte deflates to the same
 * bytes and the stream is that block repeated, then an empty final block.
 */
function zipBomb(file: string, bombBytes: number): number {
  const zeros = Buffer.alloc(MIB);
  const block = zlib.deflateRawSync(zeros, { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const compressed: Buffer[] = [];
  let crc = 0;
  for (let written = 0; written < bombBytes; written += MIB) {
    crc = zlib.crc32(zeros, crc);
    compressed.push(block);
  }
  compressed.push(zlib.deflateRawSync(Buffer.alloc(0), { level: 9 }));
  const index = Buffer.from('<h1>Bomb</h1>');
  const entries = [
    { name: 'index.html', method: 0, crc: zlib.crc32(index), data: index, size: index.length },
    { name: 'zeros.bin', method: 8, crc, data: Buffer.concat(compressed), size: bombBytes },
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  const zip = Buffer.concat([...locals, ...centrals, end]);
  fs.writeFileSync(file, zip);
  return zip.length;
}

function runUploadWorker(zipFile: string): Promise<ProcessResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/zip-upload-worker.ts', dataDir, zipFile], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  // Never left running past the test: a hung upload is a failure, not a stray process.
  const timer = setTimeout(() => child.kill('SIGKILL'), 100_000);
  return new Promise((resolve) =>
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    }),
  );
}

/** A zip of index.html and `count` tiny pages, made in memory (a few hundred KB). */
function manyEntries(count: number): Uint8Array {
  const files: Zippable = { 'index.html': new TextEncoder().encode('<h1>Many</h1>') };
  for (let i = 0; i < count; i++)
    files[`pages/${Math.floor(i / 500)}/${i}.html`] = new TextEncoder().encode(`page ${i}`);
  return zipSync(files, { level: 1 });
}

async function uploadZip(zip: Uint8Array | string, name = 'site.zip'): Promise<Deploy> {
  const engine = new Engine({ dataDir, environment: 'production' });
  try {
    const account = engine.services.accounts.create({ name: 'Happy Paws', planId: 'pro' });
    const project = engine.sites.projects.create({ accountId: account.id, name: 'Zipped' });
    return await deployUpload(engine.sites.projects, project.id, {
      kind: 'zip',
      name,
      data: Buffer.from(zip).toString('base64'),
    });
  } finally {
    engine.close();
  }
}

async function refusal(action: Promise<unknown>): Promise<AppError> {
  const error = await action.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('zip uploads are unpacked as a stream', () => {
  it('a zip bomb (1 GiB of zeros in about 1 MB) is a failed deploy "over 100 MiB", the uploading process peaking under 300 MB', async () => {
    const zipFile = path.join(work, 'bomb.zip');
    const zipBytes = zipBomb(zipFile, 1024 * MIB);
    expect(zipBytes).toBeLessThan(2 * MIB);
    const result = await runUploadWorker(zipFile);
    expect(result.code, result.stderr).toBe(0);
    const answer = JSON.parse(result.stdout) as { deploy?: Deploy; peakRssBytes: number };
    expect(answer.deploy).toMatchObject({
      outcome: 'failed',
      reason: expect.stringMatching(/^over 100 MiB: bomb\.zip unpacks to more than that \(counted by zeros\.bin\)/),
      fileCount: 0,
      byteSize: 0,
    });
    expect(answer.peakRssBytes).toBeLessThan(PEAK_RSS_LIMIT);
  }, 120_000);

  it('12,000 entries are refused by the 10,000-file limit, without a stack overflow', async () => {
    const error = await refusal(uploadZip(manyEntries(12_000), 'many.zip'));
    expect(error.code).toBe('validation_failed');
    expect(error.message).toMatch(/^upload: many\.zip holds more than 10000 files/);
  }, 60_000);

  it('5,000 entries deploy whole', async () => {
    const deploy = await uploadZip(manyEntries(5_000));
    expect(deploy).toMatchObject({ outcome: 'succeeded', fileCount: 5_001, live: true });
    const page = fs.readFileSync(
      path.join(dataDir, 'sites', 'production', String(deploy.projectId), '1', 'pages', '9', '4999.html'),
      'utf8',
    );
    expect(page).toBe('page 4999');
  }, 60_000);

  it('a text file named .zip is "not a zip archive"', async () => {
    const error = await refusal(uploadZip('just some text, not a zip archive at all', 'photo.zip'));
    expect(error.code).toBe('validation_failed');
    expect(error.message).toMatch(/^upload: photo\.zip is not a zip archive/);
  });
});
