import fs from 'node:fs';
import path from 'node:path';
import type { Locator } from '@playwright/test';
import {
  apiPort,
  backdateCertificateRequest,
  closeToasts,
  cliJson,
  createSiteProject,
  deployAdoptionSite,
  expect,
  goTo,
  notification,
  openDesk,
  test,
} from './fixtures';

/** Every check below runs at both sizes the screenshots are taken at. */
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1000, height: 700 },
] as const;

/**
 * What is cut or pushed off-screen inside `area`: each badge, button, input, record value and
 * test-marked cell must show all of its content (scrollWidth <= clientWidth) and lie within the
 * viewport's width; and the page itself must not scroll sideways.
 */
async function cutOrOutside(area: Locator): Promise<string[]> {
  return area.evaluate((root) => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width)
      problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    const selector =
      '.mantine-Badge-root, .mantine-Badge-label, button, .mantine-Button-label, input:not([type="radio"]):not([type="checkbox"]), code, a, [data-testid]';
    for (const element of root.querySelectorAll<HTMLElement>(selector)) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === 'hidden') continue;
      const name = `${element.tagName.toLowerCase()}${element.dataset.testid ? `[${element.dataset.testid}]` : ''} “${(element.textContent ?? '').trim().slice(0, 50)}”`;
      if (element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1)
        problems.push(`${name} is cut: scrollWidth ${element.scrollWidth} > clientWidth ${element.clientWidth}`);
      if (box.left < -0.5 || box.right > width + 0.5)
        problems.push(
          `${name} lies outside the viewport: ${Math.round(box.left)}–${Math.round(box.right)} of ${width}`,
        );
    }
    return problems;
  });
}

