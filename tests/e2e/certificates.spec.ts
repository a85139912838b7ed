import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import tls from 'node:tls';
import { backdateCertificateRequest, closeToasts, deployAdoptionSite, expect, goTo, openDesk, test } from './fixtures';
import { freePort } from '../helpers/free-port';

test.use({ explicitPorts: true });

test('the Server page downloads the local CA’s certificate: the same PEM as `certificates ca`, no private key', async ({
  page,
  desk,
}) => {
  await openDesk(page, desk);
  await goTo(page, 'Server');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the CA certificate' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('adoption-desk-local-ca.pem');
  const saved = fs.readFileSync(await download.path(), 'utf8');
  expect(saved).toMatch(/^-----BEGIN CERTIFICATE-----\n[\s\S]+-----END CERTIFICATE-----\n$/);
  expect(saved).not.toContain('PRIVATE KEY');
  expect(saved).toBe(await desk.cli('certificates', 'ca'));
});

test('an HTTPS port saved on the Server page serves the sites over TLS at once; ACME needs the terms agreed', async ({
  page,
  desk,
}) => {
  await openDesk(page, desk);
  await goTo(page, 'Server');
  const save = page.getByRole('button', { name: 'Save and restart', exact: true });

  await page.getByRole('checkbox', { name: /Get certificates from an ACME CA/ }).check();
  await page.getByRole('textbox', { name: 'Contact email', exact: true }).fill('not an address');
  await save.click();
  await expect(page.getByText('must be an email address: the CA sends expiry notices there')).toBeVisible();
  await expect(
    page.getByText('must be agreed: the CA issues only to accounts that agreed to its terms of service'),
  ).toBeVisible();
  expect(fs.existsSync(path.join(desk.dataDir, 'settings.json'))).toBe(false);
  await page.getByRole('checkbox', { name: /Get certificates from an ACME CA/ }).uncheck();

  const httpsPort = await freePort();
  await page.getByRole('textbox', { name: 'Production HTTPS port', exact: true }).fill(String(httpsPort));
  await save.click();
  await expect(page.getByTestId('server-production').getByTestId('server-https')).toHaveText(
    `Sites over HTTPS on port ${httpsPort}`,
  );
  await expect(page.getByTestId('server-staging').getByTestId('server-https')).toHaveCount(0);
  expect(JSON.parse(fs.readFileSync(path.join(desk.dataDir, 'settings.json'), 'utf8'))).toMatchObject({
    httpsPorts: { production: httpsPort, staging: null },
  });
  // TLS is listening there: a handshake for a name without a certificate is refused (an alert), not answered with some other certificate.
  const handshake = new Promise<string>((resolve, reject) => {
    const socket = tls.connect(
      { host: '127.0.0.1', port: httpsPort, servername: 'no-certificate.example', rejectUnauthorized: false },
      () => {
        socket.end();
        resolve('a certificate was served');
      },
    );
    socket.on('error', (error) => reject(error));
  });
  await expect(handshake).rejects.toThrow(/alert|handshake/i);
});

/** settings.json as the desk saved it (none yet: empty). */
function settings(dataDir: string): { acme?: { directoryUrl: string } } {
  const file = path.join(dataDir, 'settings.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { acme?: { directoryUrl: string } }) : {};
}

test.describe('the 30-minute rule', () => {
  test.use({ siteDns: true });

  test('a certificate the ACME CA cannot issue fails with its reason; 31 minutes later re-verify is offered; back on the local CA it issues', async ({
    page,
    desk,
  }) => {
    test.setTimeout(150_000);
    const project = await deployAdoptionSite(desk, 'River Rescue');
    desk.dns!.zone = { 'www.riverrescue.test': { CNAME: `${project.slug}.localhost` } };
    await openDesk(page, desk);

    // A mistyped directory URL: a web server that is no ACME CA (answers 404), so every order fails at once.
    // (Where nothing listens at all, acme-client retries the connection for over a minute before it gives up.)
    const notAcme = http.createServer((_request, response) =>
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found'),
    );
    await new Promise<void>((resolve) => notAcme.listen(0, '127.0.0.1', resolve));
    const deadPort = (notAcme.address() as net.AddressInfo).port;
    await goTo(page, 'Server');
    await page.getByRole('checkbox', { name: /Get certificates from an ACME CA/ }).check();
    await page
      .getByRole('textbox', { name: 'ACME directory URL', exact: true })
      .fill(`http://127.0.0.1:${deadPort}/directory`);
    await page.getByRole('textbox', { name: 'Contact email', exact: true }).fill('staff@riverrescue.test');
    await page.getByRole('checkbox', { name: 'I agree to the CA’s terms of service' }).check();
    await page.getByRole('button', { name: 'Save and restart', exact: true }).click();
    await expect.poll(() => settings(desk.dataDir).acme?.directoryUrl).toBe(`http://127.0.0.1:${deadPort}/directory`);
    await closeToasts(page);

    // The domain verifies; its certificate fails with the reason as the client got it.
    await goTo(page, 'Sites');
    await page.getByRole('button', { name: 'Add domain', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a domain to River Rescue' });
    await dialog.getByRole('textbox', { name: 'Domain' }).fill('www.riverrescue.test');
    await dialog.getByRole('button', { name: 'Add domain', exact: true }).click();
    await expect(dialog).toBeHidden();
    await closeToasts(page);
    const row = page.getByTestId('domain-row-www.riverrescue.test');
    await row.getByRole('button', { name: 'Verify www.riverrescue.test', exact: true }).click();
    await closeToasts(page);
    await expect(row.getByTestId('domain-status')).toHaveText('verified');
    await expect(row.getByTestId('certificate-state')).toHaveText('failed', { timeout: 30_000 });
    await expect(row.getByTestId('certificate-reason')).toHaveText(
      `Issuing failed: Attempting to read ACME directory returned error 404: http://127.0.0.1:${deadPort}/directory`,
    );
    await expect(row.getByTestId('certificate-reverify')).toBeHidden();

    // 31 minutes later in real time (certificates never follow the lab clock): the prompt to check the DNS and re-verify.
    backdateCertificateRequest(desk, 'www.riverrescue.test', 31);
    // The window polls a failed certificate every 30 s; a reload reads the moved moments at once.
    await page.reload();
    await goTo(page, 'Sites');
    const prompt = row.getByTestId('certificate-reverify');
    await expect(prompt).toContainText('Verified over 30 minutes ago and still no certificate');
    await expect(row.getByTestId('certificate-state')).toHaveText('failed');
    expect(await desk.cli('certificates', 'list')).toMatch(/www\.riverrescue\.test .* failed \(re-verify\)/);

    // The cause fixed (back to the local CA), re-verify: issued at once.
    await goTo(page, 'Server');
    await page.getByRole('checkbox', { name: /Get certificates from an ACME CA/ }).uncheck();
    await page.getByRole('button', { name: 'Save and restart', exact: true }).click();
    await expect.poll(() => settings(desk.dataDir).acme).toBeUndefined();
    await closeToasts(page);
    await goTo(page, 'Sites');
    await closeToasts(page);
    await prompt.getByRole('button', { name: 'Re-verify', exact: true }).click();
    await expect(row.getByTestId('certificate-state')).toHaveText('certificate issued', { timeout: 15_000 });
    await expect(row.getByTestId('certificate-reverify')).toBeHidden();
    await expect(row.getByTestId('certificate-reason')).toBeHidden();
    await expect(
      page.getByTestId('domain-details-www.riverrescue.test').getByTestId('certificate-times'),
    ).toContainText('Issuer: Adoption Desk');
    await new Promise((resolve) => notAcme.close(resolve));
  });
});
