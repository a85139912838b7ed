/**
 * The unsubscribe link on the adoption site's own host: GET asks (a scanner fetching the link
 * unsubscribes nobody), POST — the button or a mail client's one-click (RFC 8058) — records the
 * opt-out once, in the person's language, escaped; a token nobody has gets the same page, never
 * reflected; the body is bounded and the address counted per day.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { UNSUBSCRIBE_PER_ADDRESS_PER_DAY } from '../../src/main/http/sites/unsubscribe';
import { startTestServer, type TestServer } from '../helpers/api-server';
import { postForm } from '../helpers/front-door';
import { siteRequest } from '../helpers/site-http';
import { deployedProject } from '../helpers/site-project';

const DAY = 86_400_000;
const ONE_CLICK = 'List-Unsubscribe=One-Click';
let server: TestServer;
let host: string;

beforeAll(async () => {
  server = await startTestServer();
  const { services, sites } = server.engine;
  services.shelter.set({ name: 'Refuge <Lyon> & Co', language: 'fr' });
  const { project } = await deployedProject(server.engine, server.dataDir, { name: 'Refuge de Lyon' });
  await sites.projects.deployAdoptionPage(project.slug);
  host = `${project.slug}.localhost`;
});
afterAll(() => server.stop());

function person(name: string, email: string) {
  const { people, outbox } = server.engine.services;
  const id = people.add({ name, email }).person.id;
  return { id, token: outbox.unsubscribeToken(id) };
}

const optedOutAt = (personId: number) =>
  (
    server.engine.sqlite
      .prepare('SELECT opted_out_at AS at FROM mail_recipients WHERE person_id = ?')
      .get(personId) as {
      at: number | null;
    }
  ).at;

it('GET asks in the person’s language and records nothing; POST records the opt-out once, the first time kept', async () => {
  const { outbox } = server.engine.services;
  const helene = person('Hélène', 'helene@example.test');
  outbox.setLanguage(helene.id, 'de');
  const asked = await siteRequest(server.port, host, `/mail/unsubscribe/${helene.token}`);
  expect(asked.status).toBe(200);
  expect(asked.body).toContain('<html lang="de">');
  expect(asked.body).toContain('Keine Nachrichten mehr von Refuge &lt;Lyon&gt; &amp; Co?');
  expect(asked.body).toContain('method="post"');
  expect(asked.body).not.toContain(helene.token);
  expect(asked.headers['cache-control']).toBe('no-store');
  expect(asked.headers['referrer-policy']).toBe('no-referrer');
  expect(optedOutAt(helene.id)).toBeNull();

  const done = await postForm(server.port, host, `/mail/unsubscribe/${helene.token}`, ONE_CLICK);
  expect(done.status).toBe(200);
  expect(done.body).toContain('Sie sind abgemeldet');
  expect(done.body).not.toContain(helene.token);
  const first = optedOutAt(helene.id);
  expect(first).toBe(server.clock.now());
  server.clock.advance(60_000);
  expect((await postForm(server.port, host, `/mail/unsubscribe/${helene.token}`, ONE_CLICK)).status).toBe(200);
  expect(optedOutAt(helene.id)).toBe(first);
  expect(outbox.optedOut(helene.id)).toBe(true);
});

it('a token nobody has, or no token at all: the same neutral page in the shelter’s language, nothing reflected', async () => {
  const known = person('Karim', 'karim@example.test');
  const forged = 'A'.repeat(32);
  const shapes = [forged, '<script>alert(1)</script>', '%3Cb%3E', ''];
  const knownPage = (await postForm(server.port, host, `/mail/unsubscribe/${known.token}`, ONE_CLICK)).body;
  for (const token of shapes) {
    const asked = await siteRequest(server.port, host, `/mail/unsubscribe/${token}`);
    const done = await postForm(server.port, host, `/mail/unsubscribe/${token}`, ONE_CLICK);
    expect([asked.status, done.status]).toEqual([200, 200]);
    expect(done.body).toBe(knownPage);
    expect(asked.body).toContain('Ne plus recevoir de messages de Refuge &lt;Lyon&gt; &amp; Co ?');
    for (const body of [asked.body, done.body]) {
      expect(body).not.toContain('<script>alert');
      if (token) expect(body).not.toContain(token);
    }
  }
});

it('a body over 1 KiB is refused unread; past the day’s count an address waits for tomorrow, with Retry-After', async () => {
  const zoe = person('Zoé', 'zoe@example.test');
  server.clock.advance(DAY);
  const large = await postForm(server.port, host, `/mail/unsubscribe/${zoe.token}`, 'x'.repeat(4096));
  expect(large.status).toBe(413);
  expect(optedOutAt(zoe.id)).toBeNull();
  for (let n = 0; n < UNSUBSCRIBE_PER_ADDRESS_PER_DAY; n += 1)
    expect((await siteRequest(server.port, host, `/mail/unsubscribe/${'B'.repeat(32)}`)).status).toBe(200);
  const refused = await postForm(server.port, host, `/mail/unsubscribe/${zoe.token}`, ONE_CLICK);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect(refused.body).toContain('Trop de demandes');
  expect(optedOutAt(zoe.id)).toBeNull();
  server.clock.advance(DAY);
  expect((await postForm(server.port, host, `/mail/unsubscribe/${zoe.token}`, ONE_CLICK)).status).toBe(200);
  expect(optedOutAt(zoe.id)).not.toBeNull();
});
