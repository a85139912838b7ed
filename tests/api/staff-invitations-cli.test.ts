/** `staff invitations`, `staff revoke-invite` and `staff lockouts` on the CLI, run in-process over a temp data dir. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../../src/shared/staff';
import { Engine } from '../../src/main/engine/engine';
import { runCliInProcess } from '../helpers/cli-in-process';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { roomInRealMinute } from '../helpers/wait-for';

let dataDir: string;
let passwordFile: string;
const cli = (...args: string[]) => runCliInProcess(dataDir, args);

beforeAll(() => {
  dataDir = makeTempDir('staff-invitations-cli');
  passwordFile = path.join(dataDir, 'password.txt');
  fs.writeFileSync(passwordFile, 'a long shelter password\n');
});

afterAll(() => removeTempDir(dataDir));

it('lists the pending invitations, revokes one (its code then works no more), and says when none is left', async () => {
  expect(
    (await cli('staff', 'add', '--name', 'Ana', '--login', 'ana', '--role', 'owner', '--password-file', passwordFile))
      .code,
  ).toBe(0);
  const invite = JSON.parse(
    (await cli('staff', 'invite', '--name', 'Cleo', '--role', 'volunteer', '--json')).stdout,
  ) as { code: string };
  const listed = await cli('staff', 'invitations');
  expect(listed.code, listed.stderr).toBe(0);
  expect(listed.stdout).toMatch(/^id\s+name\s+role\s+invitedBy\s+createdAt\s+expiresAt\n1\s+Cleo\s+volunteer\s+desk\s/);
  expect(listed.stdout).not.toContain(invite.code);
  expect(JSON.parse((await cli('staff', 'invitations', '--json')).stdout)).toEqual([
    expect.objectContaining({ id: 1, name: 'Cleo', role: 'volunteer', invitedBy: null }),
  ]);

  expect((await cli('staff', 'revoke-invite', '1')).code).toBe(0);
  expect((await cli('staff', 'invitations')).stderr).toContain('No invitation is waiting.');
  const again = await cli('staff', 'revoke-invite', '1');
  expect(again.code).toBe(1);
  expect(again.stderr).toContain('There is no pending invitation 1; see "staff invitations".');
  const engine = new Engine({ dataDir, environment: 'production' });
  try {
    await expect(
      engine.services.staff.acceptInvite(invite.code, 'cleo', 'a long shelter password'),
    ).rejects.toMatchObject({ details: { reason: 'invite_invalid' } });
  } finally {
    engine.close();
  }
});

it('lists the lockouts the server set', async () => {
  expect((await cli('staff', 'lockouts')).stderr).toContain('Nothing is locked out.');
  // The throttle counts in fixed minutes of the real clock: the attempts and the listing share one.
  await roomInRealMinute(15);
  const engine = new Engine({ dataDir, environment: 'production' });
  try {
    for (let attempt = 0; attempt < LOGIN_LIMITS.perLogin.perMinute; attempt++)
      await engine.services.staff.login('ana', 'not the password', `10.0.0.${attempt}`).catch(() => undefined);
  } finally {
    engine.close();
  }
  expect(JSON.parse((await cli('staff', 'lockouts', '--json')).stdout)).toEqual([
    expect.objectContaining({ kind: 'login', subject: 'ana', address: null, until: expect.any(Number) }),
  ]);
  expect((await cli('staff', 'lockouts')).stdout).toMatch(/^kind\s+subject\s+address\s+until\nlogin\s+ana\s+any\s/);
});
