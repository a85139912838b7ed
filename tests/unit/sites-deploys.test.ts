import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { slugOf } from '../../src/main/sites/projects';
import { ManualClock } from '../../src/shared/clock';
import { AppError } from '../../src/shared/errors';
import { MAX_DEPLOY_BYTES } from '../../src/shared/sites';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const T0 = Date.UTC(2026, 5, 1, 12, 0, 0);

let dataDir: string;
let work: string;
let engine: Engine;
let clock: ManualClock;
let accountId: number;

beforeEach(() => {
  dataDir = makeTempDir();
  work = makeTempDir('adoption-desk-site-src');
  clock = new ManualClock(T0);
  engine = new Engine({ dataDir, environment: 'production', clock });
  accountId = engine.services.accounts.create({ name: 'Happy Paws', planId: 'pro' }).id;
});

afterEach(() => {
  engine.close();
  removeTempDir(dataDir);
  removeTempDir(work);
});

/** A folder of files under the work dir: { 'index.html': '<h1>hi</h1>', 'css/site.css': '...' }. */
function site(name: string, files: Record<string, string>): string {
  const root = path.join(work, name);
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  }
  return root;
}

function deployDir(projectId: number, number: number): string {
  return path.join(dataDir, 'sites', 'production', String(projectId), String(number));
}

function expectAppError(action: () => unknown, code: string, message?: RegExp): void {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(code);
    if (message) expect((error as AppError).message).toMatch(message);
    return;
  }
  throw new Error(`expected ${code}`);
}

describe('projects', () => {
  it('get a unique slug per environment from their name, and are found by id or slug', () => {
    const { projects } = engine.sites;
    const first = projects.create({ accountId, name: 'Happy Paws' });
    const second = projects.create({ accountId, name: 'happy paws!' });
    expect(first).toMatchObject({ slug: 'happy-paws', liveDeploy: null, url: 'http://happy-paws.localhost/' });
    expect(second.slug).toBe('happy-paws-2');
    expect(projects.get('HAPPY-PAWS').id).toBe(first.id);
    expect(projects.get(String(second.id)).slug).toBe('happy-paws-2');
    expect(projects.list().map((project) => project.slug)).toEqual(['happy-paws', 'happy-paws-2']);
    expectAppError(() => projects.get('nope'), 'not_found', /no project with slug nope/);
    expectAppError(() => projects.create({ accountId: 999, name: 'X' }), 'not_found');
    expectAppError(() => projects.create({ accountId, name: '  ' }), 'validation_failed', /name: must not be empty/);
  });

  it('slugs are DNS labels that never read as an id', () => {
    expect(slugOf('Tierheim München e.V.')).toBe('tierheim-munchen-e-v');
    expect(slugOf('2026')).toBe('site-2026');
    expect(slugOf('猫の家')).toBe('site');
    expect(slugOf(`${'a'.repeat(80)}`)).toHaveLength(40);
  });
});

