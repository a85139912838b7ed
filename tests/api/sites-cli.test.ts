import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import type { Deploy, DnsRecord, Domain, Project } from '../../src/shared/sites';
import { startTestDns, type TestDns } from '../helpers/dns-server';
import { runCliInProcess } from '../helpers/cli-in-process';
import type { ProcessResult } from '../helpers/processes';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let dataDir: string;
let dns: TestDns;
let proAccount: number;
let freeAccount: number;

beforeAll(async () => {
  dataDir = makeTempDir();
  dns = await startTestDns();
  const engine = new Engine({ dataDir, environment: 'production' });
  proAccount = engine.services.accounts.create({ name: 'Happy Paws', planId: 'pro' }).id;
  freeAccount = engine.services.accounts.create({ name: 'Small Shelter', planId: 'free' }).id;
  engine.close();
  fs.mkdirSync(path.join(dataDir, 'site'));
  fs.writeFileSync(path.join(dataDir, 'site', 'index.html'), '<h1>Happy Paws</h1>');
});

afterAll(async () => {
  await dns.close();
  removeTempDir(dataDir);
});

const cli = (...args: string[]) => runCliInProcess(dataDir, ['--dns-server', dns.server, ...args]);

function json<T>(result: ProcessResult): T {
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as T;
}

function expectRefused(result: ProcessResult, stderr: RegExp): void {
  expect(result.code).toBe(1);
  expect(result.stderr).toMatch(/^Error: /);
  expect(result.stderr).toMatch(stderr);
}

