import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { foldForSearch } from '../../src/shared/names';
import { Engine } from '../../src/main/engine/engine';
import { runCliInProcess } from '../helpers/cli-in-process';
import { runCliThroughNpm, type ProcessResult } from '../helpers/processes';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const KEY_LINE = /^adk_live_[0-9A-Za-z]{38}\n$/;

let dataDir: string;

beforeEach(() => {
  dataDir = makeTempDir();
  // Migrate first: CLI runs started at the same moment on a brand-new data dir race (see engine-open.test.ts).
  new Engine({ dataDir, environment: 'production' }).close();
});

afterEach(() => {
  removeTempDir(dataDir);
});

// In this process: the CLI as a child process is the subject only where `npm run --silent` is.
const cli = (...args: string[]) => runCliInProcess(dataDir, args);

/** Reads the data dir the way the server would, after the CLI has exited. */
function inspect<T>(look: (engine: Engine) => T): T {
  const engine = new Engine({ dataDir, environment: 'production' });
  try {
    return look(engine);
  } finally {
    engine.close();
  }
}

function expectOk(result: ProcessResult): void {
  expect(result.code, result.stderr).toBe(0);
}

function expectRefused(result: ProcessResult, stderr: RegExp): void {
  expect(result.code).toBe(1);
  expect(result.stderr).toMatch(stderr);
}

describe('keys', () => {
  it('`npm run --silent cli -- keys create --plan free` prints only the key; each key gets its own account', async () => {
    const first = await runCliThroughNpm(['--data-dir', dataDir, 'keys', 'create', '--plan', 'free']);
    const second = await runCliThroughNpm(['--data-dir', dataDir, 'keys', 'create', '--plan', 'free']);
    for (const result of [first, second]) {
      expectOk(result);
      expect(result.stdout).toMatch(KEY_LINE);
    }
    expect(first.stdout).not.toBe(second.stdout);
    const identities = inspect((engine) =>
      [first, second].map((result) => engine.services.keys.authenticate(result.stdout.trim())),
    );
    expect(identities[0]).not.toBeNull();
    expect(identities[1]).not.toBeNull();
    expect(identities[0]?.accountId).not.toBe(identities[1]?.accountId);
    const plans = inspect((engine) => engine.services.accounts.list().map((account) => account.planId));
    expect(plans).toEqual(['free', 'free']);
  });

  it('Enterprise keys take their figures; --account adds a key to an existing account', async () => {
    const created = await cli(
      'keys',
      'create',
      '--plan',
      'enterprise',
      '--per-minute',
      '5000',
      '--per-day',
      '90000',
      '--label',
      'partner',
    );
    expectOk(created);
    const accountId = inspect((engine) => engine.services.keys.authenticate(created.stdout.trim())?.accountId);
    expect(accountId).toBeDefined();
    const account = inspect((engine) => engine.services.accounts.get(accountId ?? 0));
    expect(account).toMatchObject({ planId: 'enterprise', customPerMinute: 5000, customPerDay: 90000 });

    const added = await cli('keys', 'create', '--account', String(accountId));
    expectOk(added);
    expect(added.stdout).toMatch(KEY_LINE);
    expect(inspect((engine) => engine.services.keys.authenticate(added.stdout.trim())?.accountId)).toBe(accountId);
    expect(inspect((engine) => engine.services.accounts.list())).toHaveLength(1);
  });

  it('refuses what cannot be done, with nothing on stdout', async () => {
    const refusals = await Promise.all([
      cli('keys', 'create'),
      cli('keys', 'create', '--plan', 'enterprise'),
      cli('keys', 'create', '--plan', 'free', '--per-minute', '10'),
      cli('keys', 'create', '--plan', 'platinum'),
      cli('keys', 'create', '--account', '99'),
    ]);
    expectRefused(refusals[0] as ProcessResult, /--plan/);
    expectRefused(refusals[1] as ProcessResult, /Enterprise/);
    expectRefused(refusals[2] as ProcessResult, /Enterprise/);
    expect(refusals[3]?.code).not.toBe(0);
    expect(refusals[3]?.stderr).toMatch(/platinum|choices/i);
    expectRefused(refusals[4] as ProcessResult, /Account 99/);
    for (const result of refusals) expect(result.stdout).toBe('');
    expect(inspect((engine) => engine.services.accounts.list())).toHaveLength(0);
  });

  it('revokes by the key itself and by id; list never shows a plaintext key', async () => {
    const made = await Promise.all([
      cli('keys', 'create', '--plan', 'pro'),
      cli('keys', 'create', '--plan', 'business'),
    ]);
    const [byKey, byId] = made.map((result) => result.stdout.trim());
    const idOf = (key: string) => inspect((engine) => engine.services.keys.authenticate(key)?.keyId);
    const secondId = idOf(byId ?? '');
    expect(secondId).toBeDefined();

    const listed = await Promise.all([cli('keys', 'list'), cli('--json', 'keys', 'list')]);
    for (const result of listed) {
      expectOk(result);
      for (const key of [byKey, byId]) expect(result.stdout).not.toContain(key?.slice(13));
    }
    expect(listed[0]?.stdout).toMatch(/adk_live_\w{4}…/);
    expect(JSON.parse(listed[1]?.stdout ?? '')).toHaveLength(2);

    const revokedByKey = await runCliThroughNpm(['--data-dir', dataDir, 'keys', 'revoke', byKey ?? '']);
    expectOk(revokedByKey);
    expect(revokedByKey.stdout).toBe('');
    expect(revokedByKey.stderr).toMatch(/revoked/);
    expectOk(await cli('keys', 'revoke', String(secondId)));
    expect(idOf(byKey ?? '')).toBeUndefined();
    expect(idOf(byId ?? '')).toBeUndefined();
    expectRefused(await cli('keys', 'revoke', 'adk_live_nothing'), /No API key/);
  });
});

