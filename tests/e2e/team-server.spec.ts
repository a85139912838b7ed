/** The Server page's shelter server panel at 1000×700: switched on, it shows where other desks go and the code to compare, and the listener answers. */
import { createHash, X509Certificate } from 'node:crypto';
import https from 'node:https';
import os from 'node:os';
import { closeToasts, expect, goTo, openDesk, test } from './fixtures';
import { expectNothingCut } from './viewports';
import { freePort } from '../helpers/free-port';
import { fingerprintText, shortCodeOf } from '../../src/shared/team';

test.use({ explicitPorts: true, viewport: { width: 1000, height: 700 } });

/** GET over HTTPS to 127.0.0.1:port, trusting only `ca`: the status. */
function httpsStatus(port: number, ca: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = https.get({ host: '127.0.0.1', port, path: '/admin/', ca, agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
  });
}

test('switched on, the panel shows the addresses and the code, and the shelter server answers over HTTPS', async ({
  page,
  desk,
}) => {
  await openDesk(page, desk);
  await goTo(page, 'Server');
  const panel = page.getByTestId('team-server');
  const ca = await desk.cli('certificates', 'ca');
  const code = shortCodeOf(fingerprintText(createHash('sha256').update(new X509Certificate(ca).raw).digest('hex')));
  // Off: the code is there to compare already, no address yet.
  await expect(panel.getByTestId('team-short-code')).toHaveText(code);
  await expect(panel.getByTestId('team-url')).toHaveCount(0);

  const port = await freePort();
  await panel.getByRole('textbox', { name: 'Port' }).fill(String(port));
  await panel.getByRole('switch', { name: 'This computer is the shelter’s server' }).click();
  await expect(panel.getByTestId('team-url').first()).toHaveText(
    `https://${os.hostname().toLowerCase()}:${port}/admin/`,
  );
  await expect(panel.getByRole('switch', { name: 'This computer is the shelter’s server' })).toBeChecked();
  await expect(panel.getByRole('textbox', { name: 'Port' })).toBeDisabled();
  expect(await httpsStatus(port, ca)).toBe(200);
  await closeToasts(page);
  await expectNothingCut(page, panel);

  await panel.getByRole('switch', { name: 'This computer is the shelter’s server' }).click();
  await expect(panel.getByTestId('team-url')).toHaveCount(0);
  await expect(httpsStatus(port, ca)).rejects.toThrow(/ECONNREFUSED/);
});