describe('deploying a folder', () => {
  it('copies it as numbered, immutable deploys; the latest success is live; rollback serves an earlier one', async () => {
    const { projects } = engine.sites;
    const project = projects.create({ accountId, name: 'Happy Paws' });
    const first = await projects.deployFolder(
      project.slug,
      site('v1', { 'index.html': 'one', 'css/site.css': 'body{}' }),
    );
    expect(first).toMatchObject({
      number: 1,
      outcome: 'succeeded',
      reason: null,
      fileCount: 2,
      byteSize: 9,
      live: true,
      source: 'folder',
    });
    expect(fs.readFileSync(path.join(deployDir(project.id, 1), 'css/site.css'), 'utf8')).toBe('body{}');

    clock.advance(60_000);
    const second = await projects.deployFolder(project.id, site('v2', { 'index.html': 'two' }));
    expect(second).toMatchObject({ number: 2, live: true, createdAt: T0 + 60_000 });
    expect(projects.get(project.id).liveDeploy).toBe(2);
    expect(fs.readFileSync(path.join(deployDir(project.id, 1), 'index.html'), 'utf8')).toBe('one');

    expect(projects.rollback(project.slug, 1)).toMatchObject({ number: 1, live: true });
    expect(projects.get(project.id).liveDeploy).toBe(1);
    expect(projects.deploys(project.slug).map((deploy) => [deploy.number, deploy.live])).toEqual([
      [2, false],
      [1, true],
    ]);
    expectAppError(() => projects.rollback(project.slug, 9), 'not_found', /no deploy 9/);
    // No staging folder is left behind beside the deploys.
    expect(fs.readdirSync(path.join(dataDir, 'sites', 'production', String(project.id))).sort()).toEqual(['1', '2']);
  });

  it('records each refusal as a failed deploy with its reason, and the live deploy stays', async () => {
    const { projects } = engine.sites;
    const project = projects.create({ accountId, name: 'Happy Paws' });
    await projects.deployFolder(project.slug, site('good', { 'index.html': 'good' }));

    const noIndex = site('no-index', { 'home.html': 'x' });
    const escaping = site('escaping', { 'index.html': 'x' });
    fs.writeFileSync(path.join(work, 'secret.txt'), 'secret');
    fs.symlinkSync('../secret.txt', path.join(escaping, 'leak.txt'));
    const absoluteEscape = site('absolute-escape', { 'index.html': 'x' });
    fs.symlinkSync('/etc', path.join(absoluteEscape, 'etc'));
    const broken = site('broken', { 'index.html': 'x' });
    fs.symlinkSync('missing.html', path.join(broken, 'gone.html'));
    const huge = site('huge', { 'index.html': 'x' });
    // Sparse: the size counts, the disk does not fill.
    fs.truncateSync(path.join(huge, 'index.html'), MAX_DEPLOY_BYTES + 1);
    const aFile = path.join(work, 'secret.txt');

    const attempts = [
      [path.join(work, 'missing'), /^folder missing: .*missing does not exist/, { reason: 'folder_missing' }],
      [aFile, /^folder missing: .* is a file, not a folder/, { reason: 'folder_is_file', folder: aFile }],
      [noIndex, /^no index\.html/, { reason: 'no_index', folder: noIndex }],
      [
        escaping,
        /^a symlink leaving the folder: leak\.txt points to \.\.\/secret\.txt/,
        { reason: 'symlink_outside', path: 'leak.txt', target: '../secret.txt', folder: escaping },
      ],
      [
        absoluteEscape,
        /^a symlink leaving the folder: etc points to \/etc/,
        { reason: 'symlink_outside', path: 'etc' },
      ],
      [
        broken,
        /^a broken symlink: gone\.html/,
        { reason: 'symlink_broken', path: 'gone.html', target: 'missing.html' },
      ],
      [
        huge,
        /^over 100 MiB/,
        { reason: 'folder_over_limit', path: 'index.html', bytes: MAX_DEPLOY_BYTES + 1, maxBytes: MAX_DEPLOY_BYTES },
      ],
    ] as const;
    for (const [folder, reason, failure] of attempts) {
      const deploy = await projects.deployFolder(project.slug, folder);
      expect(deploy.outcome, folder).toBe('failed');
      expect(deploy.reason).toMatch(reason);
      // Typed for the window to word in its language, and kept as recorded.
      expect(deploy.failure).toMatchObject(failure);
      expect(projects.deploys(project.slug).find((row) => row.number === deploy.number)?.failure).toEqual(
        deploy.failure,
      );
      expect(deploy).toMatchObject({ live: false, fileCount: 0, byteSize: 0 });
      expect(fs.existsSync(deployDir(project.id, deploy.number))).toBe(false);
    }
    expect(projects.get(project.id).liveDeploy).toBe(1);
    expect(projects.deploys(project.slug)).toHaveLength(attempts.length + 1);
    expectAppError(() => projects.rollback(project.slug, 4), 'validation_failed', /failed \(no index\.html/);
  });

  it('keeps symlinks that stay inside the folder, as relative links inside the deploy', async () => {
    const { projects } = engine.sites;
    const project = projects.create({ accountId, name: 'Links' });
    const folder = site('links', { 'index.html': 'home', 'docs/guide.html': 'guide' });
    fs.symlinkSync('docs/guide.html', path.join(folder, 'guide.html'));
    fs.symlinkSync('../docs', path.join(folder, 'docs', 'self'));
    const deploy = await projects.deployFolder(project.slug, folder);
    expect(deploy).toMatchObject({ outcome: 'succeeded', fileCount: 2 });
    const copied = deployDir(project.id, 1);
    expect(fs.readlinkSync(path.join(copied, 'guide.html'))).toBe(path.join('docs', 'guide.html'));
    expect(fs.readFileSync(path.join(copied, 'guide.html'), 'utf8')).toBe('guide');
    expect(fs.realpathSync(path.join(copied, 'docs', 'self'))).toBe(fs.realpathSync(path.join(copied, 'docs')));
  });

  it('serialises concurrent deploys of one project: they land in the order asked, each whole', async () => {
    const { projects } = engine.sites;
    const project = projects.create({ accountId, name: 'Busy' });
    const bigFiles: Record<string, string> = { 'index.html': 'big' };
    for (let i = 0; i < 400; i += 1) bigFiles[`assets/${i}.txt`] = `file ${i}`.repeat(200);
    const big = site('big', bigFiles);
    const small = site('small', { 'index.html': 'small' });

    const [first, second, third] = await Promise.all([
      projects.deployFolder(project.slug, big),
      projects.deployFolder(project.slug, small),
      projects.deployAdoptionPage(project.slug),
    ]);
    expect([first.number, second.number, third.number]).toEqual([1, 2, 3]);
    expect(first.fileCount).toBe(401);
    expect(fs.readdirSync(path.join(deployDir(project.id, 1), 'assets'))).toHaveLength(400);
    expect(fs.readFileSync(path.join(deployDir(project.id, 2), 'index.html'), 'utf8')).toBe('small');
    expect(projects.get(project.id).liveDeploy).toBe(3);
    // Deploys of another project are not held up behind these.
    const other = projects.create({ accountId, name: 'Other' });
    await expect(projects.deployFolder(other.slug, small)).resolves.toMatchObject({ number: 1, outcome: 'succeeded' });
  });
});

describe('the built-in adoption page', () => {
  it("is the shelter profile's name and its available pets with their public profiles, escaped, as a static site", async () => {
    const { projects } = engine.sites;
    // The site is titled by the shelter profile's name, never by the project's account.
    engine.services.accounts.create({ name: 'Pet Finder App', planId: 'free' });
    engine.services.shelter.set({ name: `Paws & Claws <script>alert("x")</script> O'Neil`, currency: 'EUR' });
    const evil = engine.services.pets.create({ name: '<img src=x onerror=alert(1)>', categoryId: 1 });
    const biscuit = engine.services.pets.create({ name: 'Biscuit', categoryId: 2, status: 'available' });
    engine.services.petProfiles.set(biscuit.id, {
      breedPrimary: 'Siamese',
      sex: 'female',
      adoptionFee: 80,
      microchipNumber: '985112003456789',
      internalNotes: 'Bit the vet once',
    });
    const home = engine.services.pets.create({ name: 'Already Home', categoryId: 1, status: 'sold' });
    engine.services.pets.create({ name: 'On Hold', categoryId: 3, status: 'pending' });
    const project = projects.create({ accountId, name: 'Adopt' });

    const deploy = await projects.deployAdoptionPage(project.slug);
    expect(deploy).toMatchObject({ outcome: 'succeeded', source: 'adoption_page', folder: null, live: true });
    const root = deployDir(project.id, 1);
    const html = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain(
      '<h1>Pets looking for a home at Paws &amp; Claws &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Neil</h1>',
    );
    expect(html).toContain('<h3>&lt;img src=x onerror=alert(1)&gt;</h3>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<h3>Biscuit</h3><p>Siamese · Female</p>');
    expect(html).not.toContain('Pet Finder App');
    // Listed: the available pets, then the pending one with its badge; the adopted one keeps only its page.
    expect(html).not.toContain('Already Home');
    expect(html).toContain('<h3>On Hold</h3><span class="badge">Adoption pending</span>');
    expect(html).toContain('2 pets are waiting for a family. 1 more has an adoption pending.');
    expect(fs.readFileSync(path.join(root, `pets/${home.id}-already-home.html`), 'utf8')).toContain(
      '<strong>Found a home.</strong>',
    );
    const page = fs.readFileSync(path.join(root, `pets/${biscuit.id}-biscuit.html`), 'utf8');
    expect(page).toContain('<dt>Adoption fee</dt><dd>€80.00</dd>');
    expect(fs.existsSync(path.join(root, `pets/${evil.id}-img-src-x-onerror-alert-1.html`))).toBe(true);
    // Private fields reach no file of the site.
    for (const file of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      if (fs.statSync(path.join(root, file)).isDirectory()) continue;
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      expect(text, file).not.toContain('985112003456789');
      expect(text, file).not.toContain('Bit the vet');
    }
    // The folder holds the site's files and the list of them it is served from.
    const files = fs
      .readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => fs.statSync(path.join(root, file)).isFile());
    expect(deploy.fileCount).toBe(files.length - 1);
    expect(JSON.parse(fs.readFileSync(path.join(root, '.adoption-desk-files.json'), 'utf8'))).toEqual(
      files.filter((file) => file !== '.adoption-desk-files.json').sort(),
    );
  });

  it('says so when no pet is available', async () => {
    const project = engine.sites.projects.create({ accountId, name: 'Empty' });
    await engine.sites.projects.deployAdoptionPage(project.slug);
    const html = fs.readFileSync(path.join(deployDir(project.id, 1), 'index.html'), 'utf8');
    expect(html).toContain('No pets are available for adoption right now.');
    expect(html).not.toContain('<ul class="cards"');
  });
});
