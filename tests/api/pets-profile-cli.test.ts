/** Pet profiles through the faces: the CLI (show, profile, import/export, shelter) with --json, the admin channels, and the adoption page's title. */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Each CLI run is its own process (a second or more on a busy machine).
vi.setConfig({ testTimeout: 180_000 });
import { dispatchAdmin } from '../../src/main/admin/dispatch';
import { createAdminHandlers } from '../../src/main/admin/handlers';
import { Engine } from '../../src/main/engine/engine';
import type { AppHost } from '../../src/main/host/app-host';
import type { PetDetails, ProfileChange } from '../../src/shared/pet-profile';
import type { ShelterProfile } from '../../src/shared/shelter';
import { plainWebp, transparentPng } from '../helpers/photos';
import type { ProcessResult } from '../helpers/processes';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { runCliInProcess } from '../helpers/cli-in-process';

let dataDir: string;

beforeEach(() => {
  dataDir = makeTempDir();
  new Engine({ dataDir, environment: 'production' }).close();
});

afterEach(() => {
  removeTempDir(dataDir);
});

/** A dog born a year ago (to the month) is young whatever the day the suite runs. */
const YEAR_AGO = new Date(Date.now() - 365 * 24 * 3600 * 1000).toISOString().slice(0, 7);

const cli = (...args: string[]) => runCliInProcess(dataDir, args);

function json<T>(result: ProcessResult): T {
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as T;
}

function expectRefused(result: ProcessResult, stderr: RegExp): void {
  expect(result.code).toBe(1);
  expect(result.stderr).toMatch(/^Error: /);
  expect(result.stderr).toMatch(stderr);
}

function inspect<T>(look: (engine: Engine) => T): T {
  const engine = new Engine({ dataDir, environment: 'production' });
  try {
    return look(engine);
  } finally {
    engine.close();
  }
}

const write = (name: string, text: string) => {
  const file = path.join(dataDir, name);
  fs.writeFileSync(file, text);
  return file;
};

