/**
 * The public forms on the adoption site's own host: a visitor's application reaches the queue; the
 * spam run (honeypot, 200 posts from one address, link farms, 2 MiB, invalid UTF-8) reaches nothing;
 * no answer repeats what was sent; a paused animal's page says so and its form refuses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/api-server';
import { applyThrough, formBody, openForm, postForm } from '../helpers/front-door';
import { siteRequest } from '../helpers/site-http';
import { deployedProject } from '../helpers/site-project';

let server: TestServer;
let host: string;
let petId: number;

const VISITOR = { name: 'Amélie Poulain', email: 'amelie@example.fr', phone: '06 12 34 56 78', postcode: '69001' };

beforeAll(async () => {
  server = await startTestServer();
  const { services, sites } = server.engine;
  services.shelter.set({ name: 'Refuge de Lyon', language: 'fr' });
  const { project } = await deployedProject(server.engine, server.dataDir, { name: 'Refuge de Lyon' });
  petId = services.pets.create({ name: 'Noisette', categoryId: 1, status: 'available' }).id;
  await sites.projects.deployAdoptionPage(project.slug);
  host = `${project.slug}.localhost`;
});

afterAll(() => server.stop());

const queue = () => server.engine.services.frontDoor.list();

describe('a visitor applies', () => {
  it('the pet’s page offers its form, in the shelter’s language', async () => {
    const index = await siteRequest(server.port, host, '/');
    expect(index.body).toContain('href="/forms/apply"');
    const { page, token } = await openForm(server.port, host, `/forms/apply?pet=${petId}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Demande d’adoption pour Noisette');
    expect(page.body).toContain('method="post"');
    expect(token).not.toBe('');
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
  });

  it('with JavaScript off: a plain post, a 303 to the thank-you page, one submission in the queue', async () => {
    const answer = await applyThrough(server.port, host, `/forms/apply?pet=${petId}`, server.clock, {
      ...VISITOR,
      'q-household': 'Deux adultes <script>alert(1)</script>',
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/forms/thanks');
    const thanks = await siteRequest(server.port, host, '/forms/thanks');
    expect(thanks.body).toContain('Merci');
    const [submission] = queue();
    expect(submission).toMatchObject({ kind: 'apply', state: 'new', name: 'Amélie Poulain', pet: { id: petId } });
    expect(submission!.answers[0]).toMatchObject({
      question: 'household',
      answer: 'Deux adultes <script>alert(1)</script>',
    });
  });

  it('a required answer left out is refused: the form comes back with what was typed, escaped, and the field marked', async () => {
    const before = queue().length;
    const answer = await applyThrough(server.port, host, `/forms/apply?pet=${petId}`, server.clock, {
      name: 'Zorglub <b>bold</b>"><script>alert(1)</script>',
      email: 'zorglub@example.fr',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).not.toContain('<b>bold</b>');
    expect(answer.body).not.toContain('<script>alert');
    expect(answer.body).toContain(
      'value="Zorglub &lt;b&gt;bold&lt;/b&gt;&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"',
    );
    expect(answer.body).toMatch(/<textarea id="f-q-household"[^>]*aria-invalid="true"/);
    expect(answer.body).toContain('Merci de remplir tous les champs obligatoires');
    expect(queue()).toHaveLength(before);
  });
});

describe('the spam run puts nothing in the queue', () => {
  it('honeypot, link farm, invalid UTF-8, 2 MiB, a forged token, too fast, then 200 posts from one address', async () => {
    const before = queue().length;
    const target = `/forms/apply?pet=${petId}`;
    // A new day's window, with room for each check below before the flood.
    server.clock.advance(24 * 60 * 60 * 1000);
    const { frontDoor } = server.engine.services;
    const { kind, ...apply } = frontDoor.form('apply');
    frontDoor.setForm(kind, { ...apply, limits: { ...apply.limits, perAddressPerDay: 20 } });
    const fields = { ...VISITOR, email: 'bot@example.com', 'q-household': 'two' };
    const honeypot = await applyThrough(server.port, host, target, server.clock, { ...fields, website: 'http://spam' });
    expect(honeypot.status).toBe(303);
    const farm = await applyThrough(server.port, host, target, server.clock, {
      ...fields,
      'q-household': 'http://a.example http://b.example http://c.example http://d.example cheap',
    });
    expect(farm.status).toBe(400);
    const { token } = await openForm(server.port, host, target);
    server.clock.advance(5_000);
    const invalid = await postForm(
      server.port,
      host,
      target,
      Buffer.concat([
        Buffer.from(`${formBody({ token, consent: 'yes', ...fields })}&q-garden=`),
        Buffer.from([0xc3, 0x28]),
      ]),
    );
    expect(invalid.status).toBe(400);
    const escaped = await postForm(
      server.port,
      host,
      target,
      `${formBody({ token, consent: 'yes', ...fields })}&q-garden=%C3%28`,
    );
    expect(escaped.status).toBe(400);
    const huge = await postForm(server.port, host, target, Buffer.alloc(2 * 1024 * 1024, 'a'));
    expect([0, 413]).toContain(huge.status);
    const forged = await postForm(
      server.port,
      host,
      target,
      formBody({ token: `${token.split('.')[0]}.forged`, consent: 'yes', ...fields }),
    );
    expect(forged.status).toBe(400);
    const fresh = await openForm(server.port, host, target);
    const tooFast = await postForm(
      server.port,
      host,
      target,
      formBody({ token: fresh.token, consent: 'yes', ...fields }),
    );
    expect(tooFast.status).toBe(400);
    const statuses = new Map<number, number>();
    for (let post = 0; post < 200; post++) {
      const flood = await openForm(server.port, host, target);
      const answer = await postForm(
        server.port,
        host,
        target,
        formBody({ token: flood.token, consent: 'yes', ...fields }),
      );
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    }
    expect(statuses.get(429)).toBeGreaterThan(180);
    expect(queue()).toHaveLength(before);
    // The next day the address may post again.
    server.clock.advance(24 * 60 * 60 * 1000);
  });

  it('the address’s and the e-mail’s limits are the form’s, set like a plan’s', async () => {
    const { frontDoor } = server.engine.services;
    const { kind, ...foster } = frontDoor.form('foster');
    frontDoor.setForm(kind, { ...foster, limits: { perAddressPerDay: 50, perEmailPerDay: 2, minFillSeconds: 3 } });
    const statuses: number[] = [];
    for (let post = 0; post < 3; post++)
      statuses.push(
        (
          await applyThrough(server.port, host, '/forms/foster', server.clock, {
            ...VISITOR,
            email: 'same@example.fr',
            'q-household': 'un',
          })
        ).status,
      );
    expect(statuses).toEqual([303, 303, 429]);
  });
});

describe('pausing an animal’s applications', () => {
  it('the site’s page says so and the form refuses new ones', async () => {
    const { frontDoor } = server.engine.services;
    const { token } = await openForm(server.port, host, `/forms/apply?pet=${petId}`);
    frontDoor.pause(petId, true);
    server.clock.advance(5_000);
    const refused = await postForm(
      server.port,
      host,
      `/forms/apply?pet=${petId}`,
      formBody({ token, consent: 'yes', ...VISITOR }),
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toContain('Les demandes pour Noisette sont suspendues');
    const content = server.engine.publishing.adoptionSiteContent('http://x', server.clock.now(), 'x');
    expect(content.pets.find((pet) => pet.id === petId)?.applicationsPaused).toBe(true);
    frontDoor.pause(petId, false);
  });
});
