/** `staff` and `team` on the CLI, run in-process over a temp data dir: the first owner turns team mode on. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { runCliInProcess } from '../helpers/cli-in-process';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let dataDir: string;
let passwordFile: string;
const cli = (...args: string[]) => runCliInProcess(dataDir, args);

beforeAll(() => {
  dataDir = makeTempDir('staff-cli');
  passwordFile = path.join(dataDir, 'password.txt');
  fs.writeFileSync(passwordFile, 'a long shelter password\n');
});

afterAll(() => removeTempDir(dataDir));

describe('staff on the CLI', () => {
  it('makes the first owner, which turns team mode on; lists, re-roles, deactivates; keeps the last owner', async () => {
    expect((await cli('team', 'status', '--json')).stdout).toContain('"teamMode": "off"');
    const refused = await cli('team', 'enable');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Team mode needs an active owner first.');

    // The audit trail names the desk "desk" (audit list --staff desk): no member may be named so.
    const desk = await cli(
      'staff',
      'add',
      '--name',
      ' Desk ',
      '--login',
      'ana',
      '--role',
      'owner',
      '--password-file',
      passwordFile,
    );
    expect(desk.code).toBe(1);
    expect(desk.stderr).toContain(
      '--name: must not be "desk": the audit trail names the desk so; give the member\'s own name ("audit list --staff desk" lists the desk\'s changes).',
    );
    expect((await cli('staff', 'invite', '--name', 'DESK', '--role', 'staff')).stderr).toContain(
      '--name: must not be "desk"',
    );

    const owner = await cli(
      'staff',
      'add',
      '--name',
      'Ana Ruiz',
      '--login',
      'Ana',
      '--role',
      'owner',
      '--password-file',
      passwordFile,
      '--json',
    );
    expect(owner.code, owner.stderr).toBe(0);
    expect(JSON.parse(owner.stdout)).toMatchObject({ id: 1, login: 'ana', role: 'owner', active: true });
    expect(owner.stderr).toContain('Team mode is on');
    expect((await cli('team', 'status', '--json')).stdout).toContain('"teamMode": "on"');

    expect(
      (await cli('staff', 'add', '--name', 'Ben', '--login', 'ben', '--role', 'staff', '--password-file', passwordFile))
        .code,
    ).toBe(0);
    const roled = await cli('staff', 'set-role', '2', '--role', 'volunteer', '--json');
    expect(JSON.parse(roled.stdout)).toMatchObject({ id: 2, role: 'volunteer' });
    // --json prints the member as staff list --json does (active a boolean), not the table's row.
    expect(JSON.parse((await cli('staff', 'deactivate', '2', '--json')).stdout)).toMatchObject({
      id: 2,
      login: 'ben',
      active: false,
    });
    const list = JSON.parse((await cli('staff', 'list', '--json')).stdout) as { login: string; active: boolean }[];
    expect(list.map(({ login, active }) => [login, active])).toEqual([
      ['ana', true],
      ['ben', false],
    ]);

    const last = await cli('staff', 'deactivate', '1');
    expect(last.code).toBe(1);
    expect(last.stderr).toContain('at least one active owner');
    expect(
      (
        await cli(
          'staff',
          'add',
          '--name',
          'Short',
          '--login',
          'short',
          '--role',
          'staff',
          '--password-file',
          path.join(dataDir, 'missing.txt'),
        )
      ).code,
    ).toBe(1);
  });

  it('sets a password from a file (the old one no longer logs in), gives invitation codes, and goes back to a single desk', async () => {
    fs.writeFileSync(passwordFile, 'another long password\n');
    expect((await cli('staff', 'password', '1', '--password-file', passwordFile)).code).toBe(0);
    const invite = JSON.parse(
      (await cli('staff', 'invite', '--name', 'Cleo', '--role', 'volunteer', '--json')).stdout,
    ) as { code: string };
    expect(invite.code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);

    const engine = new Engine({ dataDir, environment: 'production' });
    try {
      const staff = engine.services.staff;
      await expect(staff.login('ana', 'a long shelter password', null)).rejects.toMatchObject({ code: 'unauthorized' });
      expect((await staff.login('ana', 'another long password', null)).member.login).toBe('ana');
      expect((await staff.acceptInvite(invite.code, 'cleo', 'cleo’s long password')).role).toBe('volunteer');
    } finally {
      engine.close();
    }
    // A seasonal volunteer comes back under their login; a name mistyped at the invitation is corrected.
    const back = await cli('staff', 'reactivate', '2', '--json');
    expect(back.code, back.stderr).toBe(0);
    expect(JSON.parse(back.stdout)).toMatchObject({ id: 2, login: 'ben', active: true });
    const renamed = await cli('staff', 'rename', '2', '--name', ' Ben Okafor ', '--json');
    expect(JSON.parse(renamed.stdout)).toMatchObject({ id: 2, name: 'Ben Okafor', login: 'ben' });
    expect((await cli('staff', 'rename', '2', '--name', 'desk')).stderr).toContain('--name: must not be "desk"');
    expect((await cli('staff', 'rename', '9', '--name', 'Nobody')).stderr).toContain('staff list');
    expect((await cli('team', 'disable')).code).toBe(0);
    expect((await cli('team', 'status', '--json')).stdout).toContain('"teamMode": "off"');
    expect((await cli('--env', 'staging', 'staff', 'list')).stderr).toContain('production');
  });
});