describe('sites CLI (docs/contract.md, "Published sites and custom domains")', () => {
  it('creates, deploys, attaches, verifies, promotes and removes, with --json and refusals on stderr', async () => {
    const project = json<Project>(
      await cli('projects', 'create', '--account', String(proAccount), '--name', 'Happy Paws', '--json'),
    );
    expect(project).toMatchObject({ slug: 'happy-paws', liveDeploy: null, url: 'http://happy-paws.localhost/' });
    const free = json<Project>(
      await cli('projects', 'create', '--account', String(freeAccount), '--name', 'Small', '--json'),
    );

    const [deployed, failed, both, neither] = await Promise.all([
      cli('deploy', 'happy-paws', path.join(dataDir, 'site'), '--json'),
      cli('deploy', String(free.id), path.join(dataDir, 'missing')),
      cli('deploy', 'happy-paws', path.join(dataDir, 'site'), '--adoption-page'),
      cli('deploy', 'happy-paws'),
    ]);
    expect(json<Deploy>(deployed)).toMatchObject({ number: 1, outcome: 'succeeded', live: true, fileCount: 1 });
    expectRefused(failed, /deploy 1 of small failed: folder missing/);
    expect(failed.stdout).toBe('');
    expectRefused(both, /either a folder to deploy or --adoption-page/);
    expectRefused(neither, /either a folder to deploy or --adoption-page/);

    const [planRefusal, unknownProject, badDomain, adoption] = await Promise.all([
      cli('domains', 'add', 'small', 'www.small.test'),
      cli('domains', 'add', 'nope', 'www.small.test'),
      cli('domains', 'add', 'happy-paws', '*.shelter.test'),
      cli('deploy', 'happy-paws', '--adoption-page', '--json'),
    ]);
    expectRefused(planRefusal, /needs the Pro plan or above .* is on Free/);
    expectRefused(unknownProject, /no project with slug nope/);
    expectRefused(badDomain, /wildcard/);
    expect(json<Deploy>(adoption)).toMatchObject({ number: 2, source: 'adoption_page', live: true });

    const primary = json<Domain>(await cli('domains', 'add', 'happy-paws', 'WWW.Shelter.Test', '--json'));
    expect(primary).toMatchObject({ name: 'www.shelter.test', role: 'primary', status: 'pending' });
    const redirect = json<Domain>(
      await cli(
        'domains',
        'add',
        String(project.id),
        'shelter.test',
        '--redirect-to',
        'www.shelter.test',
        '--status',
        '308',
        '--json',
      ),
    );
    expect(redirect).toMatchObject({ role: 'redirect', to: 'www.shelter.test', redirectStatus: 308 });
    expectRefused(await cli('domains', 'add', 'happy-paws', 'www.shelter.test'), /already attached to this project/);

    const record = json<DnsRecord>(await cli('domains', 'record', 'shelter.test', '--json'));
    expect(record).toEqual({ type: 'ALIAS', name: 'shelter.test', value: 'happy-paws.localhost', ttl: 3600 });
    const text = await cli('domains', 'record', 'www.shelter.test');
    expect(text.stdout).toMatch(/CNAME\s+www\.shelter\.test\s+happy-paws\.localhost\s+3600/);

    expect(json<Domain>(await cli('domains', 'verify', 'www.shelter.test', '--json'))).toMatchObject({
      status: 'pending',
      found: [],
    });
    dns.zone = { 'www.shelter.test': { CNAME: 'happy-paws.localhost' }, 'shelter.test': { A: '127.0.0.1' } };
    expect(json<Domain>(await cli('domains', 'verify', 'www.shelter.test', '--json'))).toMatchObject({
      status: 'verified',
      found: ['CNAME happy-paws.localhost'],
    });
    const verifiedText = await cli('domains', 'verify', 'shelter.test');
    expect(verifiedText.code).toBe(0);
    expect(verifiedText.stdout).toMatch(/shelter\.test\s+verified\s+A 127\.0\.0\.1, AAAA ::1\s+A 127\.0\.0\.1/);

    const listed = json<Domain[]>(await cli('domains', 'list', '--json'));
    expect(listed.map((domain) => domain.name)).toEqual(['www.shelter.test', 'shelter.test']);
    for (const domain of listed) {
      expect(Object.keys(domain)).toEqual(
        expect.arrayContaining(['name', 'project', 'role', 'status', 'record', 'certificate']),
      );
      expect(domain.certificate).toMatchObject({ state: 'none', issuer: null, notAfter: null, needsReverify: false });
      expect(domain.project).toBe('happy-paws');
    }
    expect(listed[1]).toMatchObject({ role: 'redirect', to: 'www.shelter.test', redirectStatus: 308 });
    // Every moment also in ISO-8601 beside it in JSON, and in ISO-8601 in tables.
    const withIso = listed[0] as Domain & Record<string, unknown>;
    expect(withIso.checkedAtIso).toBe(new Date(withIso.checkedAt ?? 0).toISOString());
    expect(withIso.verifiedAtIso).toBe(new Date(withIso.verifiedAt ?? 0).toISOString());
    expect(withIso).toHaveProperty('nextCheckAtIso', null);
    const pending = await cli(
      'domains',
      'add',
      'happy-paws',
      'later.shelter.test',
      '--redirect-to',
      'www.shelter.test',
    );
    expect(pending.code).toBe(0);
    await cli('domains', 'verify', 'later.shelter.test');
    const table = await cli('domains', 'list');
    expect(table.stdout).toMatch(/later\.shelter\.test.*\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/);
    expect(table.stdout).not.toMatch(/\b1\d{12}\b/);
    await cli('domains', 'remove', 'later.shelter.test');
    expect(json<Domain[]>(await cli('domains', 'list', 'small', '--json'))).toEqual([]);

    expectRefused(await cli('domains', 'remove', 'www.shelter.test'), /promote one of them first/);
    expect(json<Domain>(await cli('domains', 'promote', 'shelter.test', '--json'))).toMatchObject({ role: 'primary' });
    expect(json<Domain>(await cli('domains', 'remove', 'www.shelter.test', '--json'))).toMatchObject({
      name: 'www.shelter.test',
      role: 'redirect',
    });
    expectRefused(await cli('domains', 'verify', 'www.shelter.test'), /No project has the domain www\.shelter\.test/);

    expect(json<Deploy>(await cli('deploys', 'rollback', 'happy-paws', '1', '--json'))).toMatchObject({
      number: 1,
      live: true,
    });
    expectRefused(await cli('deploys', 'rollback', 'small', '1'), /failed \(folder missing/);
    const history = json<Deploy[]>(await cli('deploys', 'list', 'happy-paws', '--json'));
    expect(history.map((deploy) => [deploy.number, deploy.live])).toEqual([
      [2, false],
      [1, true],
    ]);
    const projects = json<Project[]>(await cli('projects', 'list', '--json'));
    expect(projects.map((item) => [item.slug, item.liveDeploy])).toEqual([
      ['happy-paws', 1],
      ['small', null],
    ]);
    // About 25 CLI runs, each starting Node and tsx: slow on a busy machine.
  }, 120_000);

  it('escapes a terminal escape in the error message, like every other command (a sites and a certificates command)', async () => {
    const [project, domain] = await Promise.all([
      cli('deploys', 'list', 'nope\x1b[31m'),
      cli('domains', 'reverify', 'www.nowhere\x1b[31m.test'),
    ]);
    for (const refused of [project, domain]) {
      expect(refused.stderr).not.toContain('\x1b');
      expect(refused.stdout).toBe('');
    }
    expectRefused(project, /^Error: There is no project with slug nope\\x1b\[31m; see "projects list"\.\n$/);
    expectRefused(domain, /^Error: .*\\x1b\[31m.*\n$/);
  });

  it('takes --sites-host for the records, and refuses a bad one or a bad --dns-server', async () => {
    const shown = await runCliInProcess(dataDir, ['--sites-host', 'Sites.Example.Org', 'projects', 'list', '--json']);
    expect(json<Project[]>(shown)[0]?.url).toBe('http://happy-paws.sites.example.org/');
    expectRefused(
      await runCliInProcess(dataDir, ['--sites-host', '10.0.0.1', 'projects', 'list']),
      /--sites-host: "10\.0\.0\.1" is not a DNS name/,
    );
    const badServer = await runCliInProcess(dataDir, ['--dns-server', 'resolver.example', 'domains', 'list']);
    expect(badServer.code).toBe(1);
    expect(badServer.stderr).toMatch(/--dns-server .* must be an IP address/);
  });
});
