import fs from 'node:fs';
import path from 'node:path';
import { SITE_CSS, SITE_JS } from './assets';
import { atomFeed, finderIndex, jsonFeed, sitemap } from './feeds';
import { escapeHtml, pageShell, siteWords } from './html';
import { publishedLogo } from '../../shelter/logo';
import type { SiteWriteOutcome } from '../../sites/generated-site';
import type { AdoptionSiteInput } from './model';
import { earlierPetPath, petPath, photoPath, sortPets } from '../public-pet';
import { categorySlug, facetValues, listedPets, listPages, petPage, type SiteFile } from './pages';

/** Files written at a time: the disk stays busy, and between batches the server answers its requests. */
const BATCH = 64;

/**
 * Writes the adoption site into a deploy's staging folder: pages (one for every pet, whatever its
 * status; the lists show the available and pending ones), feeds, sitemap and assets as
 * files, the photos as hard links to the photo store (same bytes, no copy, and the deploy keeps
 * them if a photo is later removed). Only the written text counts toward `maxBytes`: a link takes
 * no room. Pages are made and written a batch at a time, so a deploy of thousands of pets never
 * holds the server's event loop for long; on a refusal the caller discards the staging folder.
 */
export async function writeAdoptionSite(
  staging: string,
  content: AdoptionSiteInput,
  maxBytes: number,
): Promise<SiteWriteOutcome> {
  const input = { ...content, shelter: { ...content.shelter, logo: await publishedLogo(content.shelter.logo) } };
  const sorted = sortPets(input.pets);
  const listed = listedPets(sorted);
  const available = sorted.filter((pet) => pet.availability === 'available');
  const facets = facetValues(listed, siteWords(input));
  const writer = new BatchWriter(staging, maxBytes);
  const listPaths: string[] = [];
  for (const file of listPages(input, listed, facets)) {
    listPaths.push(file.path.replace(/index\.html$/, ''));
    if (!(await writer.add(file))) return writer.refusal();
  }
  for (const pet of sorted) {
    if (!(await writer.add(petPage(input, pet)))) return writer.refusal();
    const earlier = earlierPetPath(pet);
    if (earlier !== null && !(await writer.add(movedPage(input, pet, earlier)))) return writer.refusal();
  }
  const rest: Array<() => SiteFile> = [
    // The feeds announce who may be adopted; the sitemap names every page, and every pet keeps one.
    () => jsonFeed(input, available),
    () => atomFeed(input, available),
    () => sitemap(input, listPaths, sorted),
    () => finderIndex(listed, (pet) => categorySlug(pet.category), siteWords(input)),
    () => ({ path: 'assets/site.css', content: SITE_CSS }),
    () => ({ path: 'assets/site.js', content: SITE_JS }),
    () => ({ path: 'robots.txt', content: `User-agent: *\nAllow: /\nSitemap: ${input.baseUrl}/sitemap.xml\n` }),
    () => notFoundPage(input),
  ];
  if (input.shelter.logo)
    await writer.addBytes(`assets/logo.${input.shelter.logo.extension}`, input.shelter.logo.bytes);
  for (const make of rest) {
    if (!(await writer.add(make()))) return writer.refusal();
  }
  await writer.flush();

  const links = new Map<string, string>();
  for (const pet of sorted) {
    for (const photo of pet.photos) {
      links.set(path.join(staging, photoPath(photo, 'full')), photo.full.file);
      links.set(path.join(staging, photoPath(photo, 'thumb')), photo.thumb.file);
    }
  }
  if (links.size > 0) await fs.promises.mkdir(path.join(staging, 'photos'), { recursive: true });
  const pairs = [...links];
  for (let start = 0; start < pairs.length; start += BATCH) {
    await Promise.all(pairs.slice(start, start + BATCH).map(([target, source]) => linkOrCopy(source, target)));
  }
  return { ok: true, fileCount: writer.fileCount + links.size, byteSize: writer.byteSize };
}

