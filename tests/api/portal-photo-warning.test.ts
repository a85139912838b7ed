/**
 * A portal's photo links on a `localhost` address (which only this computer reaches: the portal
 * fetches nothing there) come back as the kennel cards' warning does: a typed warning beside the
 * result, said by the CLI and carried to the window; files beside the file (RescueGroups.org) give none.
 */
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import type { PortalExportResult } from '../../src/shared/portals';
import { adminClient, harnessOrigin, overHttp } from '../helpers/admin-client';
import { startAdminHarness, type AdminHarness } from '../helpers/admin-host';
import { runCliInProcess } from '../helpers/cli-in-process';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const TOKEN = 'test-token-portal-warning-0123456789abcdef';
let dataDir: string | undefined;
let harness: AdminHarness | undefined;
afterEach(async () => {
  if (dataDir) removeTempDir(dataDir);
  dataDir = undefined;
  await harness?.stop();
  harness = undefined;
});

/** A listable dog with a photo, and the adoption site published on the project's `.localhost` address. */
async function publishedShelter(engine: Engine): Promise<void> {
  const account = engine.services.accounts.create({ name: 'Happy Paws', planId: 'pro' });
  const biscuit = engine.services.pets.create({ name: 'Biscuit', categoryId: 1, status: 'available' }).id;
  engine.services.petProfiles.set(biscuit, { breedPrimary: 'Beagle', sex: 'female', birthDate: '2021-04-02' });
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#a0522d' } })
    .jpeg()
    .toBuffer();
  await engine.services.photos.add(biscuit, [{ name: 'biscuit.jpg', bytes: jpeg }]);
  const project = engine.sites.projects.create({ accountId: account.id, name: 'Happy Paws' });
  await engine.sites.projects.deployAdoptionPage(project.slug);
}

describe('photo links only this computer reaches', () => {
  it('the CLI says so after Petfinder’s and Adopt-a-Pet’s files, with the commands that fix it, and not after RescueGroups.org’s', async () => {
    dataDir = makeTempDir();
    const engine = new Engine({ dataDir, environment: 'production' });
    try {
      await publishedShelter(engine);
    } finally {
      engine.close();
    }
    const petfinder = await runCliInProcess(dataDir, ['export', 'petfinder', '--out', path.join(dataDir, 'pf')]);
    expect(petfinder.code, petfinder.stderr).toBe(0);
    expect(petfinder.stderr).toMatch(
      /Warning: the photo links open http:\/\/happy-paws\.localhost\S*, an address only this computer reaches: Petfinder fetches no photo from there\./,
    );
    expect(petfinder.stderr).toContain('domains add happy-paws <DOMAIN>');
    const json = await runCliInProcess(dataDir, [
      'export',
      'adoptapet',
      '--out',
      path.join(dataDir, 'aap'),
      '--confirm-first-upload',
      '--json',
    ]);
    expect(json.code, json.stderr).toBe(0);
    expect((JSON.parse(json.stdout) as PortalExportResult).warnings).toEqual([
      {
        code: 'local_address',
        details: { project: 'happy-paws', address: expect.stringMatching(/^http:\/\/happy-paws\.localhost/) },
      },
    ]);
    const rescueGroups = await runCliInProcess(dataDir, ['export', 'rescuegroups', '--out', path.join(dataDir, 'rg')]);
    expect(rescueGroups.code, rescueGroups.stderr).toBe(0);
    expect(rescueGroups.stderr).not.toContain('Warning');
  }, 60_000);

  it('the window’s export channel carries the warning in its answer', async () => {
    harness = await startAdminHarness(TOKEN);
    await publishedShelter(harness.host.engine('production'));
    const running = harness;
    const admin = adminClient(
      overHttp(
        harnessOrigin(() => running),
        TOKEN,
      ),
      { auth: { token: true } },
    );
    const body = await admin.ok('portals.export', {
      environment: 'production',
      portal: 'petfinder',
      allowDrops: false,
      confirmFirstUpload: false,
    });
    expect(body.listed).toHaveLength(1);
    expect(body.warnings).toEqual([
      {
        code: 'local_address',
        details: { project: 'happy-paws', address: expect.stringMatching(/^http:\/\/happy-paws\.localhost/) },
      },
    ]);
  }, 60_000);
});
