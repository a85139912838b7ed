/**
 * How long one photo import takes: a 12-megapixel camera JPEG (4000 × 3000, noisy like a real
 * photo, EXIF orientation 6 and GPS) through the engine's PhotoService.add, from bytes in memory to
 * both files written and the row stored. Reports each run and the median.
 *
 *   npx tsx bench/photo-import.ts [RUNS]   (default 7; the first run, which loads libvips, is reported apart)
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { Engine } from '../src/main/engine/engine';

const RUNS = Number(process.argv[2] ?? 7);
const WIDTH = 4000;
const HEIGHT = 3000;

/** Random pixels blurred a little: a JPEG about as hard to decode as a camera's (a flat colour would flatter the figure). */
async function cameraJpeg(seed: number): Promise<Buffer> {
  const noise = randomBytes((WIDTH / 4) * (HEIGHT / 4) * 3);
  noise[0] = seed;
  return sharp(noise, { raw: { width: WIDTH / 4, height: HEIGHT / 4, channels: 3 } })
    .resize(WIDTH, HEIGHT, { kernel: 'cubic' })
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 2680/100' } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adoption-desk-photo-bench-'));
  const engine = new Engine({ dataDir, environment: 'production' });
  try {
    const times: number[] = [];
    const cpuTimes: number[] = [];
    for (let run = 0; run <= RUNS; run += 1) {
      const bytes = await cameraJpeg(run);
      const petId = engine.services.pets.create({ name: `Bench ${run}`, categoryId: 1 }).id;
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      await engine.services.photos.add(petId, [{ name: 'camera.jpg', bytes }]);
      const ms = performance.now() - started;
      // Every thread of the process (libvips' too): the figure a busy machine does not distort.
      const cpu = process.cpuUsage(cpuBefore);
      if (run > 0) cpuTimes.push((cpu.user + cpu.system) / 1000);
      if (run === 0)
        console.log(
          `first import (loads libvips): ${ms.toFixed(0)} ms, input ${(bytes.length / 1024 / 1024).toFixed(1)} MiB`,
        );
      else times.push(ms);
    }
    times.sort((a, b) => a - b);
    cpuTimes.sort((a, b) => a - b);
    console.log(`runs: ${times.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    console.log(
      `median import of a 12 MP JPEG: ${(times[Math.floor(times.length / 2)] ?? 0).toFixed(0)} ms elapsed, ${(cpuTimes[Math.floor(cpuTimes.length / 2)] ?? 0).toFixed(0)} ms CPU (sharp concurrency ${sharp.concurrency()}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]?.toFixed(1)})`,
    );
  } finally {
    engine.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
