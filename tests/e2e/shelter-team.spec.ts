/**
 * Team mode end to end, tried as a shelter would: a real `serve --team` process, two real browsers
 * (a manager and a volunteer, each its own context) that trust only the shelter server's local CA,
 * logged in over HTTPS. The volunteer sees no adopter's phone and no microchip and removes nothing
 * (hidden by the window, refused by the engine); the manager's edit reaches the volunteer's screen
 * within a second; two edits of one pet give one 409 with both versions shown; the audit lists
 * both; a backup taken under the running server restores everything.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { chosenBrowser } from './browser';
import { cli, cliJson, startTeamServer, stop } from './team-process';
import { expect, test } from './fixtures';
import { expectNothingCut } from './viewports';
import { CERTUTIL_MISSING, homeTrusting } from '../helpers/trusted-ca-home';
import { freePort } from '../helpers/free-port';

const PASSWORD = 'a long shelter password';
const MICROCHIP = '985141000123456';
const PHONE = '+33 6 12 34 56 78';
const SIZE = { width: 1000, height: 700 };

if (CERTUTIL_MISSING && process.env.CI === 'true') throw new Error(CERTUTIL_MISSING);
test.skip(CERTUTIL_MISSING !== undefined, CERTUTIL_MISSING ?? '');
test.setTimeout(240_000);

async function logIn(page: Page, address: string, login: string): Promise<void> {
  await page.goto(address);
  const form = page.getByTestId('login-form');
  await form.getByRole('textbox', { name: 'Login' }).fill(login);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('signed-in')).toBeVisible();
}

async function openRecord(page: Page, petId: number, tab?: string): Promise<void> {
  await page.evaluate((id) => void (window.location.hash = `#/pets/${id}`), petId);
  const record = page.getByTestId('pet-record-page');
  await expect(record.getByTestId('record-header')).toBeVisible();
  if (tab) await record.getByRole('tab', { name: tab }).click();
}

/** One admin call from the page's own session, as the window makes it; the status and the body. */
function callAs(
  page: Page,
  channel: string,
  input: object,
): Promise<{ status: number; body: { code?: string; details?: { reason?: string } } }> {
  return page.evaluate(
    async ([name, payload]) => {
      const response = await fetch(`/admin/api/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      return {
        status: response.status,
        body: (await response.json()) as { code?: string; details?: { reason?: string } },
      };
    },
    [channel, input] as const,
  );
}

const profileField = (page: Page, label: string) =>
  page.getByTestId('pet-profile-form').getByRole('textbox', { name: label, exact: true });

test('a shelter server, a manager and a volunteer over HTTPS: roles, live edits, one conflict, the audit, a backup that restores', async () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'adk-shelter-team-'));
  const dataDir = path.join(work, 'data');
  const browsers: Browser[] = [];
  let server: ChildProcess | undefined;
  try {
    // The shelter's people and animals, made on the serving computer's CLI as the guides say.
    const passwordFile = path.join(work, 'password.txt');
    fs.writeFileSync(passwordFile, `${PASSWORD}\n`);
    for (const [name, login, role] of [
      ['Ana Ruiz', 'ana', 'owner'],
      ['Marek Nowak', 'marek', 'manager'],
      ['Vera Lind', 'vera', 'volunteer'],
    ] as const) {
      await cli(
        dataDir,
        'staff',
        'add',
        '--name',
        name,
        '--login',
        login,
        '--role',
        role,
        '--password-file',
        passwordFile,
      );
    }
    const biscuit = await cliJson<{ id: number }>(dataDir, 'pets', 'add', '--name', 'Biscuit', '--category', '1');
    await cli(dataDir, 'pets', 'profile', 'set', String(biscuit.id), '--breed', 'Beagle', '--microchip', MICROCHIP);
    const pepper = await cliJson<{ id: number }>(dataDir, 'pets', 'add', '--name', 'Pepper', '--category', '1');
    const adopter = await cliJson<{ person: { id: number } }>(
      dataDir,
      'people',
      'add',
      '--name',
      'Chloé Martin',
      '--phone',
      PHONE,
    );
    await cli(
      dataDir,
      'adopt',
      String(pepper.id),
      '--person',
      String(adopter.person.id),
      '--fee',
      '80',
      '--paid',
      'card',
    );

    const caPem = await cli(dataDir, 'certificates', 'ca');
    const teamPort = await freePort();
    const started = await startTeamServer(dataDir, teamPort);
    server = started.child;
    expect(started.code).toMatch(/^[0-9A-F]{4}(-[0-9A-F]{4}){3}$/);
    const address = `https://localhost:${teamPort}/admin/`;

    // Two desks, each a browser that trusts the shelter's CA and nothing else of ours.
    const choice = chosenBrowser();
    const home = homeTrusting(caPem, path.join(work, 'home'));
    const launch = async () => {
      const browser = await chromium.launch({
        executablePath: choice.executablePath,
        args: choice.args,
        env: { ...process.env, ...choice.env, HOME: home },
      });
      browsers.push(browser);
      return browser;
    };
    const managerDesk: BrowserContext = await (await launch()).newContext({ viewport: SIZE });
    const volunteerDesk: BrowserContext = await (await launch()).newContext({ viewport: SIZE });
    const manager = await managerDesk.newPage();
    const volunteer = await volunteerDesk.newPage();
    await logIn(manager, address, 'marek');
    await logIn(volunteer, address, 'vera');
    expect(new URL(volunteer.url()).protocol).toBe('https:');

    // The volunteer: no People, no adopter's phone, no microchip, no removal — hidden, and refused.
    const nav = volunteer.getByRole('navigation', { name: 'Pages' });
    await expect(nav.getByRole('link', { name: 'Pets' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'People' })).toHaveCount(0);
    const row = volunteer.getByTestId(`pet-row-${biscuit.id}`);
    await expect(row).toBeVisible();
    await expect(row.getByRole('button', { name: 'Delete Biscuit' })).toHaveCount(0);
    await openRecord(volunteer, pepper.id);
    await expect(volunteer.getByTestId('pet-record-page').getByRole('tab', { name: 'Movements' })).toHaveCount(0);
    await openRecord(volunteer, biscuit.id, 'Profile');
    await expect(profileField(volunteer, 'Primary breed')).toHaveValue('Beagle');
    await expect(volunteer.getByTestId('pet-profile-form').getByText('Microchip number')).toHaveCount(0);
    for (const secret of [MICROCHIP, PHONE, 'Chloé']) expect(await volunteer.content()).not.toContain(secret);
    expect(await callAs(volunteer, 'people.show', { environment: 'production', id: adopter.person.id })).toMatchObject({
      status: 403,
      body: { code: 'forbidden', details: { reason: 'role_not_allowed' } },
    });
    expect(await callAs(volunteer, 'pets.remove', { environment: 'production', id: biscuit.id })).toMatchObject({
      status: 403,
      body: { code: 'forbidden' },
    });
    const profileSeen = await callAs(volunteer, 'pets.profile', { environment: 'production', id: biscuit.id });
    expect(profileSeen.status).toBe(200);
    expect(JSON.stringify(profileSeen.body)).not.toContain(MICROCHIP);
    await volunteer.goto(`${address}#/people/${adopter.person.id}`);
    await expect(volunteer.getByTestId('not-for-this-role')).toBeVisible();

    // The manager renames Biscuit; the volunteer's open record shows it within a second, pushed.
    await openRecord(volunteer, biscuit.id);
    const heading = volunteer.getByTestId('record-header').getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('Biscuit');
    await expect(manager.getByTestId(`pet-row-${biscuit.id}`)).toBeVisible();
    await manager
      .getByTestId(`pet-row-${biscuit.id}`)
      .getByRole('button', { name: 'Edit Biscuit', exact: true })
      .click();
    const edit = manager.getByRole('dialog', { name: 'Edit Biscuit' });
    await edit.getByLabel('Name').fill('Biscuit the Brave');
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(edit).toBeHidden();
    const saved = Date.now();
    await expect(heading).toHaveText('Biscuit the Brave', { timeout: 1_000 });
    expect(Date.now() - saved).toBeLessThan(1_000);

    // Two edits of one animal from the same version: the second is one 409, shown with both versions.
    const second = await managerDesk.newPage();
    await second.goto(address);
    await expect(second.getByTestId('signed-in')).toBeVisible();
    await openRecord(manager, biscuit.id, 'Profile');
    await openRecord(second, biscuit.id, 'Profile');
    await expect(profileField(second, 'Primary breed')).toHaveValue('Beagle');
    const conflicts: number[] = [];
    second.on('response', (response) => {
      if (response.url().endsWith('/admin/api/pets.setProfile') && response.status() === 409)
        conflicts.push(response.status());
    });
    // Both are typing when the first saves (an untouched form would simply follow the save).
    await profileField(second, 'Primary breed').fill('Foxhound');
    await profileField(manager, 'Primary breed').fill('Harrier');
    await manager.getByTestId('pet-profile-form').getByRole('button', { name: 'Save profile' }).click();
    await expect
      .poll(
        async () =>
          (await cliJson<{ profile: { breedPrimary?: string } }>(dataDir, 'pets', 'show', String(biscuit.id))).profile
            .breedPrimary,
      )
      .toBe('Harrier');
    await second.getByTestId('pet-profile-form').getByRole('button', { name: 'Save profile' }).click();
    const conflict = second.getByTestId('edit-conflict');
    await expect(conflict).toBeVisible();
    await expect(conflict.getByTestId('edit-conflict-who')).toContainText('Marek Nowak');
    await expect(conflict.getByRole('row', { name: /Primary breed/ }).getByRole('cell')).toHaveText([
      'Primary breed',
      'Harrier',
      'Foxhound',
    ]);
    await conflict.scrollIntoViewIfNeeded();
    await expectNothingCut(second);
    expect(conflicts).toEqual([409]);
    await conflict.getByRole('button', { name: 'Save mine over theirs' }).click();
    await expect(conflict).toBeHidden();
    await expect
      .poll(
        async () =>
          (await cliJson<{ profile: { breedPrimary?: string } }>(dataDir, 'pets', 'show', String(biscuit.id))).profile
            .breedPrimary,
      )
      .toBe('Foxhound');

    // The audit lists both edits of the profile, by the manager, with what changed.
    await manager.evaluate(() => void (window.location.hash = '#/audit'));
    const trail = manager.getByTestId('audit-row');
    await expect(trail.filter({ hasText: 'Beagle → Harrier' })).toHaveCount(1);
    await expect(trail.filter({ hasText: 'Harrier → Foxhound' })).toHaveCount(1);
    await expect(trail.filter({ hasText: 'Biscuit → Biscuit the Brave' })).toHaveCount(1);
    for (const entry of await trail.filter({ hasText: /Harrier|Biscuit the Brave/ }).all())
      await expect(entry).toContainText('Marek Nowak');

    // A backup taken under the running server restores every record.
    const before = {
      pets: await cliJson<unknown>(dataDir, 'pets', 'list', '--limit', '100'),
      people: await cliJson<unknown>(dataDir, 'people', 'list'),
      audit: await cliJson<unknown>(dataDir, 'audit', 'list'),
    };
    await cli(dataDir, 'backup', 'create', '--to', path.join(work, 'backups'));
    await stop(server);
    const [backup] = await cliJson<{ path: string }[]>(dataDir, 'backup', 'list', '--to', path.join(work, 'backups'));
    fs.rmSync(dataDir, { recursive: true, force: true });
    const restored = path.join(work, 'restored');
    await cli(restored, 'backup', 'restore', backup!.path, '--trust-unknown');
    expect({
      pets: await cliJson<unknown>(restored, 'pets', 'list', '--limit', '100'),
      people: await cliJson<unknown>(restored, 'people', 'list'),
      audit: await cliJson<unknown>(restored, 'audit', 'list'),
    }).toEqual(before);
  } finally {
    for (const browser of browsers) await browser.close();
    if (server) await stop(server);
    fs.rmSync(work, { recursive: true, force: true });
  }
});
