import fs from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import type { Page } from '@playwright/test';
import { siteRequest } from '../helpers/site-http';
import {
  apiPort,
  closeToasts,
  cliJson,
  deployAdoptionSite,
  expect,
  goTo,
  importPets,
  notification,
  openDesk,
  test,
  type DeskServer,
} from './fixtures';

interface Project {
  id: number;
  slug: string;
}

/** A folder of files under the test's data dir, as a person would pick it. */
function siteFolder(desk: DeskServer, name: string, files: Record<string, string>): string {
  const root = path.join(desk.dataDir, 'picked', name);
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  }
  return root;
}

/** What a visitor gets at that Host (the name resolved to this machine, as `curl --resolve` does). */
const visit = (desk: DeskServer, host: string, target = '/') => siteRequest(apiPort(desk), host, target);

async function deployUpload(page: Page, kind: 'folder' | 'zip', file: string): Promise<void> {
  await page.getByRole('button', { name: 'Deploy…', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^Deploy / });
  await dialog.getByText(kind === 'zip' ? 'Upload a .zip' : 'Upload a folder', { exact: true }).click();
  await dialog.getByLabel(kind === 'zip' ? 'Zip file to upload' : 'Folder to upload').setInputFiles(file);
  await expect(dialog.getByTestId('upload-chosen')).toContainText(path.basename(file));
  await dialog.getByRole('button', { name: 'Deploy', exact: true }).click();
}

