import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import tls from 'node:tls';
import { expect, goTo, openDesk, test } from './fixtures';

test.use({ explicitPorts: true });

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

test('the Server page downloads the local CA’s certificate: the same PEM as `certificates ca`, no private key', async ({ page, desk }) => {
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

test('an HTTPS port saved on the Server page serves the sites over TLS at once; ACME needs the terms agreed', async ({ page, desk }) => {
  await openDesk(page, desk);
  await goTo(page, 'Server');
  const save = page.getByRole('button', { name: 'Save and restart', exact: true });

  await page.getByRole('checkbox', { name: /Get certificates from an ACME CA/ }).check();
  await page.getByRole('textbox', { name: 'Contact email', exact: true }).fill('not an address');
  await save.click();
  await expect(page.getByText('must be an email address: the CA sends expiry notices there')).toBeVisible();
  await expect(page.getByText('must be agreed: the CA issues only to accounts that agreed to its terms of service')).toBeVisible();
  expect(fs.existsSync(path.join(desk.dataDir, 'settings.json'))).toBe(false);
  await page.getByRole('checkbox', { name: /Get certificates from an ACME CA/ }).uncheck();

  const httpsPort = await freePort();
  await page.getByRole('textbox', { name: 'Production HTTPS port', exact: true }).fill(String(httpsPort));
  await save.click();
  await expect(page.getByTestId('server-production').getByTestId('server-https')).toHaveText(`Sites over HTTPS on port ${httpsPort}`);
  await expect(page.getByTestId('server-staging').getByTestId('server-https')).toHaveCount(0);
  expect(JSON.parse(fs.readFileSync(path.join(desk.dataDir, 'settings.json'), 'utf8'))).toMatchObject({ httpsPorts: { production: httpsPort, staging: null } });
  // TLS is listening there: a handshake for a name without a certificate is refused (an alert), not answered with some other certificate.
  const handshake = new Promise<string>((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port: httpsPort, servername: 'no-certificate.example', rejectUnauthorized: false }, () => {
      socket.end();
      resolve('a certificate was served');
    });
    socket.on('error', (error) => reject(error));
  });
  await expect(handshake).rejects.toThrow(/alert|handshake/i);
});