describe('refusals exit 1 with `Error: …` on stderr when nothing was done', () => {
  it('revoking a key twice, lifting a ban on a missing or unbanned key', async () => {
    const made = await cli('--json', 'keys', 'create', '--plan', 'free');
    expectOk(made);
    const { id, displayPrefix } = JSON.parse(made.stdout) as { id: number; displayPrefix: string };
    expectOk(await cli('keys', 'revoke', String(id)));
    const results = await Promise.all([
      cli('keys', 'revoke', String(id)),
      cli('bans', 'lift', '99'),
      cli('bans', 'lift', String(id)),
    ]);
    const [again, missing, unbanned] = results as [ProcessResult, ProcessResult, ProcessResult];
    expectRefused(
      again,
      new RegExp(
        `^Error: Key ${id} \\(${displayPrefix}\\) was already revoked on \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ\\.\\n$`,
      ),
    );
    expectRefused(missing, /^Error: API key 99 does not exist\.\n$/);
    expectRefused(unbanned, new RegExp(`^Error: Key ${id} is not banned`));
    for (const result of results) expect(result.stdout).toBe('');
  });

  it('duplicate account names, names with control characters, and removing a category with pets', async () => {
    expectOk(await cli('accounts', 'create', '--name', 'Señor', '--plan', 'free'));
    expectOk(await cli('pets', 'add', '--name', 'Rex', '--category', '1'));
    expectOk(await cli('pets', 'add', '--name', 'Fido', '--category', '1'));
    const results = await Promise.all([
      cli('accounts', 'create', '--name', 'SEÑOR', '--plan', 'pro'),
      cli('pets', 'add', '--name', 'Evil\x1b[2J', '--category', '1'),
      cli('categories', 'remove', '1'),
    ]);
    const [duplicate, control, inUse] = results as [ProcessResult, ProcessResult, ProcessResult];
    expectRefused(
      duplicate,
      /^Error: Account 1 is already named "Señor"; account names must differ in more than case\.\n$/,
    );
    expectRefused(control, /^Error: name: must not contain control characters \(found U\+001B\)\n$/);
    expectRefused(inUse, /^Error: Dogs still has 2 pets; move or remove them first\.\n$/);
    expect(
      inspect((engine) => [
        engine.services.accounts.list().length,
        engine.services.pets.count(),
        engine.services.categories.exists(1),
      ]),
    ).toEqual([1, 2, true]);
  });

  it('`keys create` on new accounts numbers a taken account name instead of refusing', async () => {
    for (let i = 0; i < 2; i++) expectOk(await cli('keys', 'create', '--plan', 'pro', '--label', 'Website'));
    expect(inspect((engine) => engine.services.accounts.list().map((account) => account.name))).toEqual([
      'Website',
      'Website (2)',
    ]);
  });
});

