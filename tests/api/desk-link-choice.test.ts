/**
 * What staff type as the shelter server's address, and the desk's choice kept in its
 * user-data dir (read with its schema, a damaged file kept aside), through the first-run page's three
 * calls as the shell hands them over: each payload validated, errors as values.
 */
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { parseServerAddress } from '../../src/main/desk-link/address';
import { deskChoiceFile, forgetDeskChoice, readDeskChoice, saveDeskChoice } from '../../src/main/desk-link/choice-file';
import { createDeskLink } from '../../src/main/desk-link/desk-link';
import { AppError } from '../../src/shared/errors';
import { shortCodeOf } from '../../src/shared/team';
import { startTestShelterServer, type TestShelterServer } from '../helpers/shelter-server';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

describe('the address staff type', () => {
  it.each([
    ['shelter-pc', 'shelter-pc', 4020, 'https://shelter-pc:4020/admin/'],
    ['192.168.1.20', '192.168.1.20', 4020, 'https://192.168.1.20:4020/admin/'],
    ['shelter-pc:4021', 'shelter-pc', 4021, 'https://shelter-pc:4021/admin/'],
    ['https://Shelter-PC:4020/admin/', 'shelter-pc', 4020, 'https://shelter-pc:4020/admin/'],
    ['https://shelter-pc', 'shelter-pc', 4020, 'https://shelter-pc:4020/admin/'],
    // The URL parser drops :443 as https's default: the port typed is kept all the same.
    ['https://shelter-pc:443/', 'shelter-pc', 443, 'https://shelter-pc:443/admin/'],
    ['[fe80::1]:4022', 'fe80::1', 4022, 'https://[fe80::1]:4022/admin/'],
    ['shelter-pc.local.', 'shelter-pc.local.', 4020, 'https://shelter-pc.local.:4020/admin/'],
  ])('reads %s', (typed, host, port, url) => {
    expect(parseServerAddress(typed)).toEqual({ host, port, url });
  });

  it.each([
    ['', 'address_empty'],
    ['   ', 'address_empty'],
    ['http://shelter-pc:4020/admin/', 'address_not_https'],
    ['ftp://shelter-pc', 'address_not_https'],
    ['shelter pc', 'address_malformed'],
    ['staff@shelter-pc', 'address_malformed'],
    ['https://', 'address_malformed'],
    ['shelter_pc!', 'address_malformed'],
    ['shelter-pc:0', 'address_port'],
    ['shelter-pc:70000', 'address_port'],
    ['shelter-pc:port', 'address_malformed'],
  ])('refuses %j as %s, naming what was typed', (typed, reason) => {
    let caught: unknown;
    try {
      parseServerAddress(typed);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect(caught).toMatchObject({ code: 'validation_failed', details: { field: 'address', reason, address: typed } });
  });
});

describe("the desk's choice file", () => {
  let dir: string;
  beforeEach(() => {
    dir = makeTempDir('desk-choice');
    onTestFinished(() => removeTempDir(dir));
  });
  const NOW = new Date('2026-11-27T16:00:00.000Z');
  const FINGERPRINT = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, '0').toUpperCase()).join(':');

  it('reads as not chosen when there is none, and keeps a choice once saved, owner-only', () => {
    const file = deskChoiceFile(dir);
    expect(readDeskChoice(file, NOW)).toEqual({ choice: null, damage: null });
    const choice = {
      mode: 'shelter-server',
      url: 'https://shelter-pc:4020/admin/',
      fingerprint: FINGERPRINT,
      caPem: '-----BEGIN CERTIFICATE-----\nMII\n-----END CERTIFICATE-----\n',
      pinnedAt: NOW.getTime(),
    } as const;
    saveDeskChoice(file, choice);
    expect(readDeskChoice(file, NOW)).toEqual({ choice, damage: null });
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    forgetDeskChoice(file);
    expect(readDeskChoice(file, NOW).choice).toBeNull();
  });

  it.each([
    ['not JSON', '{"mode": "this-comp'],
    ['an unknown mode', '{"mode":"cloud"}'],
    [
      'a server without its CA',
      `{"mode":"shelter-server","url":"https://shelter-pc:4020/admin/","fingerprint":"${'AB:'.repeat(31)}AB","pinnedAt":1}`,
    ],
    [
      'a server over plain HTTP',
      `{"mode":"shelter-server","url":"http://shelter-pc:4020/admin/","fingerprint":"${'AB:'.repeat(31)}AB","caPem":"-----BEGIN CERTIFICATE-----","pinnedAt":1}`,
    ],
  ])('reads a damaged file (%s) as not chosen yet, and keeps it aside', (_what, text) => {
    const file = deskChoiceFile(dir);
    fs.writeFileSync(file, text);
    const read = readDeskChoice(file, NOW);
    expect(read.choice).toBeNull();
    expect(read.damage?.keptAs).toBe(`${file}.broken-2026-11-27T160000.000Z`);
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.readFileSync(read.damage?.keptAs ?? '', 'utf8')).toBe(text);
  });
});