describe('pets show and pets profile', () => {
  it('set fields, clear one, show the profile with --json, and list the changes', async () => {
    json(await cli('--json', 'pets', 'add', '--name', 'Biscuit', '--category', '1'));
    const notes = write('description.txt', 'Loves walks.\r\n\r\nSleeps a lot.\n');
    const set = json<PetDetails>(
      await cli(
        'pets',
        'profile',
        'set',
        '1',
        '--breed',
        'Beagle',
        '--mixed',
        'yes',
        '--sex',
        'female',
        '--born',
        YEAR_AGO,
        '--fee',
        '85.50',
        '--good-with-cats',
        'no',
        '--microchip',
        '985112003456789',
        '--description-file',
        notes,
        '--json',
      ),
    );
    expect(set.profile).toEqual({
      breedPrimary: 'Beagle',
      breedMixed: true,
      sex: 'female',
      birthDate: YEAR_AGO,
      adoptionFee: 85.5,
      goodWithCats: 'no',
      microchipNumber: '985112003456789',
      description: 'Loves walks.\n\nSleeps a lot.',
    });
    json(await cli('pets', 'profile', 'set', '1', '--clear', 'microchip', '--size', 'small', '--json'));
    const shown = json<PetDetails>(await cli('pets', 'show', '1', '--json'));
    expect(shown.pet).toMatchObject({ id: 1, name: 'Biscuit', categoryId: 1, status: 'available' });
    expect(shown.profile).not.toHaveProperty('microchipNumber');
    expect(shown.profile.size).toBe('small');
    expect(shown.ageGroup).toBe('young');
    expect((shown as PetDetails & { photos: unknown[] }).photos).toEqual([]);
    const history = json<ProfileChange[]>(await cli('--json', 'pets', 'profile', 'history', '1'));
    expect(history).toHaveLength(2);
    expect(history[1]?.fields).toEqual({
      size: { from: null, to: 'small' },
      microchipNumber: { from: '985112003456789', to: null },
    });

    const table = await cli('pets', 'show', '1');
    expect(table.stdout).toMatch(/breedPrimary\s+Beagle/);
    expect(table.stdout).toMatch(/private: never published/);
  });

  it('refuse a bad value by its option, and change nothing', async () => {
    json(await cli('--json', 'pets', 'add', '--name', 'Biscuit', '--category', '1'));
    expectRefused(
      await cli('pets', 'profile', 'set', '1', '--breed', 'Collie', '--born', '2024-13'),
      /--born: must be a date/,
    );
    const fee = await cli('pets', 'profile', 'set', '1', '--fee', 'ten');
    expect(fee.code).toBe(1);
    expect(fee.stderr).toMatch(/--fee <amount>' argument 'ten' is invalid\. must be an amount/);
    expectRefused(
      await cli('pets', 'profile', 'set', '1', '--breed', 'Collie', '--clear', 'breed'),
      /--breed is both given and cleared/,
    );
    expectRefused(await cli('pets', 'profile', 'set', '1'), /Nothing to change/);
    expectRefused(await cli('pets', 'show', '9'), /Pet 9 does not exist/);
    expect(inspect((engine) => engine.services.petProfiles.get(1))).toEqual({});
  });
});

describe('pets import and export', () => {
  const HEADER =
    'name,categoryId,status,breedPrimary,sex,birthDate,goodWithKids,houseTrained,adoptionFee,description,microchipNumber';

  it('round-trips the profile columns (private ones in the staff export), and a refused row imports nothing', async () => {
    const file = write(
      'pets.csv',
      `${HEADER}\nBiscuit,1,,Beagle,female,2024-03,yes,yes,150,"Loves walks.\n\nSleeps a lot.",985112003456789\nLuna,2,pending,,,,,,,,\n`,
    );
    expect(json<unknown[]>(await cli('--json', 'pets', 'import', file))).toHaveLength(2);
    const out = path.join(dataDir, 'backup.csv');
    expect(json<{ pets: number }>(await cli('--json', 'pets', 'export', '--out', out))).toEqual({ file: out, pets: 2 });
    const exported = fs.readFileSync(out, 'utf8');
    expect(exported.split('\r\n')[0]).toMatch(
      /^id,name,categoryId,status,createdAt,updatedAt,breedPrimary,.*microchipNumber,kennelLocation,internalNotes$/,
    );
    expect(exported).toContain('985112003456789');
    expect(fs.statSync(out).mode & 0o077).toBe(0);

    // The export reads back as an import: the same pets and profiles, under new ids.
    expect(json<unknown[]>(await cli('--json', 'pets', 'import', out))).toHaveLength(2);
    const [first, , copy] = inspect((engine) => [1, 2, 3, 4].map((id) => engine.services.petProfiles.details(id)));
    expect(copy?.pet.name).toBe('Biscuit');
    expect(copy?.profile).toEqual(first?.profile);
    expect(copy?.profile).toMatchObject({
      description: 'Loves walks.\n\nSleeps a lot.',
      houseTrained: true,
      adoptionFee: 150,
      microchipNumber: '985112003456789',
    });

    const json2 = path.join(dataDir, 'backup.json');
    json(await cli('--json', 'pets', 'export', '--out', json2));
    const rows = JSON.parse(fs.readFileSync(json2, 'utf8')) as Record<string, unknown>[];
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatchObject({
      id: 1,
      name: 'Biscuit',
      breedPrimary: 'Beagle',
      houseTrained: true,
      adoptionFee: 150,
    });
    expect(json<unknown[]>(await cli('--json', 'pets', 'import', json2))).toHaveLength(4);

    // A bad value in row 2 and an unknown column: refused, naming the row and the column; nothing imported.
    const bad = write('bad.csv', `${HEADER}\nRex,1,,Collie,male,,,,,,\nBella,1,,Collie,robot,,,,,,\n`);
    expectRefused(
      await cli('pets', 'import', bad),
      /row 2, column sex: must be one of female, male, unknown; nothing was imported/,
    );
    const unknown = write('unknown.csv', 'name,categoryId,colour\nRex,1,black\n');
    expectRefused(await cli('pets', 'import', unknown), /header, column colour: not a column pets import knows/);
    const badFee = write('fee.csv', 'name,categoryId,adoptionFee\nRex,1,10\nBella,1,ten\n');
    expectRefused(await cli('pets', 'import', badFee), /row 2, column adoptionFee: must be an amount/);
    expect(inspect((engine) => engine.services.pets.count())).toBe(8);
  });

  it('writes a file for a spreadsheet set to French with --csv-separator semicolon, and reads it back', async () => {
    const file = write(
      'pets.csv',
      `${HEADER}\nBiscuit,1,,Beagle,female,2024-03,yes,yes,150.5,"Aime les promenades, et dort beaucoup.",985112003456789\n`,
    );
    json(await cli('--json', 'pets', 'import', file));
    const out = path.join(dataDir, 'pour-excel.csv');
    json(await cli('--json', 'pets', 'export', '--out', out, '--csv-separator', 'semicolon'));
    const exported = fs.readFileSync(out, 'utf8');
    expect(exported.startsWith('\ufeffid;name;categoryId;status;')).toBe(true);
    expect(exported).toContain(';150,5;');
    expect(exported).toContain(';Aime les promenades, et dort beaucoup.;');

    expect(json<unknown[]>(await cli('--json', 'pets', 'import', out))).toHaveLength(1);
    const [first, copy] = inspect((engine) => [1, 2].map((id) => engine.services.petProfiles.details(id)));
    expect(copy?.profile).toEqual(first?.profile);
    expect(copy?.profile).toMatchObject({ adoptionFee: 150.5, description: 'Aime les promenades, et dort beaucoup.' });
    const tab = await cli('pets', 'export', '--out', out, '--csv-separator', 'tab');
    expect(tab.code).not.toBe(0);
    expect(tab.stderr).toMatch(/--csv-separator .* 'tab' is invalid. Allowed choices are comma, semicolon/);
  });

  it('says in --help that the export holds the private fields', async () => {
    const help = await cli('pets', 'export', '--help');
    expect(help.stdout.replace(/\s+/g, ' ')).toMatch(
      /shelter's own backup: the PRIVATE fields \(microchip number, kennel location, internal notes\) are included/,
    );
  });
});

describe('shelter show and set', () => {
  it('sets, clears and shows the profile with a logo; refuses a bad currency, email or image and keeps what was there', async () => {
    const logo = write('logo.png', '');
    fs.writeFileSync(logo, await transparentPng(64, 64));
    const saved = json<ShelterProfile>(
      await cli(
        'shelter',
        'set',
        '--name',
        'Happy Tails',
        '--currency',
        'eur',
        '--email',
        'adopt@happytails.test',
        '--logo',
        logo,
        '--json',
      ),
    );
    expect(saved).toMatchObject({
      name: 'Happy Tails',
      currency: 'EUR',
      email: 'adopt@happytails.test',
      logo: { mediaType: 'image/png', byteSize: expect.any(Number) },
    });
    expectRefused(
      await cli('shelter', 'set', '--name', 'Other', '--currency', 'EURO'),
      /currency: must be an ISO 4217 currency code/,
    );
    const gif = write('logo.gif', 'GIF89a');
    expectRefused(
      await cli('shelter', 'set', '--name', 'Other', '--logo', gif),
      /logo: must be a PNG, JPEG or WebP image/,
    );
    json(await cli('shelter', 'set', '--clear', 'email', '--clear', 'logo', '--json'));
    const shown = json<ShelterProfile>(await cli('--json', 'shelter', 'show'));
    expect(shown).toEqual({ name: 'Happy Tails', currency: 'EUR', logo: null, version: 3 });
    expect((await cli('shelter', 'show')).stdout).toMatch(/name\s+Happy Tails/);
  });
});

describe('the admin channels and the adoption page', () => {
  it('get and set a pet profile and the shelter profile; the adoption page is titled by the shelter, not the account', async () => {
    const engine = new Engine({ dataDir, environment: 'production' });
    try {
      const handlers = createAdminHandlers({ engine: () => engine } as unknown as AppHost);
      const send = (channel: string, payload: object) =>
        dispatchAdmin(handlers, channel, { environment: 'production', ...payload });
      const pet = engine.services.pets.create({ name: 'Biscuit', categoryId: 1 });
      expect(await send('pets.setProfile', { id: pet.id, profile: { sex: 'male', kennelLocation: 'B4' } })).toEqual({
        ok: true,
        value: { sex: 'male', kennelLocation: 'B4', version: 2 },
      });
      expect(await send('pets.setProfile', { id: pet.id, profile: { sex: 'robot' } })).toMatchObject({
        ok: false,
        error: { code: 'validation_failed', message: expect.stringMatching(/profile\.sex: must be one of/) },
      });
      expect(await send('pets.profile', { id: pet.id })).toMatchObject({
        ok: true,
        value: { pet: { id: pet.id }, profile: { sex: 'male', kennelLocation: 'B4' } },
      });
      expect(await send('pets.profileHistory', { id: pet.id })).toMatchObject({
        ok: true,
        value: [{ fields: { sex: { from: null, to: 'male' } } }],
      });
      expect(await send('shelter.set', { shelter: { name: 'Happy Tails Rescue', currency: 'usd' } })).toMatchObject({
        ok: true,
        value: { name: 'Happy Tails Rescue', currency: 'USD' },
      });
      const webp = (await plainWebp(64, 64)).toString('base64');
      expect(await send('shelter.setLogo', { data: webp })).toMatchObject({
        ok: true,
        value: { logo: { mediaType: 'image/webp' } },
      });
      expect(await send('shelter.get', {})).toMatchObject({
        ok: true,
        value: { name: 'Happy Tails Rescue', logo: { mediaType: 'image/webp' } },
      });
      expect(await send('shelter.removeLogo', {})).toMatchObject({ ok: true, value: { logo: null } });

      const account = engine.services.accounts.create({ name: 'Pet Finder App', planId: 'pro' });
      const project = engine.sites.projects.create({ accountId: account.id, name: 'Adopt' });
      const deploy = await engine.sites.projects.deployAdoptionPage(project.id);
      const html = fs.readFileSync(
        path.join(dataDir, 'sites', 'production', String(project.id), String(deploy.number), 'index.html'),
        'utf8',
      );
      expect(html).toContain('<h1>Pets looking for a home at Happy Tails Rescue</h1>');
      expect(html).not.toContain('Pet Finder App');
    } finally {
      engine.close();
    }
  });
});