describe('pets list', () => {
  /** Rows the API and services now refuse, as an older version or another tool could have stored them. */
  function storeRaw(...names: string[]): void {
    inspect((engine) => {
      const insert = engine.sqlite.prepare(
        "INSERT INTO pets (name, name_folded, category_id, status, created_at, updated_at) VALUES (?, ?, 1, 'available', 0, 0)",
      );
      for (const name of names) insert.run(name, foldForSearch(name));
    });
  }

  it('prints names with escape sequences and line breaks as visible escapes, one row per pet', async () => {
    const forged = 'Evil\x1b[2J\x1b]0;pwned\x07\n999  Forged  1  sold';
    storeRaw(forged, 'Zero\u200bWidth', '👩‍👩‍👧 Family');
    const [table, json] = await Promise.all([cli('pets', 'list'), cli('--json', 'pets', 'list')]);
    expectOk(table);
    expect(table.stdout).not.toMatch(/\p{Cc}(?<!\n)/u);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('Evil\\x1b[2J\\x1b]0;pwned\\x07\\n999  Forged  1  sold');
    expect(lines[2]).toContain('Zero\\u200bWidth');
    expect(lines[3]).toContain('👩‍👩‍👧 Family');
    expectOk(json);
    expect((JSON.parse(json.stdout) as { name: string }[]).map((pet) => pet.name)).toEqual([
      forged,
      'Zero\u200bWidth',
      '👩‍👩‍👧 Family',
    ]);
  });

  it('escapes stored names in error messages too', async () => {
    inspect((engine) => engine.sqlite.prepare('UPDATE categories SET name = ? WHERE id = 1').run('Dogs\x1b[31m'));
    storeRaw('Rex');
    const refused = await cli('categories', 'remove', '1');
    expectRefused(refused, /^Error: Dogs\\x1b\[31m still has 1 pet; move or remove it first\.\n$/);
  });

  it('`--search` ignores case beyond ASCII', async () => {
    for (const name of ['Señor Whiskers', 'éclair', 'Rex'])
      expectOk(await cli('pets', 'add', '--name', name, '--category', '2'));
    const [senor, eclair] = await Promise.all([
      cli('--json', 'pets', 'list', '--search', 'SEÑOR'),
      cli('--json', 'pets', 'list', '--search', 'ÉCLAIR'),
    ]);
    expect((JSON.parse(senor.stdout) as { name: string }[]).map((pet) => pet.name)).toEqual(['Señor Whiskers']);
    expect((JSON.parse(eclair.stdout) as { name: string }[]).map((pet) => pet.name)).toEqual(['éclair']);
  });
});

describe('pets list --search', () => {
  it('ignores accents as well as case: zoe, cle and sen find Zoë, Cléo and Señor Biscuit', async () => {
    inspect((engine) =>
      ['Zoë', 'Cléo', 'Señor Biscuit', 'Rex'].forEach((name) => engine.services.pets.create({ name, categoryId: 2 })),
    );
    const found = await Promise.all(
      ['zoe', 'cle', 'sen', 'ZOË'].map(async (search) =>
        (JSON.parse((await cli('--json', 'pets', 'list', '--search', search)).stdout) as { name: string }[]).map(
          (pet) => pet.name,
        ),
      ),
    );
    expect(found).toEqual([['Zoë'], ['Cléo'], ['Señor Biscuit'], ['Zoë']]);
  });
});

describe('times', () => {
  const ISO_SECONDS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;

  it('tables show moments as ISO-8601 UTC; --json keeps the milliseconds and adds the ISO string beside them', async () => {
    expectOk(await cli('keys', 'create', '--plan', 'free'));
    expectOk(await cli('pets', 'add', '--name', 'Rex', '--category', '1'));
    expectOk(await cli('pets', 'status', '1', 'sold'));
    const [keysTable, keysJson, historyTable, historyJson] = await Promise.all([
      cli('keys', 'list'),
      cli('--json', 'keys', 'list'),
      cli('pets', 'history', '1'),
      cli('--json', 'pets', 'history', '1'),
    ]);
    /** Table rows as objects, cut at the columns' positions in the header. */
    const cellsOf = (result: ProcessResult) => {
      const [header = '', ...rows] = result.stdout.trimEnd().split('\n');
      const columns = [...header.matchAll(/\S+/g)].map((match, i, all) => ({
        name: match[0],
        from: match.index,
        to: all[i + 1]?.index,
      }));
      return rows.map((row) =>
        Object.fromEntries(columns.map(({ name, from, to }) => [name, row.slice(from, to).trim()])),
      );
    };
    const [keyRow] = cellsOf(keysTable);
    expect(keyRow?.createdAt).toMatch(ISO_SECONDS);
    expect(keyRow?.lastUsedAt).toBe('-');
    expect(cellsOf(historyTable).map((row) => row.changedAt)).toEqual([
      expect.stringMatching(ISO_SECONDS),
      expect.stringMatching(ISO_SECONDS),
    ]);
    const [key] = JSON.parse(keysJson.stdout) as {
      createdAt: number;
      createdAtIso: string;
      lastUsedAt: null;
      lastUsedAtIso: null;
    }[];
    expect(key?.createdAtIso).toBe(new Date(key?.createdAt ?? 0).toISOString());
    expect(key).toMatchObject({ lastUsedAt: null, lastUsedAtIso: null, revokedAt: null, revokedAtIso: null });
    const history = JSON.parse(historyJson.stdout) as { changedAt: number; changedAtIso: string }[];
    for (const change of history) expect(change.changedAtIso).toBe(new Date(change.changedAt).toISOString());
  });
});

describe('pets import', () => {
  function write(name: string, text: string): string {
    const file = path.join(dataDir, name);
    fs.writeFileSync(file, text);
    return file;
  }

  const petNames = () =>
    inspect((engine) =>
      engine.services.pets.browse({ limit: 500 }).pets.map((pet) => [pet.name, pet.categoryId, pet.status]),
    );

  it('imports every row of a CSV and of a JSON file', async () => {
    const csv = write(
      'pets.csv',
      '\uFEFFname,categoryId,status\nRex,1,\n"Miss Kitty, the 2nd",2,pending\n🐰 Thumper,3,sold\n',
    );
    const json = write(
      'pets.json',
      JSON.stringify([
        { name: 'Tweety', categoryId: 4 },
        { name: '  Spaced  ', categoryId: 1, status: 'available' },
      ]),
    );
    expectOk(await cli('pets', 'import', csv));
    expectOk(await cli('pets', 'import', json));
    expect(petNames()).toEqual([
      ['Rex', 1, 'available'],
      ['Miss Kitty, the 2nd', 2, 'pending'],
      ['🐰 Thumper', 3, 'sold'],
      ['Tweety', 4, 'available'],
      ['Spaced', 1, 'available'],
    ]);
  });

  it('imports nothing when one row is bad, and names that row', async () => {
    const csv = write('bad.csv', 'name,categoryId,status\nRex,1,\nFluffy,2,adopted\nBella,3,\n');
    const json = write(
      'bad.json',
      JSON.stringify([
        { name: 'A', categoryId: 1 },
        { name: 'B', categoryId: 1 },
        { name: 'C', categoryId: 77 },
      ]),
    );
    const notJson = write('broken.json', '[{"name":');
    const results = await Promise.all([
      cli('pets', 'import', csv),
      cli('pets', 'import', json),
      cli('pets', 'import', notJson),
      cli('pets', 'import', path.join(dataDir, 'missing.csv')),
    ]);
    expectRefused(results[0] as ProcessResult, /row 2: status/);
    expectRefused(results[1] as ProcessResult, /row 3: categoryId/);
    expectRefused(results[2] as ProcessResult, /not valid JSON/);
    expectRefused(results[3] as ProcessResult, /Cannot read/);
    expect(petNames()).toEqual([]);
  });
});
