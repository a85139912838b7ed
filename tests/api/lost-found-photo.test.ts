/**
 * A lost or found report sent from the site with its one photo (multipart/form-data within the
 * bounded body): the photo goes through the photo pipeline — turned upright, resized, re-encoded with
 * no metadata — and is kept with the report for the window; a second file is refused, nothing kept.
 */
import http from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/api-server';
import { openForm, postForm } from '../helpers/front-door';
import { deployedProject } from '../helpers/site-project';

const FINDER = { name: 'Jeanne Martin', phone: '06 11 22 33 44', species: 'cat', seenAt: '2026-05-30', consent: 'yes' };
const BOUNDARY = 'photo-boundary-7Qx';

let server: TestServer;
let host: string;

beforeAll(async () => {
  server = await startTestServer();
  const { services, sites } = server.engine;
  services.shelter.set({ name: 'Refuge de Lyon', language: 'fr' });
  const { project } = await deployedProject(server.engine, server.dataDir, { name: 'Refuge de Lyon' });
  await sites.projects.deployAdoptionPage(project.slug);
  host = `${project.slug}.localhost`;
});

afterAll(async () => {
  await server.stop();
});

/** A 3000×2000 JPEG stored sideways (EXIF orientation 6), with a copyright and a camera in its EXIF. */
function sidewaysPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#c08040' } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Secret Owner', Model: 'PhoneCam 9' } } })
    .toBuffer();
}

function multipart(fields: Record<string, string>, files: { field: string; bytes: Buffer }[]): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const file of files)
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field}"; filename="cat.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

async function send(
  files: { field: string; bytes: Buffer }[],
  extra: Record<string, string> = {},
  cut: (body: Buffer) => Buffer = (body) => body,
) {
  const { page, token } = await openForm(server.port, host, '/forms/found');
  expect(page.body).toContain('enctype="multipart/form-data"');
  expect(page.body).toContain('name="photo" type="file"');
  server.clock.advance(5_000);
  return postForm(
    server.port,
    host,
    '/forms/found',
    cut(multipart({ ...FINDER, token, website: '', ...extra }, files)),
    { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  );
}

/** Streams `total` bytes of a multipart body with no declared length; resolves with the answer's status. */
function streamWithoutLength(total: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        path: '/forms/found',
        method: 'POST',
        headers: { host, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'transfer-encoding': 'chunked' },
        agent: false,
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    // The server may close before all is sent: that is the point.
    request.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
    );
    const chunk = Buffer.alloc(256 * 1024, 0x41);
    request.write(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    let sent = 0;
    const more = () => {
      while (sent < total && !request.destroyed) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', more);
      }
      if (!request.destroyed) request.end();
    };
    more();
  });
}

describe('a report’s photo', () => {
  it('is kept upright, resized and without its metadata, and shown with the report', async () => {
    const { lostFound } = server.engine.services;
    const answer = await send([{ field: 'photo', bytes: await sidewaysPhoto() }], { colour: 'roux' });
    expect(answer.status).toBe(303);
    const [report] = lostFound.list();
    expect(report).toMatchObject({ colour: 'roux', source: 'site' });
    const photo = lostFound.photo(report!.id);
    expect(photo).toMatchObject({ width: 1067, height: 1600 });
    const bytes = Buffer.from(photo!.src.replace(/^data:image\/jpeg;base64,/, ''), 'base64');
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 1067, height: 1600 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(bytes.includes('Secret Owner')).toBe(false);
  });

  it('is one per report: a second file is refused and nothing is kept; no photo is no photo', async () => {
    const { lostFound } = server.engine.services;
    const before = lostFound.list().length;
    const photo = await sidewaysPhoto();
    const twice = await send([
      { field: 'photo', bytes: photo },
      { field: 'photo', bytes: photo },
    ]);
    expect(twice.status).toBe(400);
    const notAPhoto = await send([{ field: 'photo', bytes: Buffer.from('GIF89a not really') }]);
    expect(notAPhoto.status).toBe(400);
    expect(lostFound.list()).toHaveLength(before);
    const none = await send([]);
    expect(none.status).toBe(303);
    expect(lostFound.photo(lostFound.list()[0]!.id)).toBeNull();
  });

  it('past 8 MiB is refused, declared or not, and nothing is kept', async () => {
    server.clock.advance(86_400_000); // a new day for this address's limit
    const { lostFound } = server.engine.services;
    const before = lostFound.list().length;
    const declared = await send([{ field: 'photo', bytes: Buffer.alloc(8 * 1024 * 1024, 1) }]);
    expect(declared.status).toBe(413);
    expect(await streamWithoutLength(12 * 1024 * 1024)).toBe(413);
    expect(lostFound.list()).toHaveLength(before);
  });

  it('a body cut short, or a field that is not UTF-8, is refused and nothing is kept', async () => {
    server.clock.advance(86_400_000); // a new day for this address's limit
    const { lostFound } = server.engine.services;
    const before = lostFound.list().length;
    const photo = await sidewaysPhoto();
    const truncated = await send([{ field: 'photo', bytes: photo }], {}, (body) => body.subarray(0, body.length - 40));
    expect(truncated.status).toBe(400);
    const latin1 = await send([], {}, (body) => {
      const at = body.indexOf('Jeanne');
      return Buffer.concat([body.subarray(0, at), Buffer.from([0xe9, 0x20]), body.subarray(at)]);
    });
    expect(latin1.status).toBe(400);
    expect(lostFound.list()).toHaveLength(before);
    const fine = await send([], { colour: 'tigré' });
    expect(fine.status).toBe(303);
    expect(lostFound.list()[0]).toMatchObject({ colour: 'tigré' });
  });
});
