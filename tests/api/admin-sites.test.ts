/**
 * The Sites page's admin channels over browser mode's HTTP transport, against the real AppHost:
 * uploads (a folder, a zip) unpacked and deployed by the same folder deploy, path escapes refused,
 * the domain gates as Error bodies, and the redirects editor.
 */
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningAdmin } from '../../src/main/http/admin/server';
import type { AppHost } from '../../src/main/host/app-host';
import { MAX_DEPLOY_BYTES, type Deploy, type Domain, type Project } from '../../src/shared/sites';
import { siteRequest } from '../helpers/site-http';
import { startAdminHarness, type AdminHarness } from '../helpers/admin-host';
import { adminClient, overHttp } from '../helpers/admin-client';

const TOKEN = 'test-token-sites-0123456789abcdefghijklmnop';
const environment = 'production';

let harness: AdminHarness;
let host: AppHost;
let admin: RunningAdmin;
let accountId: number;

interface Answer<T> {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- an Error body or the channel's value
  body: T & Record<string, any>;
}

/** The window's calls with the desk's token, in `environment` unless they say otherwise. */
const client = adminClient(
  overHttp(() => new URL(admin.url).origin, TOKEN),
  { defaults: { environment }, auth: { token: true } },
);
const send = <T = unknown>(channel: string, input: Record<string, unknown>): Promise<Answer<T>> =>
  client.raw<Answer<T>['body']>(channel, input);

const b64 = (text: string | Uint8Array) => Buffer.from(text).toString('base64');
const apiPort = () => Number(new URL(host.baseUrl(environment) ?? '').port);
const serve = (slug: string, target = '/') => siteRequest(apiPort(), `${slug}.localhost`, target);

async function newProject(name: string): Promise<Project> {
  const answer = await send<Project>('projects.create', { project: { accountId, name } });
  expect(answer.status).toBe(200);
  return answer.body;
}

beforeAll(async () => {
  harness = await startAdminHarness(TOKEN);
  ({ host, admin } = harness);
  accountId = host.engine(environment).services.accounts.create({ name: 'Happy Paws', planId: 'free' }).id;
});

afterAll(() => harness.stop());

describe('deploy from an upload', () => {
  it('a folder upload is deployed, live and served by Host', async () => {
    const project = await newProject('Folder site');
    const upload = {
      kind: 'folder',
      name: 'site',
      files: [
        { path: 'index.html', data: b64('<h1>Folder upload</h1>') },
        { path: 'css/site.css', data: b64('h1{}') },
      ],
    };
    const answer = await send<Deploy>('deploys.fromUpload', { projectId: project.id, upload });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      number: 1,
      outcome: 'succeeded',
      fileCount: 2,
      live: true,
      folder: 'upload of folder site',
    });
    const page = await serve(project.slug);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Folder upload');
    expect((await serve(project.slug, '/css/site.css')).body).toBe('h1{}');
  });

  it('a zip made from a folder deploys what the folder holds; more than 4 MiB goes through', async () => {
    const project = await newProject('Zip site');
    const big = new Uint8Array(5 * 1024 * 1024).map((_, index) => (index * 7919) % 251);
    const zip = zipSync({
      'site/index.html': new TextEncoder().encode('<h1>Zipped</h1>'),
      'site/media/big.bin': [big, { level: 0 }],
      'site/empty/': new Uint8Array(),
    });
    const answer = await send<Deploy>('deploys.fromUpload', {
      projectId: project.id,
      upload: { kind: 'zip', name: 'site.zip', data: b64(zip) },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      outcome: 'succeeded',
      fileCount: 2,
      byteSize: big.length + 15,
      folder: 'upload of site.zip (folder site/ inside)',
    });
    expect((await serve(project.slug)).body).toContain('Zipped');
  });

  it('a zip without index.html is a failed deploy with its reason, and the live one stays', async () => {
    const project = await newProject('Failing zip');
    await send('deploys.fromUpload', {
      projectId: project.id,
      upload: {
        kind: 'zip',
        name: 'good.zip',
        data: b64(zipSync({ 'index.html': new TextEncoder().encode('<h1>Good</h1>') })),
      },
    });
    const answer = await send<Deploy>('deploys.fromUpload', {
      projectId: project.id,
      upload: { kind: 'zip', name: 'notes.zip', data: b64(zipSync({ 'readme.txt': new TextEncoder().encode('hi') })) },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ number: 2, outcome: 'failed', live: false });
    expect(answer.body.reason).toMatch(/^no index\.html: upload of notes\.zip has no index\.html/);
    expect((await serve(project.slug)).body).toContain('Good');
  });

  it.each([
    ['../outside.html', /leave the site folder/],
    ['/etc/passwd', /is absolute/],
    ['a\\..\\b.html', /backslash/],
    ['css//x.css', /empty, "\." or "\.\." part/],
  ])('a folder upload with the path %s is refused and nothing is recorded', async (escape, message) => {
    const project = await newProject(`Escape ${escape}`);
    const files = [
      { path: 'index.html', data: b64('x') },
      { path: escape, data: b64('x') },
    ];
    const answer = await send('deploys.fromUpload', {
      projectId: project.id,
      upload: { kind: 'folder', name: 'site', files },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'validation_failed', message: expect.stringMatching(message) });
    expect((await send<Deploy[]>('deploys.list', { projectId: project.id })).body).toEqual([]);
  });

  it('a zip entry leaving the folder is refused and nothing is recorded', async () => {
    const project = await newProject('Zip escape');
    const zip = zipSync({ 'index.html': new TextEncoder().encode('x'), '../evil.html': new TextEncoder().encode('x') });
    const answer = await send('deploys.fromUpload', {
      projectId: project.id,
      upload: { kind: 'zip', name: 'evil.zip', data: b64(zip) },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/"\.\.\/evil\.html" in evil\.zip has an empty, "\." or "\.\." part/);
    expect((await send<Deploy[]>('deploys.list', { projectId: project.id })).body).toEqual([]);
  });

  it('a zip unpacking to more than 100 MiB stops there and is a failed deploy "over 100 MiB"', async () => {
    const project = await newProject('Zip bomb');
    const zip = zipSync({
      'index.html': new TextEncoder().encode('x'),
      'zeros.bin': new Uint8Array(MAX_DEPLOY_BYTES + 4096),
    });
    expect(zip.length).toBeLessThan(1024 * 1024);
    const answer = await send<Deploy>('deploys.fromUpload', {
      projectId: project.id,
      upload: { kind: 'zip', name: 'bomb.zip', data: b64(zip) },
    });
    expect(answer.body).toMatchObject({ outcome: 'failed', reason: expect.stringMatching(/^over 100 MiB/) });
  });

  it('bytes that are not a zip are refused in words', async () => {
    const project = await newProject('Not a zip');
    const answer = await send('deploys.fromUpload', {
      projectId: project.id,
      upload: { kind: 'zip', name: 'photo.zip', data: b64('just some text, not a zip archive at all') },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/photo\.zip/);
  });
});