for (const size of SIZES) {
  test.describe(`Sites at ${size.width}x${size.height}`, () => {
    test.use({ siteDns: true, explicitPorts: true });

    test('addresses carry the server’s port; one card per domain and the deploys fit whole; removing a primary offers a successor', async ({
      page,
      desk,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(size);
      const port = apiPort(desk);
      const project = await createSiteProject(desk, { name: 'Happy Tails', plan: 'pro' });
      await desk.cli('deploy', project.slug, '--adoption-page');
      await desk.cli('deploy', project.slug, '--adoption-page');
      const target = `${project.slug}.localhost`;
      const long = 'adopt-a-senior-dog.the-longest-shelter-name-in-town.test';
      desk.dns!.zone = {
        'www.happytails.test': { CNAME: target },
        'happytails.test': { A: '127.0.0.1' },
        'shop.happytails.test': { A: '203.0.113.7' },
      };
      for (const name of ['www.happytails.test', 'happytails.test', 'shop.happytails.test', long])
        await desk.cli('domains', 'add', project.slug, name);
      for (const name of ['www.happytails.test', 'happytails.test', 'shop.happytails.test', long])
        await desk.cli('domains', 'verify', name);
      const annex = await cliJson<{ slug: string }>(
        desk,
        'projects',
        'create',
        '--account',
        String(project.accountId),
        '--name',
        'Paws Annex',
      );

      await openDesk(page, desk);
      await goTo(page, 'Sites');
      await page.getByRole('button', { name: 'Open Happy Tails', exact: true }).click();
      const www = page.getByTestId('domain-row-www.happytails.test');
      await expect(www.getByTestId('certificate-state')).toHaveText('certificate issued', { timeout: 15_000 });
      await expect(page.getByTestId(`domain-row-${long}`).getByTestId('domain-status')).toHaveText('pending');
      await expect(page.getByTestId('domain-row-shop.happytails.test').getByTestId('domain-status')).toHaveText(
        'conflict',
      );

      // The addresses are the ones that work, with the port the server listens on; the
      // project's address is its verified primary domain, not <slug>.localhost.
      await expect(page.getByTestId('live-url')).toHaveText(`http://www.happytails.test:${port}/`);
      await expect(www.getByTestId('domain-address')).toHaveText(`http://www.happytails.test:${port}/`);

      // Every card shows its name, badges, record and actions whole (within the viewport's width), and so do the deploys.
      for (const card of await page.getByTestId('domain-cards').locator('[data-testid^="domain-row-"]').all()) {
        for (const action of ['Verify', 'Remove'])
          await expect(card.getByRole('button', { name: new RegExp(`^${action} `) })).toBeVisible();
      }
      await expect(
        page
          .getByTestId('domain-row-happytails.test')
          .getByRole('button', { name: 'Make happytails.test primary', exact: true }),
      ).toBeVisible();
      await closeToasts(page);
      expect(await cutOrOutside(page.getByTestId('domains-panel'))).toEqual([]);
      expect(await cutOrOutside(page.getByTestId('project-panel'))).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`domains-${size.width}.png`), fullPage: true });
      await expect(page.getByTestId('deploy-row-2').getByTestId('deploy-outcome')).toHaveText('succeeded');

      // The primary has redirects: the dialog offers a successor, in the window's words.
      await www.getByRole('button', { name: 'Remove www.happytails.test', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove www.happytails.test?' });
      await expect(dialog.getByTestId('remove-primary-explained')).toContainText(
        `www.happytails.test is the primary domain: ${long}, happytails.test, shop.happytails.test redirect to it.`,
      );
      await expect(dialog.getByRole('radio', { name: 'happytails.test', exact: true })).toBeChecked();
      expect(await cutOrOutside(dialog)).toEqual([]);
      await expect(dialog).not.toContainText('promote');
      await page.screenshot({ path: test.info().outputPath(`remove-primary-${size.width}.png`) });
      await dialog
        .getByRole('button', { name: 'Make happytails.test primary and remove www.happytails.test', exact: true })
        .click();
      await expect(dialog).toBeHidden();
      await expect(www).toBeHidden();
      await expect(page.getByTestId('domain-row-happytails.test').getByTestId('domain-role')).toHaveText('primary');
      await expect(notification(page, /domains promote/)).toHaveCount(0);
      const left = await cliJson<{ name: string; role: string }[]>(desk, 'domains', 'list');
      expect(left.map(({ name, role }) => `${name} ${role}`).sort()).toEqual([
        `${long} redirect`,
        'happytails.test primary',
        'shop.happytails.test redirect',
      ]);

      // Addresses again: a project with nothing published and no domain names its address with the port.
      await page.getByRole('button', { name: 'Open Paws Annex', exact: true }).click();
      await expect(page.getByTestId('live-url-none')).toHaveText(
        `Not published yet: deploy it to serve http://${annex.slug}.localhost:${port}/`,
      );
      await expect(page.getByTestId('site-address')).toHaveText(`http://${annex.slug}.localhost:${port}/`);
      await expect(page.getByTestId('no-domains-explained')).not.toContainText('<sites host>');
    });

    test('ACME on the Server page: Let’s Encrypt staging by default, production in one click, the extra CA file checked', async ({
      page,
      desk,
    }) => {
      await page.setViewportSize(size);
      await openDesk(page, desk);
      await goTo(page, 'Server');
      await page.getByRole('checkbox', { name: /Get certificates from an ACME CA/ }).check();
      const directory = page.getByRole('textbox', { name: 'ACME directory URL', exact: true });
      await expect(directory).toHaveValue('https://acme-staging-v02.api.letsencrypt.org/directory');
      await expect(page.getByTestId('acme-directory-says')).toContainText('Staging');
      await page.getByTestId('acme-directory-choice').getByText('Let’s Encrypt production', { exact: true }).click();
      await expect(directory).toHaveValue('https://acme-v02.api.letsencrypt.org/directory');
      await page.getByTestId('acme-directory-choice').getByText('Let’s Encrypt staging', { exact: true }).click();
      await expect(directory).toHaveValue('https://acme-staging-v02.api.letsencrypt.org/directory');

      await page.getByRole('textbox', { name: 'Contact email', exact: true }).fill('ops@happytails.test');
      await page.getByRole('checkbox', { name: 'I agree to the CA’s terms of service' }).check();
      const caFile = page.getByRole('textbox', { name: 'Extra CA file (PEM)', exact: true });
      const save = page.getByRole('button', { name: 'Save and restart', exact: true });
      const missing = path.join(desk.dataDir, 'no-such-ca.pem');
      await caFile.fill(missing);
      await save.click();
      await expect(
        page.getByText(`Nothing readable at ${missing} on the computer running Adoption Desk`),
      ).toBeVisible();
      const notPem = path.join(desk.dataDir, 'notes.txt');
      fs.writeFileSync(notPem, 'just some notes\n');
      await caFile.fill(notPem);
      await save.click();
      await expect(page.getByText(`${notPem} is not a certificate file`)).toBeVisible();
      expect(fs.existsSync(path.join(desk.dataDir, 'settings.json'))).toBe(false);
      await closeToasts(page);
      expect(await cutOrOutside(page.locator('form'))).toEqual([]);

      const pem = path.join(desk.dataDir, 'test-ca.pem');
      fs.writeFileSync(pem, await desk.cli('certificates', 'ca'));
      await caFile.fill(pem);
      await save.click();
      await expect
        .poll(() =>
          fs.existsSync(path.join(desk.dataDir, 'settings.json'))
            ? JSON.parse(fs.readFileSync(path.join(desk.dataDir, 'settings.json'), 'utf8')).acme
            : null,
        )
        .toEqual({
          directoryUrl: 'https://acme-staging-v02.api.letsencrypt.org/directory',
          email: 'ops@happytails.test',
          termsAgreed: true,
          caFile: pem,
        });
    });

    test('the 30-minute prompt, reached as the certificates guide says: an ACME directory that is none, then 31 minutes', async ({
      page,
      desk,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(size);
      const notAcme = `${new URL(desk.apiUrl.production).origin}/not-an-acme-directory`;
      await openDesk(page, desk);
      await goTo(page, 'Server');
      await page.getByRole('checkbox', { name: /Get certificates from an ACME CA/ }).check();
      await page.getByTestId('acme-directory-choice').getByText('Another CA', { exact: true }).click();
      await page.getByRole('textbox', { name: 'ACME directory URL', exact: true }).fill(notAcme);
      await page.getByRole('textbox', { name: 'Contact email', exact: true }).fill('ops@rivershelter.test');
      await page.getByRole('checkbox', { name: 'I agree to the CA’s terms of service' }).check();
      await page.getByRole('button', { name: 'Save and restart', exact: true }).click();
      const settingsFile = path.join(desk.dataDir, 'settings.json');
      await expect
        .poll(() =>
          fs.existsSync(settingsFile) ? JSON.parse(fs.readFileSync(settingsFile, 'utf8')).acme?.directoryUrl : null,
        )
        .toBe(notAcme);

      const project = await deployAdoptionSite(desk, 'River Shelter');
      desk.dns!.zone = { 'www.rivershelter.test': { CNAME: `${project.slug}.localhost` } };
      await desk.cli('domains', 'add', project.slug, 'www.rivershelter.test');
      await desk.cli('domains', 'verify', 'www.rivershelter.test');
      await goTo(page, 'Sites');
      const card = page.getByTestId('domain-row-www.rivershelter.test');
      await expect(card.getByTestId('certificate-state')).toHaveText('failed', { timeout: 30_000 });
      await expect(card.getByTestId('certificate-reason')).toContainText(
        `Attempting to read ACME directory returned error 404: ${notAcme}`,
      );
      await expect(card.getByTestId('certificate-reverify')).toBeHidden();

      // 31 minutes of real time (certificates never follow the lab clock).
      backdateCertificateRequest(desk, 'www.rivershelter.test', 31);
      // The window polls a failed certificate every 30 s; a reload reads the moved moments at once.
      await page.reload();
      await goTo(page, 'Sites');
      const prompt = card.getByTestId('certificate-reverify');
      await expect(prompt).toContainText('Verified over 30 minutes ago and still no certificate', { timeout: 15_000 });
      await closeToasts(page);
      expect(await cutOrOutside(page.getByTestId('domains-panel'))).toEqual([]);
      expect(await desk.cli('certificates', 'list')).toMatch(/www\.rivershelter\.test .* failed \(re-verify\)/);

      // Back on the local CA, Re-verify issues at once.
      await goTo(page, 'Server');
      await page.getByRole('checkbox', { name: /Get certificates from an ACME CA/ }).uncheck();
      await page.getByRole('button', { name: 'Save and restart', exact: true }).click();
      await expect.poll(() => JSON.parse(fs.readFileSync(settingsFile, 'utf8')).acme).toBeUndefined();
      await goTo(page, 'Sites');
      await closeToasts(page);
      await prompt.getByRole('button', { name: 'Re-verify', exact: true }).click();
      await expect(card.getByTestId('certificate-state')).toHaveText('certificate issued', { timeout: 15_000 });
    });
  });
}
