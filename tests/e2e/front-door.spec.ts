/**
 * The front door's story, end to end: on the French site at 390 px a visitor applies for Noisette
 * with JavaScript off and another with it on; the desk at 1000×700 sees both come in without a
 * reload, links the first to the person already in the register, books and records the home visit
 * and approves — the site's page then says "Adoption en cours" — while the other waits first in
 * Noisette's list; declined, it is gone once the lab clock passes the consent's period. A spam run
 * (honeypot, forged token, link farm, wrong type, oversized body) puts nothing in the queue.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { postForm } from '../helpers/front-door';
import { siteRequest } from '../helpers/site-http';
import {
  adminCall,
  apiPort,
  deployAdoptionSite,
  expect,
  importPets,
  openDesk,
  test,
  type DeskServer,
} from './fixtures';

const PHONE = { width: 390, height: 844 };
const environment = 'production';

test.use({ viewport: { width: 1000, height: 700 } });

async function publishFrenchSite(desk: DeskServer): Promise<{ site: string; host: string; noisette: number }> {
  await desk.cli('shelter', 'set', '--name', 'Refuge des Pattes Amies de Lyon', '--language', 'fr');
  const [noisette] = await importPets(desk, [
    { name: 'Noisette', categoryId: 1 },
    { name: 'Brutus', categoryId: 1 },
  ]);
  // A person's fill time is not this story's subject (the spam run's is): the form takes a post at once.
  const form = await adminCall(desk, 'forms.get', { environment, kind: 'apply' });
  const { kind, ...settings } = form;
  void kind;
  await adminCall(desk, 'forms.set', {
    environment,
    kind: 'apply',
    form: { ...settings, limits: { ...settings.limits, minFillSeconds: 0, perAddressPerDay: 50 } },
  });
  const { site, host } = await deployAdoptionSite(desk, 'Refuge');
  return { site, host, noisette: noisette!.id };
}

/** A visitor on a phone opens Noisette's page from the site's index and fills in her application form. */
async function applyForNoisette(page: Page, site: string, visitor: { name: string; email: string }): Promise<void> {
  await page.goto(`${site}/`);
  await page
    .getByRole('link', { name: /Noisette/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Noisette' })).toBeVisible();
  await page.getByRole('link', { name: 'Demander à adopter Noisette' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Demande d’adoption pour Noisette' })).toBeVisible();
  await page.getByLabel('Nom et prénom').fill(visitor.name);
  await page.getByLabel('Adresse e-mail').fill(visitor.email);
  await page.getByLabel('Qui vit dans votre foyer ?').fill('Deux adultes, un appartement avec balcon');
  await page.getByRole('checkbox', { name: 'J’accepte' }).check();
  await page.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Merci' })).toBeVisible();
}

async function phone(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled, viewport: PHONE, locale: 'fr-FR' });
  return { context, page: await context.newPage() };
}

async function expectAxeClean(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`),
  ).toEqual([]);
}

test('two visitors apply for Noisette, one without JavaScript; the desk links, visits, approves and lets the other wait', async ({
  page,
  browser,
  desk,
}) => {
  test.setTimeout(180_000);
  const { site, host, noisette } = await publishFrenchSite(desk);
  const known = await adminCall(desk, 'people.add', {
    environment,
    person: { name: 'Camille Martin', email: 'camille.martin@example.fr', roles: ['adopter'] },
  });

  await openDesk(page, desk);
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Incoming', exact: true }).click();
  await expect(page.getByText("Nothing has come in through the site's forms yet.")).toBeVisible();
  const queue = page.getByRole('table', { name: 'Incoming' });

  const withoutScript = await phone(browser, false);
  try {
    await applyForNoisette(withoutScript.page, site, { name: 'Camille Martin', email: 'camille.martin@example.fr' });
  } finally {
    await withoutScript.context.close();
  }
  await expect(queue.getByRole('button', { name: 'Camille Martin' })).toBeVisible();

  const withScript = await phone(browser, true);
  try {
    // With JavaScript the form says what is missing before anything is sent.
    await withScript.page.goto(`${site}/forms/apply?pet=${noisette}`);
    await expectAxeClean(withScript.page);
    await withScript.page.getByRole('button', { name: 'Envoyer' }).click();
    await expect(withScript.page.getByRole('alert')).toHaveText('Merci de remplir tous les champs obligatoires.');
    await expect(withScript.page.getByLabel('Nom et prénom')).toBeFocused();
    await applyForNoisette(withScript.page, site, { name: 'Louis Bernard', email: 'louis.bernard@example.fr' });
  } finally {
    await withScript.context.close();
  }
  await expect(queue.getByRole('button', { name: 'Louis Bernard' })).toBeVisible();
  await expect(queue.getByRole('row')).toHaveCount(3);

  // The spam run: each post refused (or, for the honeypot, thanked and dropped); the queue keeps its two.
  const target = `/forms/apply?pet=${noisette}`;
  const token = /name="token" value="([^"]+)"/.exec((await siteRequest(apiPort(desk), host, target)).body)?.[1] ?? '';
  const fields = (extra: Record<string, string>) =>
    new URLSearchParams({
      name: 'Robot',
      email: 'robot@spam.example',
      'q-household': 'cheap pills',
      consent: 'yes',
      token,
      ...extra,
    }).toString();
  const spam = [
    await postForm(apiPort(desk), host, target, fields({ website: 'http://spam.example' })),
    await postForm(apiPort(desk), host, target, fields({ token: 'forged.token' })),
    await postForm(
      apiPort(desk),
      host,
      target,
      fields({ 'q-household': 'http://a.example http://b.example http://c.example http://d.example' }),
    ),
    await postForm(apiPort(desk), host, target, fields({}), { 'content-type': 'text/plain' }),
    await postForm(apiPort(desk), host, target, fields({ 'q-household': 'x'.repeat(70_000) })),
    await postForm(apiPort(desk), host, target, fields({ name: '<script>alert(1)</script>', consent: '' })),
  ];
  // The oversized body may find the connection closed before its answer is read (status 0).
  expect(spam.map((answer) => answer.status)).toEqual([303, 400, 400, 415, spam[4]!.status === 0 ? 0 : 413, 400]);
  expect(spam.map((answer) => answer.body).join('')).not.toContain('<script>alert');
  expect(await adminCall(desk, 'applications.list', { environment, filter: {} })).toHaveLength(2);
  await expect(queue.getByRole('row')).toHaveCount(3);

  // The first: the duplicate question answered by linking the person already in the register.
  await queue.getByRole('button', { name: 'Camille Martin' }).click();
  const camille = page.getByRole('region', { name: "Camille Martin's submission" });
  await expect(camille.getByText('May be Camille Martin, already in the register.')).toBeVisible();
  await camille.getByRole('button', { name: 'Link to Camille Martin' }).click();
  await expect(camille.getByText('Linked to a person of the register.')).toBeVisible();
  await camille.getByRole('button', { name: 'Start the review' }).click();
  await camille.getByRole('button', { name: 'Book a home visit' }).click();
  await expect(queue.getByRole('row', { name: /Camille Martin/ })).toContainText('Home visit');
  await camille.getByLabel('Home visit notes').fill('Balcon sécurisé, appartement calme.');
  await camille.getByRole('button', { name: 'Record the visit' }).click();
  await expect(camille.getByRole('button', { name: 'Record the visit' })).toBeHidden();
  await camille.getByRole('button', { name: 'Approve and reserve' }).click();
  await expect(queue.getByRole('row', { name: /Camille Martin/ })).toContainText('Approved');

  const [approved] = await adminCall(desk, 'applications.list', { environment, filter: { state: 'approved' } });
  expect(approved).toMatchObject({
    personId: known.person.id,
    reservationMade: true,
    visit: { notes: expect.any(String) },
  });
  // Booked by the engine's clock: the next day, not the window's idea of now.
  expect(approved!.visit.bookedFor! - approved!.visit.doneAt!).toBeGreaterThan(23 * 60 * 60 * 1000);

  // The site follows the records by itself: Noisette's page says her adoption is under way.
  const visitor = await phone(browser, false);
  try {
    await expect
      .poll(
        async () => {
          await visitor.page.goto(`${site}/`);
          await visitor.page
            .getByRole('link', { name: /Noisette/ })
            .first()
            .click();
          return visitor.page.getByRole('main').textContent();
        },
        { timeout: 30_000 },
      )
      .toContain('Adoption en cours');
  } finally {
    await visitor.context.close();
  }

  // The other waits, first in Noisette's list.
  await page.evaluate((id) => (location.hash = `#/pets/${id}`), noisette);
  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect(page.getByTestId('pet-next-in-line')).toHaveText('Next in line: Louis Bernard');

  // Declined, it stays for the consent's period (28 days), and is gone once the lab clock passes it.
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Incoming', exact: true }).click();
  await queue.getByRole('button', { name: 'Louis Bernard' }).click();
  const louis = page.getByRole('region', { name: "Louis Bernard's submission" });
  await louis.getByRole('button', { name: 'Decline' }).click();
  await expect(queue.getByRole('row', { name: /Louis Bernard/ })).toContainText('Declined');
  await adminCall(desk, 'lab.moveClock', { environment, move: 'on' });
  await adminCall(desk, 'lab.advanceClock', { environment, duration: '27d' });
  await expect(page.getByTestId('lab-clock-banner')).toBeVisible();
  await expect(queue.getByRole('row', { name: /Louis Bernard/ })).toBeVisible();
  await adminCall(desk, 'lab.advanceClock', { environment, duration: '2d' });
  await expect(queue.getByRole('button', { name: 'Louis Bernard' })).toHaveCount(0);
  await expect(queue.getByRole('button', { name: 'Camille Martin' })).toBeVisible();
});