describe('domains through the admin channels', () => {
  it('plan gate, then primary, redirect, redirects editor, promote and remove', async () => {
    const project = await newProject('Domains site');
    await send('deploys.adoptionPage', { projectId: project.id });
    const refused = await send('domains.add', { projectId: project.id, domain: { name: 'www.shelter.test' } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'plan_required',
      message: expect.stringMatching(/Pro plan or above.*is on Free/),
    });

    expect((await send('accounts.setPlan', { id: accountId, plan: { planId: 'pro' } })).status).toBe(200);
    const primary = await send<Domain>('domains.add', { projectId: project.id, domain: { name: 'WWW.Shelter.test' } });
    expect(primary.body).toMatchObject({
      name: 'www.shelter.test',
      role: 'primary',
      status: 'pending',
      record: { type: 'CNAME', value: `${project.slug}.localhost`, ttl: 3600 },
    });
    const redirect = await send<Domain>('domains.add', {
      projectId: project.id,
      domain: { name: 'shelter.test', redirectTo: 'www.shelter.test', redirectStatus: 302 },
    });
    expect(redirect.body).toMatchObject({ role: 'redirect', to: 'www.shelter.test', redirectStatus: 302 });

    expect(
      (await send<Domain>('domains.setRedirectStatus', { name: 'shelter.test', status: 308 })).body.redirectStatus,
    ).toBe(308);
    const bad = await send('domains.setRedirectStatus', { name: 'shelter.test', status: 303 });
    expect(bad.body).toMatchObject({
      code: 'validation_failed',
      message: expect.stringMatching(/status: must be one of 301, 302, 307, 308/),
    });
    const onPrimary = await send('domains.setRedirectStatus', { name: 'www.shelter.test', status: 301 });
    expect(onPrimary.body).toMatchObject({
      code: 'validation_failed',
      message: expect.stringMatching(/primary domain/),
    });

    const promoted = await send<Domain>('domains.promote', { name: 'shelter.test' });
    expect(promoted.body.role).toBe('primary');
    const list = await send<Domain[]>('domains.list', { projectId: project.id });
    expect(list.body.map((domain) => [domain.name, domain.role, domain.redirectStatus])).toEqual([
      ['shelter.test', 'primary', undefined],
      ['www.shelter.test', 'redirect', 308],
    ]);
    expect((await send('domains.remove', { name: 'www.shelter.test' })).status).toBe(200);
    expect((await send<Domain[]>('domains.list', { projectId: project.id })).body.map((domain) => domain.name)).toEqual(
      ['shelter.test'],
    );
  });
});