test('a Free account is refused a domain with the reason; after a plan change: uploads, a failed deploy, the adoption page, rollback', async ({
  page,
  context,
  desk,
}) => {
  test.setTimeout(120_000);
  await cliJson(desk, 'accounts', 'create', '--name', 'Happy Paws', '--plan', 'free');
  await importPets(desk, [
    { name: 'Biscuit', categoryId: 1 },
    { name: 'Luna', categoryId: 2 },
    { name: 'Kiwi', categoryId: 4, status: 'sold' },
  ]);
  await openDesk(page, desk);
  await goTo(page, 'Sites');
  await expect(page.getByText('No sites yet')).toBeVisible();

  // A project: the form validates before anything is sent.
  await page.getByRole('button', { name: 'New project', exact: true }).click();
  const projectDialog = page.getByRole('dialog', { name: 'New project' });
  await projectDialog.getByRole('button', { name: 'Create project', exact: true }).click();
  await expect(projectDialog.getByText('must not be empty')).toBeVisible();
  await expect(projectDialog.getByText('Choose the account the site belongs to')).toBeVisible();
  await projectDialog.getByLabel('Project name').fill('Happy Paws site');
  await projectDialog.getByRole('combobox', { name: 'Account' }).click();
  await page.getByRole('option', { name: 'Happy Paws (Free)', exact: true }).click();
  await projectDialog.getByRole('button', { name: 'Create project', exact: true }).click();
  await expect(projectDialog).toBeHidden();
  const [project] = await cliJson<Project[]>(desk, 'projects', 'list');
  expect(project?.slug).toBe('happy-paws-site');
  const slugHost = `${project!.slug}.localhost`;
  const panel = page.getByTestId('project-panel');
  await expect(panel.getByTestId('live-url-none')).toContainText('Not published yet');

  // Free: refused with the reason, the plan needed and the current one, and a way to change it.
  await page.getByRole('button', { name: 'Add domain', exact: true }).click();
  const domainDialog = page.getByRole('dialog', { name: 'Add a domain to Happy Paws site' });
  await domainDialog.getByRole('textbox', { name: 'Domain' }).fill('www.happypaws.test');
  await domainDialog.getByRole('button', { name: 'Add domain', exact: true }).click();
  const refusal = domainDialog.getByTestId('plan-required');
  await expect(refusal).toContainText('Custom domains need the Pro plan or above');
  await expect(refusal).toContainText('Happy Paws is on the Free plan');
  await expect(domainDialog.getByRole('textbox', { name: 'Domain' })).toHaveValue('www.happypaws.test');
  await refusal.getByRole('button', { name: 'Change the plan of Happy Paws', exact: true }).click();
  const planDialog = page.getByRole('dialog', { name: 'Change the plan of Happy Paws' });
  await planDialog.getByRole('combobox', { name: 'Plan' }).click();
  await page.getByRole('option', { name: /^Pro —/ }).click();
  await planDialog.getByRole('button', { name: 'Change plan', exact: true }).click();
  await expect(planDialog).toBeHidden();
  // Now the plan is right, but nothing is published yet.
  await domainDialog.getByRole('button', { name: 'Add domain', exact: true }).click();
  await expect(domainDialog.getByTestId('domain-refused')).toContainText('A custom domain needs a live deploy');
  await domainDialog.getByRole('button', { name: 'Cancel', exact: true }).click();

  // Upload a folder.
  await deployUpload(
    page,
    'folder',
    siteFolder(desk, 'first-site', { 'index.html': '<h1>Welcome, v1</h1>', 'css/site.css': 'h1 { color: teal }' }),
  );
  await expect(page.getByRole('dialog', { name: /^Deploy / })).toBeHidden();
  const row1 = page.getByTestId('deploy-row-1');
  await expect(row1.getByTestId('deploy-outcome')).toHaveText('succeeded');
  await expect(row1.getByTestId('deploy-live')).toBeVisible();
  await expect(row1).toContainText('upload of folder first-site');
  await expect(row1).toContainText('2');

  // The live URL is a link that serves the site (*.localhost is this machine).
  const link = panel.getByTestId('live-url');
  await expect(link).toHaveAttribute('href', `http://${slugHost}:${apiPort(desk)}/`);
  const visitor = await context.newPage();
  await visitor.goto((await link.getAttribute('href'))!);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Welcome, v1');
  await visitor.close();

  // Upload a zip (made by "compress this folder": one top folder inside).
  const zipFile = path.join(desk.dataDir, 'picked', 'second-site.zip');
  fs.writeFileSync(zipFile, zipSync({ 'second-site/index.html': new TextEncoder().encode('<h1>Welcome, v2</h1>') }));
  await deployUpload(page, 'zip', zipFile);
  await expect(page.getByTestId('deploy-row-2').getByTestId('deploy-live')).toBeVisible();
  await expect(page.getByTestId('deploy-row-2')).toContainText(
    'upload of second-site.zip (folder second-site/ inside)',
  );
  expect((await visit(desk, slugHost)).body).toContain('Welcome, v2');

  // A folder without index.html: the deploy fails with its reason, and deploy 2 stays live.
  await deployUpload(page, 'folder', siteFolder(desk, 'no-index', { 'about.html': '<p>about</p>' }));
  const deployDialog = page.getByRole('dialog', { name: /^Deploy / });
  await expect(deployDialog.getByTestId('deploy-failed')).toContainText(
    'upload of folder no-index has no index.html at its top',
  );
  await expect(deployDialog.getByTestId('deploy-failed')).toContainText('Deploy 2 stays live.');
  await deployDialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(deployDialog).toBeHidden();
  // The warning stays until closed, as every "needs attention" notice does.
  const warning = notification(page, 'Deploy 3 failed');
  await expect(warning).toContainText('The live deploy did not change.');
  await warning.getByRole('button').click();
  await expect(page.getByTestId('deploy-row-3').getByTestId('deploy-outcome')).toHaveText('failed');
  await expect(page.getByTestId('deploy-row-3').getByTestId('deploy-reason')).toContainText('no index.html');
  await expect(panel.getByTestId('latest-deploy-failed')).toContainText('Deploy 2 stays live.');
  await expect(page.getByTestId('deploy-row-2').getByTestId('deploy-live')).toBeVisible();
  expect((await visit(desk, slugHost)).body).toContain('Welcome, v2');

  // The adoption page in one click: the available pets, not the sold one.
  await page.getByRole('button', { name: 'Publish adoption page', exact: true }).click();
  await expect(page.getByTestId('deploy-row-4').getByTestId('deploy-live')).toBeVisible();
  await expect(page.getByTestId('deploy-row-4')).toContainText('adoption page');
  await expect(panel.getByTestId('latest-deploy-failed')).toBeHidden();
  const adoption = await visit(desk, slugHost);
  expect(adoption.body).toContain('Biscuit');
  expect(adoption.body).toContain('Luna');
  expect(adoption.body).not.toContain('Kiwi');

  // Rollback, with confirmation; a failed deploy cannot be chosen.
  await closeToasts(page);
  await expect(page.getByRole('button', { name: 'Roll back to deploy 3', exact: true })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await page.getByRole('button', { name: 'Roll back to deploy 1', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Roll back Happy Paws site to deploy 1?' });
  await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByTestId('deploy-row-4').getByTestId('deploy-live')).toBeVisible();
  await page.getByRole('button', { name: 'Roll back to deploy 1', exact: true }).click();
  await confirm.getByRole('button', { name: 'Roll back', exact: true }).click();
  await closeToasts(page);
  await expect(page.getByTestId('deploy-row-1').getByTestId('deploy-live')).toBeVisible();
  await expect(page.getByTestId('deploy-row-4').getByTestId('deploy-live')).toBeHidden();
  expect((await visit(desk, slugHost)).body).toContain('Welcome, v1');

  // Projects belong to an environment: staging has none.
  await page.getByTestId('environment-switch').getByText('Staging', { exact: true }).click();
  await expect(page.getByText('No sites yet')).toBeVisible();
  await expect(page.getByTestId('project-panel')).toBeHidden();
});

test.describe('custom domains against a loopback DNS server', () => {
  test.use({ siteDns: true });

  test('pending, a conflict explained, verified after the CNAME; a redirect and its editor; promote; remove with confirmation', async ({
    page,
    context,
    desk,
  }) => {
    test.setTimeout(120_000);
    const dns = desk.dns!;
    const project = await deployAdoptionSite(desk, 'City Shelter');
    const target = `${project.slug}.localhost`;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openDesk(page, desk);
    await goTo(page, 'Sites');
    await expect(page.getByTestId('domains-panel').getByText('No custom domains yet')).toBeVisible();

    // Add the primary: the record to create, with copy buttons.
    await page.getByRole('button', { name: 'Add domain', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: 'Add a domain to City Shelter' });
    await dialog.getByRole('button', { name: 'Add domain', exact: true }).click();
    await expect(dialog.getByText('must not be empty, e.g. www.example.org')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Domain' }).fill('localhost');
    await dialog.getByRole('button', { name: 'Add domain', exact: true }).click();
    await expect(dialog.getByRole('textbox', { name: 'Domain' })).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByRole('textbox', { name: 'Domain' })).toHaveValue('localhost');
    await dialog.getByRole('textbox', { name: 'Domain' }).fill('WWW.CityShelter.test');
    await dialog.getByRole('button', { name: 'Add domain', exact: true }).click();
    await expect(dialog).toBeHidden();
    await closeToasts(page);
    const www = page.getByTestId('domain-row-www.cityshelter.test');
    const wwwDetails = page.getByTestId('domain-details-www.cityshelter.test');
    await expect(www.getByTestId('domain-status')).toHaveText('pending');
    await expect(www.getByTestId('domain-role')).toHaveText('primary');
    await expect(www.getByTestId('record-type')).toHaveText('CNAME');
    await expect(www.getByTestId('record-name')).toHaveText('www.cityshelter.test');
    await expect(www.getByTestId('record-value')).toHaveText(target);
    await expect(www.getByTestId('record-ttl')).toHaveText('3600');
    await expect(www.getByTestId('certificate-state')).toHaveText('no certificate yet');
    await www.getByRole('button', { name: `Copy the record value ${target}`, exact: true }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(target);

    // Verify with nothing in the zone: pending, with the next automatic check.
    await www.getByRole('button', { name: 'Verify www.cityshelter.test', exact: true }).click();
    await closeToasts(page);
    await expect(wwwDetails.getByTestId('verification-message')).toContainText(
      'No CNAME record at www.cityshelter.test yet',
    );
    await expect(wwwDetails.getByTestId('verification-found')).toHaveText('nothing');
    await expect(wwwDetails.getByTestId('verification-expected')).toHaveText(`CNAME ${target}`);
    await expect(wwwDetails.getByTestId('next-check')).toBeVisible();
    expect((await visit(desk, 'www.cityshelter.test')).status).toBe(404);

    // An A record at the name: a conflict, explained in plain words.
    dns.zone = { 'www.cityshelter.test': { A: '203.0.113.7' } };
    await www.getByRole('button', { name: 'Verify www.cityshelter.test', exact: true }).click();
    await closeToasts(page);
    await expect(www.getByTestId('domain-status')).toHaveText('conflict');
    await expect(wwwDetails.getByTestId('conflict-explained')).toHaveText(
      'Remove the A record at www.cityshelter.test: it blocks the CNAME.',
    );
    await expect(wwwDetails.getByTestId('verification-found')).toHaveText('A 203.0.113.7');

    // The CNAME: verified and served by Host.
    dns.zone = { 'www.cityshelter.test': { CNAME: target } };
    await www.getByRole('button', { name: 'Verify www.cityshelter.test', exact: true }).click();
    await closeToasts(page);
    await expect(www.getByTestId('domain-status')).toHaveText('verified');
    await expect(wwwDetails.getByTestId('conflict-explained')).toBeHidden();
    await expect(wwwDetails.getByTestId('next-check')).toBeHidden();
    const served = await visit(desk, 'www.cityshelter.test');
    expect(served.status).toBe(200);
    expect(served.body).toContain('City Shelter');

    // Verified: the local CA issues its certificate within seconds, shown with issuer and expiry.
    await expect(www.getByTestId('certificate-state')).toHaveText('certificate issued', { timeout: 15_000 });
    // This server has no HTTPS port: nothing claims "HTTPS ready".
    await expect(www.getByTestId('certificate-unserved')).toContainText('This server does not serve HTTPS');
    await expect(www.getByTestId('certificate-expiry')).toContainText('expires');
    await expect(wwwDetails.getByTestId('certificate-times')).toContainText('Issuer: Adoption Desk');

    // A second domain redirects to the primary; the apex record is an ALIAS.
    await page.getByRole('button', { name: 'Add domain', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Add a domain to City Shelter' });
    await expect(dialog).toContainText('redirect visitors to the primary, www.cityshelter.test');
    await dialog.getByRole('textbox', { name: 'Domain' }).fill('cityshelter.test');
    await dialog.getByRole('button', { name: 'Add domain', exact: true }).click();
    await expect(dialog).toBeHidden();
    await closeToasts(page);
    const apex = page.getByTestId('domain-row-cityshelter.test');
    await expect(apex.getByTestId('domain-role')).toHaveText('redirect');
    await expect(apex.getByTestId('redirect-to')).toHaveText('www.cityshelter.test');
    await expect(apex.getByTestId('record-type')).toHaveText('ALIAS');
    dns.zone = { ...dns.zone, 'cityshelter.test': { A: '127.0.0.1' } };
    await apex.getByRole('button', { name: 'Verify cityshelter.test', exact: true }).click();
    await closeToasts(page);
    await expect(apex.getByTestId('domain-status')).toHaveText('verified');
    let redirect = await visit(desk, 'cityshelter.test', '/pets?page=2');
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe('http://www.cityshelter.test/pets?page=2');

    // The redirects editor.
    await apex.getByRole('combobox', { name: 'Redirect status of cityshelter.test' }).click();
    await page.getByRole('option', { name: '308 Permanent Redirect', exact: true }).click();
    await closeToasts(page);
    await expect(apex.getByRole('combobox', { name: 'Redirect status of cityshelter.test' })).toHaveValue(
      '308 Permanent Redirect',
    );
    await expect.poll(async () => (await visit(desk, 'cityshelter.test')).status).toBe(308);

    // Promote the apex: it serves the site, www redirects to it with the status the apex had.
    await apex.getByRole('button', { name: 'Make cityshelter.test primary', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Make cityshelter.test the primary domain?' })
      .getByRole('button', { name: 'Make primary', exact: true })
      .click();
    await closeToasts(page);
    await expect(apex.getByTestId('domain-role')).toHaveText('primary');
    await expect(www.getByTestId('domain-role')).toHaveText('redirect');
    expect((await visit(desk, 'cityshelter.test')).status).toBe(200);
    redirect = await visit(desk, 'www.cityshelter.test', '/');
    expect(redirect.status).toBe(308);
    expect(redirect.headers.location).toBe('http://cityshelter.test/');

    // Remove, with confirmation: "Keep" changes nothing; "Remove" stops serving at once.
    await www.getByRole('button', { name: 'Remove www.cityshelter.test', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove www.cityshelter.test?' });
    await confirm.getByRole('button', { name: 'Keep', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(www).toBeVisible();
    expect((await visit(desk, 'www.cityshelter.test')).status).toBe(308);
    await www.getByRole('button', { name: 'Remove www.cityshelter.test', exact: true }).click();
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(www).toBeHidden();
    const gone = await visit(desk, 'www.cityshelter.test');
    expect(gone.status).toBe(404);
    expect(gone.body).toContain('no site at this domain');
    expect((await cliJson<{ name: string }[]>(desk, 'domains', 'list')).map((domain) => domain.name)).toEqual([
      'cityshelter.test',
    ]);
  });
});
