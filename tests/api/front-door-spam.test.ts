/**
 * The spam run on every public form, the lost and found ones as the applications': honeypot, link
 * farms, 2 MiB bodies, invalid UTF-8 and 200 posts from one address put nothing in the queue or the
 * reports, each answer is the contract's (never a 5xx), nothing sent is reflected, and the day's
 * counts survive a restart of the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../../src/main/http/listen';
import { ManualClock } from '../../src/shared/clock';
import { TEST_START, startTestServer, type TestServer } from '../helpers/api-server';
import { applyThrough, formBody, openForm, postForm } from '../helpers/front-door';
import { siteRequest } from '../helpers/site-http';
import { deployedProject } from '../helpers/site-project';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const DAY = 24 * 60 * 60 * 1000;
const MARK = '<script>alert("zq")</script>';
const FINDER = { name: 'Jeanne Martin', phone: '06 11 22 33 44', species: 'cat', seenAt: '2026-05-30' };
const APPLICANT = { name: 'Amélie Poulain', email: 'bot@example.com', 'q-household': 'deux' };

let server: TestServer;
let host: string;
const dataDir = makeTempDir();
const clock = new ManualClock(TEST_START);

beforeAll(async () => {
  server = await startTestServer({ dataDir, clock });
  const { services, sites } = server.engine;
  services.shelter.set({ name: 'Refuge de Lyon', language: 'fr' });
  const { project } = await deployedProject(server.engine, server.dataDir, { name: 'Refuge de Lyon' });
  services.pets.create({ name: 'Noisette', categoryId: 1, status: 'available' });
  await sites.projects.deployAdoptionPage(project.slug);
  host = `${project.slug}.localhost`;
  // Room for each check of a run below; the flood then meets the limit.
  const { kind, ...apply } = services.frontDoor.form('apply');
  services.frontDoor.setForm(kind, { ...apply, limits: { ...apply.limits, perAddressPerDay: 20 } });
});

afterAll(async () => {
  await server.stop();
  removeTempDir(dataDir);
});

const stored = () => ({
  submissions: server.engine.services.frontDoor.list().length,
  reports: server.engine.services.lostFound.list().length,
});

describe('the lost and found forms', () => {
  it('the site offers both in the shelter’s language, and a plain post records a site report', async () => {
    const lost = await openForm(server.port, host, '/forms/lost');
    expect(lost.page.status).toBe(200);
    expect(lost.page.body).toContain('J’ai perdu mon animal');
    expect(lost.page.body).toContain('method="post"');
    const found = await openForm(server.port, host, '/forms/found');
    expect(found.page.body).toContain('J’ai trouvé un animal');
    const answer = await applyThrough(server.port, host, '/forms/found', clock, {
      ...FINDER,
      colour: 'tigré',
      features: `Collier rouge ${MARK}`,
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/forms/thanks');
    const [report] = server.engine.services.lostFound.list();
    expect(report).toMatchObject({ kind: 'found', source: 'site', species: 'cat', colour: 'tigré' });
    expect(report!.features).toBe(`Collier rouge ${MARK}`);
  });

  it('a report without a way to reach its sender is refused, repeating nothing', async () => {
    const before = stored();
    const answer = await applyThrough(server.port, host, '/forms/lost', clock, { ...FINDER, phone: '', name: MARK });
    expect(answer.status).toBe(400);
    expect(answer.body).not.toContain('zq');
    expect(stored()).toEqual(before);
  });
});

describe('the spam run puts nothing anywhere', () => {
  for (const target of ['/forms/lost', '/forms/found', '/forms/apply']) {
    it(`on ${target}: honeypot, link farm, invalid UTF-8, 2 MiB, forged token, too fast`, async () => {
      clock.advance(DAY);
      const before = stored();
      const fields = target === '/forms/apply' ? APPLICANT : { ...FINDER, email: 'bot@example.com' };
      const statuses: number[] = [];
      const bodies: string[] = [];
      const keep = (answer: { status: number; body: string }) => {
        statuses.push(answer.status);
        bodies.push(answer.body);
        return answer;
      };
      expect(keep(await applyThrough(server.port, host, target, clock, { ...fields, website: MARK })).status).toBe(303);
      const farm = `${MARK} http://a.example http://b.example http://c.example http://d.example`;
      const farmField = target === '/forms/apply' ? 'q-household' : 'features';
      expect(keep(await applyThrough(server.port, host, target, clock, { ...fields, [farmField]: farm })).status).toBe(
        400,
      );
      const { token } = await openForm(server.port, host, target);
      clock.advance(5_000);
      const invalid = Buffer.concat([
        Buffer.from(`${formBody({ token, consent: 'yes', ...fields })}&place=`),
        Buffer.from([0xc3, 0x28]),
      ]);
      expect(keep(await postForm(server.port, host, target, invalid)).status).toBe(400);
      const escaped = `${formBody({ token, consent: 'yes', ...fields })}&place=%C3%28`;
      expect(keep(await postForm(server.port, host, target, escaped)).status).toBe(400);
      const huge = await postForm(server.port, host, target, Buffer.alloc(2 * 1024 * 1024, 'a'));
      expect([0, 413]).toContain(keep(huge).status);
      const forged = formBody({ token: `${token.split('.')[0]}.forged`, consent: 'yes', ...fields });
      expect(keep(await postForm(server.port, host, target, forged)).status).toBe(400);
      const fresh = await openForm(server.port, host, target);
      const tooFast = formBody({ token: fresh.token, consent: 'yes', ...fields });
      expect(keep(await postForm(server.port, host, target, tooFast)).status).toBe(400);
      expect(statuses.every((status) => status < 500)).toBe(true);
      for (const body of bodies) expect(body).not.toContain('zq');
      expect(stored()).toEqual(before);
    });
  }

  it('200 posts from one address: the day’s limit refuses them, and still does after a restart', async () => {
    clock.advance(DAY);
    const before = stored();
    const honeypotted = { ...FINDER, website: 'http://spam.example' };
    const statuses = new Map<number, number>();
    for (let post = 0; post < 200; post++) {
      const target = post % 2 === 0 ? '/forms/lost' : '/forms/apply';
      const fields = target === '/forms/apply' ? { ...APPLICANT, website: 'x' } : honeypotted;
      const answer = await applyThrough(server.port, host, target, clock, fields);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    }
    const { perAddressPerDay } = server.engine.services.frontDoor.form('apply').limits;
    expect(statuses.get(429)).toBe(200 - perAddressPerDay);
    expect([...statuses.keys()].every((status) => status < 500)).toBe(true);
    expect(stored()).toEqual(before);

    await server.stop();
    const restarted = await startApiServer({ dataDir, environment: 'production', port: 0, clock });
    try {
      const after = await applyThrough(restarted.port, host, '/forms/lost', clock, FINDER);
      expect(after.status).toBe(429);
      expect(restarted.engine.services.lostFound.list()).toHaveLength(before.reports);
      expect((await siteRequest(restarted.port, host, '/')).status).toBe(200);
    } finally {
      await restarted.stop();
      // The first server was stopped above: afterAll's stop finds it so.
      server = { ...server, stop: async () => undefined };
    }
  });
});