describe("the first-run page's calls", () => {
  let server: TestShelterServer;
  let otherServer: TestShelterServer;
  let dir: string;
  beforeAll(async () => {
    [server, otherServer] = await Promise.all([startTestShelterServer(), startTestShelterServer()]);
    dir = makeTempDir('desk-link');
  });
  afterAll(async () => {
    await Promise.all([server.close(), otherServer.close()]);
    removeTempDir(dir);
  });

  it('looks, then pins the CA staff compared; the page is told the code, never the CA', async () => {
    const file = path.join(dir, 'pinned.json');
    const link = createDeskLink({ file, now: () => 1_795_000_000_000 });
    expect(await link.current()).toEqual({ ok: true, value: { choice: null } });
    const fingerprint = new X509Certificate(server.caPem).fingerprint256;
    const looked = await link.probe({ address: `localhost:${server.port}` });
    expect(looked).toEqual({
      ok: true,
      value: { url: `https://localhost:${server.port}/admin/`, fingerprint, shortCode: shortCodeOf(fingerprint) },
    });

    const chosen = await link.choose({ mode: 'shelter-server', address: `localhost:${server.port}`, fingerprint });
    const mode = {
      mode: 'shelter-server',
      url: `https://localhost:${server.port}/admin/`,
      shortCode: shortCodeOf(fingerprint),
    };
    expect(chosen).toEqual({ ok: true, value: mode });
    expect(await link.current()).toEqual({ ok: true, value: { choice: mode } });
    expect(readDeskChoice(file, new Date()).choice).toStrictEqual({
      mode: 'shelter-server',
      url: mode.url,
      fingerprint,
      caPem: server.caPem,
      pinnedAt: 1_795_000_000_000,
    });
  });

  it('refuses to pin when the server now shows another CA than the one compared, and stores nothing', async () => {
    const file = path.join(dir, 'refused.json');
    const link = createDeskLink({ file });
    const compared = new X509Certificate(server.caPem).fingerprint256;
    const result = await link.choose({
      mode: 'shelter-server',
      address: `localhost:${otherServer.port}`,
      fingerprint: compared,
    });
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'server_identity_changed',
        details: {
          pinnedCode: shortCodeOf(compared),
          presentedCode: shortCodeOf(new X509Certificate(otherServer.caPem).fingerprint256),
        },
      },
    });
    expect(fs.existsSync(file)).toBe(false);
  });

  it('keeps "this computer" as the choice', async () => {
    const link = createDeskLink({ file: path.join(dir, 'local.json') });
    expect(await link.choose({ mode: 'this-computer' })).toEqual({ ok: true, value: { mode: 'this-computer' } });
    expect(await link.current()).toEqual({ ok: true, value: { choice: { mode: 'this-computer' } } });
  });

  it.each([
    ['probe', undefined],
    ['probe', { address: 42 }],
    ['probe', { address: 'shelter-pc', extra: true }],
    ['choose', { mode: 'shelter-server', address: 'shelter-pc' }],
    ['choose', { mode: 'shelter-server', address: 'shelter-pc', fingerprint: 'ab:cd' }],
    ['choose', { mode: 'this-computer', url: 'https://elsewhere/' }],
  ] as const)('refuses a %s payload that breaks its schema: %j', async (call, payload) => {
    const link = createDeskLink({ file: path.join(dir, 'never.json') });
    expect(await link[call](payload)).toMatchObject({ ok: false, error: { code: 'validation_failed', status: 400 } });
    expect(fs.existsSync(path.join(dir, 'never.json'))).toBe(false);
  });

  it('answers a bad address with its typed details, as a value', async () => {
    const link = createDeskLink({ file: path.join(dir, 'never.json') });
    expect(await link.probe({ address: 'http://shelter-pc' })).toMatchObject({
      ok: false,
      error: { code: 'validation_failed', details: { field: 'address', reason: 'address_not_https' } },
    });
  });
});
