/** `audit list` on the CLI, run in-process over a temp data dir: filters and --json. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { runCliInProcess } from '../helpers/cli-in-process';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let dataDir: string;
const cli = (...args: string[]) => runCliInProcess(dataDir, args);

beforeAll(() => {
  dataDir = makeTempDir('audit-cli');
  const engine = new Engine({ dataDir, environment: 'production' });
  const { audit } = engine.services;
  audit.record({
    staffId: null,
    staffName: 'desk',
    address: null,
    channel: 'pets.create',
    input: { pet: { name: 'Luna' } },
    result: { id: 7 },
  });
  audit.record({
    staffId: 1,
    staffName: 'Ana',
    address: '192.168.1.20',
    channel: 'pets.update',
    input: { id: 7, changes: { name: 'Lunita' } },
    result: { id: 7 },
  });
  audit.record({
    staffId: 1,
    staffName: 'Ana',
    address: '192.168.1.20',
    channel: 'staff.changePassword',
    input: { current: 'old secret', password: 'new secret' },
    result: null,
  });
  engine.close();
});

afterAll(() => removeTempDir(dataDir));

describe('audit list on the CLI', () => {
  it('lists newest first, filters by member, record, channel and time, and keeps no password', async () => {
    const all = await cli('audit', 'list', '--json');
    expect(all.code, all.stderr).toBe(0);
    const entries = JSON.parse(all.stdout) as {
      channel: string;
      staffName: string;
      record: string | null;
      input: unknown;
    }[];
    expect(entries.map((entry) => entry.channel)).toEqual(['staff.changePassword', 'pets.update', 'pets.create']);
    expect(all.stdout).not.toContain('secret');

    const byRecord = JSON.parse((await cli('audit', 'list', '--record', '7', '--json')).stdout) as {
      channel: string;
    }[];
    expect(byRecord.map((entry) => entry.channel)).toEqual(['pets.update', 'pets.create']);
    const byStaff = JSON.parse((await cli('audit', 'list', '--staff', 'desk', '--json')).stdout) as {
      channel: string;
    }[];
    expect(byStaff.map((entry) => entry.channel)).toEqual(['pets.create']);
    const byChannel = JSON.parse(
      (await cli('audit', 'list', '--channel', 'pets.update', '--limit', '5', '--json')).stdout,
    ) as { input: unknown }[];
    expect(byChannel.map((entry) => entry.input)).toEqual([{ id: 7, changes: { name: 'Lunita' } }]);
    const [, update] = entries as unknown as { id: number }[];
    const older = JSON.parse((await cli('audit', 'list', '--before', String(update?.id), '--json')).stdout) as {
      channel: string;
    }[];
    expect(older.map((entry) => entry.channel)).toEqual(['pets.create']);
    const future = await cli('audit', 'list', '--from', '2999-01-01T00:00:00Z');
    expect(future.stdout + future.stderr).toContain('Nothing in the audit trail yet.');

    const table = await cli('audit', 'list', '--staff', 'Ana');
    expect(table.code).toBe(0);
    expect(table.stdout).toContain('192.168.1.20');
  });
});