class BatchWriter {
  byteSize = 0;
  fileCount = 0;
  private pending: SiteFile[] = [];
  private readonly folders = new Set<string>();

  constructor(
    private readonly staging: string,
    private readonly maxBytes: number,
  ) {}

  /** False once the site has grown past the limit. */
  async add(file: SiteFile): Promise<boolean> {
    this.byteSize += Buffer.byteLength(file.content);
    if (this.byteSize > this.maxBytes) return false;
    this.pending.push(file);
    if (this.pending.length >= BATCH) await this.flush();
    return true;
  }

  /** The logo: bytes from the database, counted like the pages. */
  async addBytes(relative: string, bytes: Buffer): Promise<void> {
    this.byteSize += bytes.length;
    const target = path.join(this.staging, relative);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.writeFile(target, bytes);
    this.fileCount += 1;
  }

  refusal(): SiteWriteOutcome {
    return { ok: false, failure: { reason: 'adoption_site_over_limit', maxBytes: this.maxBytes } };
  }

  async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    const targets = batch.map((file) => path.join(this.staging, file.path.replace(/^\/+/, '')));
    for (const folder of new Set(targets.map((target) => path.dirname(target)))) {
      if (this.folders.has(folder)) continue;
      await fs.promises.mkdir(folder, { recursive: true });
      this.folders.add(folder);
    }
    await Promise.all(batch.map((file, index) => fs.promises.writeFile(targets[index]!, file.content)));
    this.fileCount += batch.length;
  }
}

/** A hard link when the store and the deploy share a file system (they do: both live in the data dir), else a copy. */
async function linkOrCopy(source: string, target: string): Promise<void> {
  try {
    await fs.promises.link(source, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EXDEV' && code !== 'EPERM') throw error;
    await fs.promises.copyFile(source, target);
  }
}

function notFoundPage(input: AdoptionSiteInput): SiteFile {
  const words = siteWords(input);
  const { t } = words;
  const body = `<h1>${escapeHtml(t('site.notFoundHeading'))}</h1>
<p class="lead">${escapeHtml(t('site.notFoundLead'))} <a href="/">${escapeHtml(t('site.seeEveryPetStillLooking'))}</a>.</p>`;
  const html = pageShell(
    {
      title: t('site.notFoundTitle', { shelter: input.shelter.name }),
      description: t('site.petsForAdoptionAt', { shelter: input.shelter.name }),
      path: '/404.html',
      image: null,
      type: 'website',
    },
    input.shelter,
    input.baseUrl,
    body,
    words,
  );
  return {
    path: '404.html',
    content: html.replace('<link rel="canonical"', '<meta name="robots" content="noindex">\n<link rel="canonical"'),
  };
}

/**
 * The address earlier releases gave a pet's page, sending the visitor on to the page's address now:
 * a static site has no redirects of its own, so a refresh, a canonical link and a plain link.
 */
function movedPage(input: AdoptionSiteInput, pet: { id: number; name: string }, earlier: string): SiteFile {
  const words = siteWords(input);
  const target = petPath(pet);
  const body = `<h1>${escapeHtml(words.t('site.pageMoved'))}</h1>\n<p class="lead"><a href="${escapeHtml(target)}">${escapeHtml(pet.name)}</a></p>`;
  const html = pageShell(
    {
      title: `${pet.name} · ${input.shelter.name}`,
      description: words.t('site.petsForAdoptionAt', { shelter: input.shelter.name }),
      path: target,
      image: null,
      type: 'website',
    },
    input.shelter,
    input.baseUrl,
    body,
    words,
  );
  return {
    path: earlier,
    content: html.replace(
      '<link rel="canonical"',
      `<meta http-equiv="refresh" content="0; url=${escapeHtml(target)}">\n<meta name="robots" content="noindex">\n<link rel="canonical"`,
    ),
  };
}
