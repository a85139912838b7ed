/**
 * The review queue: link to a person (the duplicate question), states each recorded, home visit,
 * approval as a reservation (the site's page then says the adoption is under way), the waiting list
 * that survives a return, retention on the moved clock, "forget", and no submission value in anything
 * published or exported.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/api-server';
import { applyThrough } from '../helpers/front-door';
import { filesOf, portalExports, publicApiAnswers, secretChecker } from '../helpers/published-files';
import { siteRequest } from '../helpers/site-http';
import { deployedProject } from '../helpers/site-project';

let server: TestServer;
let host: string;
let petId: number;
let slug: string;

const DAY = 24 * 60 * 60 * 1000;
const SECRETS = [
  'Quentin Marmelade',
  'quentin@marmelade.example',
  '0470 11 22 33',
  'Xertigny',
  'Zoé Brioche',
  'zoe@brioche.example',
  'Wolfhound-Q',
];

async function apply(fields: Record<string, string>) {
  const answer = await applyThrough(server.port, host, `/forms/apply?pet=${petId}`, server.clock, fields);
  expect(answer.status).toBe(303);
  return server.engine.services.frontDoor.list()[0]!;
}

beforeAll(async () => {
  server = await startTestServer();
  const { services, sites } = server.engine;
  services.shelter.set({ name: 'Refuge de Lyon', language: 'fr' });
  const { project } = await deployedProject(server.engine, server.dataDir, { name: 'Refuge de Lyon' });
  slug = project.slug;
  petId = services.movements.intake({ pet: { name: 'Noisette', categoryId: 1 }, type: 'stray' }, 'cli').petId;
  services.pets.changeStatus(petId, 'available');
  await sites.projects.deployAdoptionPage(project.slug);
  host = `${project.slug}.localhost`;
});

afterAll(() => server.stop());

describe('the review queue', () => {
  let first: number;
  let second: number;

  it('links an application to the person the duplicate question finds, records a home visit, approves it as a reservation', async () => {
    const { frontDoor, people } = server.engine.services;
    const known = people.add({
      name: 'Quentin Marmelade',
      email: 'quentin@marmelade.example',
      postcode: '88220',
    }).person;
    first = (
      await apply({
        name: 'Quentin Marmelade',
        email: 'Quentin@Marmelade.example',
        phone: '0470 11 22 33',
        postcode: '88220',
        'q-household': 'Xertigny, two adults',
      })
    ).id;
    second = (await apply({ name: 'Zoé Brioche', email: 'zoe@brioche.example', 'q-household': 'Wolfhound-Q' })).id;
    const shown = frontDoor.show(first);
    expect(shown.duplicates.map((warning) => warning.personId)).toEqual([known.id]);
    frontDoor.linkPerson(first, known.id);
    frontDoor.setState(first, 'in_review');
    // Booked by the engine's clock (here the test's), never the window's.
    expect(frontDoor.bookVisit(first).visit.bookedFor).toBe(server.clock.now() + DAY);
    frontDoor.recordVisit(first, 'Garden fenced, calm flat.');
    const approved = frontDoor.approve(first, 'window');
    expect(approved).toMatchObject({ state: 'approved', reservationMade: true, personId: known.id });
    expect(server.engine.services.pets.get(petId)?.status).toBe('pending');
    expect(frontDoor.show(first).events.map((event) => event.to)).toEqual([
      'new',
      'in_review',
      'home_visit',
      'approved',
    ]);
    await server.engine.sites.projects.deployAdoptionPage(slug);
    const pages = await siteRequest(server.port, host, '/');
    expect(pages.status).toBe(200);
    const site = path.join(server.dataDir, 'sites', 'production');
    const petPages = [...filesOf(site)].filter(
      ([file, text]) => file.endsWith('.html') && text.includes('<h1>Noisette</h1>'),
    );
    expect(petPages.some(([, text]) => text.includes('Adoption en cours'))).toBe(true);
  });

  it('the other waits in the animal’s list, first in line, also after the animal comes back', () => {
    const { frontDoor, movements } = server.engine.services;
    const waiting = frontDoor.forPet(petId);
    expect(waiting.waiting.map((submission) => submission.id)).toEqual([second]);
    expect(waiting.closed.map((submission) => submission.id)).toEqual([first]);
    const personId = frontDoor.show(first).personId!;
    movements.adopt({ petId, personId, fee: 80, feeMethod: 'card' }, 'cli');
    movements.returnAfterAdoption({ petId, reason: 'allergies' }, 'cli');
    expect(frontDoor.forPet(petId).waiting[0]?.id).toBe(second);
  });

  it('a declined application is gone after the consent’s period, on the moved clock; a person forgotten takes theirs', () => {
    const { frontDoor, people } = server.engine.services;
    frontDoor.setState(second, 'declined', 'Not this time');
    server.clock.advance(27 * DAY);
    expect(frontDoor.list().map((submission) => submission.id)).toContain(second);
    server.clock.advance(2 * DAY);
    expect(frontDoor.list().map((submission) => submission.id)).not.toContain(second);
    const personId = frontDoor.show(first).personId!;
    people.forget(personId);
    expect(frontDoor.list()).toEqual([]);
  });
});

describe('no submission value reaches anything published or exported', () => {
  it('the site, the public API, the portals’ files', async () => {
    const { frontDoor } = server.engine.services;
    // Submissions present while everything is written.
    await apply({
      name: 'Zoé Brioche',
      email: 'zoe@brioche.example',
      phone: '0470 11 22 33',
      'q-household': 'Wolfhound-Q Xertigny',
    });
    await server.engine.sites.projects.deployAdoptionPage(slug);
    expect(frontDoor.list()).toHaveLength(1);
    const check = secretChecker(SECRETS);
    for (const [file, text] of filesOf(path.join(server.dataDir, 'sites'))) check(file, text);
    for (const [target, text] of await publicApiAnswers(server, server.key)) check(target, text);
    const out = path.join(server.dataDir, 'portal-files');
    for (const [file, text] of portalExports(server, out)) check(file, text);
  });
});
