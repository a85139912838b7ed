import { petPath, photoPath } from '../public-pet';
import { beforeName, publishedWords, type PublishedWords } from '../words/words';
import type { AdoptionSiteInput, SitePet, SitePhoto, SiteShelter } from './model';

/** The site's words: the shelter's language, English when the input names none. */
export const siteWords = (input: AdoptionSiteInput): PublishedWords => input.words ?? publishedWords();

/** The five characters that change meaning in HTML text and quoted attributes. */
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/** Plain text with blank-line paragraphs, as staff typed it, as HTML paragraphs. */
export function paragraphs(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

/**
 * Scripts come from a file and styles from a file: no inline code, so the policy needs no hash and
 * the page works the same with JavaScript off. Framing is refused by the server's own header; forms
 * post only to the site's own host (its front door).
 */
export const ADOPTION_SITE_CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'self'";

export interface PageHead {
  title: string;
  description: string;
  /** Path of the page, for its canonical link and og:url. */
  path: string;
  /** The photo a shared link shows. */
  image: SitePhoto | null;
  type: 'website' | 'article';
}

export function pageShell(
  head: PageHead,
  shelter: SiteShelter,
  baseUrl: string,
  body: string,
  words: PublishedWords,
): string {
  const { t } = words;
  const feedTitle = escapeHtml(t('site.feedTitle', { shelter: shelter.name }));
  const url = `${baseUrl}${head.path}`;
  const image = head.image
    ? `<meta property="og:image" content="${escapeHtml(baseUrl + photoPath(head.image, 'full'))}">
<meta property="og:image:width" content="${head.image.full.width}">
<meta property="og:image:height" content="${head.image.full.height}">
<meta property="og:image:alt" content="${escapeHtml(head.image.alt)}">
<meta name="twitter:image" content="${escapeHtml(baseUrl + photoPath(head.image, 'full'))}">
<meta name="twitter:image:alt" content="${escapeHtml(head.image.alt)}">
`
    : '';
  return `<!doctype html>
<html lang="${escapeHtml(words.language)}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${ADOPTION_SITE_CONTENT_SECURITY_POLICY}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(head.title)}</title>
<meta name="description" content="${escapeHtml(head.description)}">
<link rel="canonical" href="${escapeHtml(url)}">
<link rel="stylesheet" href="/assets/site.css">
<link rel="alternate" type="application/feed+json" title="${feedTitle}" href="/feed.json">
<link rel="alternate" type="application/atom+xml" title="${feedTitle}" href="/feed.xml">
<meta property="og:type" content="${head.type}">
<meta property="og:site_name" content="${escapeHtml(shelter.name)}">
<meta property="og:title" content="${escapeHtml(head.title)}">
<meta property="og:description" content="${escapeHtml(head.description)}">
<meta property="og:url" content="${escapeHtml(url)}">
<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}">
<meta name="twitter:title" content="${escapeHtml(head.title)}">
<meta name="twitter:description" content="${escapeHtml(head.description)}">
${image}<script src="/assets/site.js" defer></script>
</head>
<body>
<a class="skip" href="#main">${escapeHtml(t('site.skipToPets'))}</a>
<header class="site">
<a class="brand" href="/">${shelter.logo ? `<img src="/assets/logo.${escapeHtml(shelter.logo.extension)}" alt="" width="48" height="48">` : ''}<span>${escapeHtml(shelter.name)}</span></a>
<nav aria-label="${escapeHtml(t('site.siteNav'))}"><a href="/">${escapeHtml(t('site.allPets'))}</a> <a href="/#how-to-adopt">${escapeHtml(t('site.howToAdopt'))}</a> <a href="/feed.xml">${escapeHtml(t('site.feed'))}</a></nav>
</header>
<main id="main">
${body}
</main>
<footer class="site">${contact(shelter, words)}</footer>
</body>
</html>
`;
}

function contact(shelter: SiteShelter, { t }: PublishedWords): string {
  const lines: string[] = [`<h2>${escapeHtml(shelter.name)}</h2>`];
  if (shelter.address) lines.push(`<p>${escapeHtml(shelter.address).replace(/\n/g, '<br>')}</p>`);
  const reach: string[] = [];
  if (shelter.phone)
    reach.push(`<a href="tel:${escapeHtml(shelter.phone.replace(/[^+\d]/g, ''))}">${escapeHtml(shelter.phone)}</a>`);
  if (shelter.email) reach.push(`<a href="mailto:${escapeHtml(shelter.email)}">${escapeHtml(shelter.email)}</a>`);
  if (shelter.website)
    reach.push(
      `<a href="${escapeHtml(shelter.website)}" rel="noopener">${escapeHtml(shelter.website.replace(/^https?:\/\//, ''))}</a>`,
    );
  if (reach.length > 0) lines.push(`<p>${reach.join(' · ')}</p>`);
  if (shelter.openingHours)
    lines.push(
      `<p><strong>${escapeHtml(t('site.openingHours'))}</strong> ${escapeHtml(shelter.openingHours).replace(/\n/g, '<br>')}</p>`,
    );
  // The front door: forms served by the host that serves these pages.
  lines.push(
    `<p class="forms"><a href="/forms/apply">${escapeHtml(t('forms.applyGeneralLink'))}</a> · <a href="/forms/foster">${escapeHtml(t('forms.fosterLink'))}</a> · <a href="/forms/lost">${escapeHtml(t('forms.report.lostLink'))}</a> · <a href="/forms/found">${escapeHtml(t('forms.report.foundLink'))}</a></p>`,
  );
  return lines.join('\n');
}

/** The "how to adopt" block, on the index and on every pet's page. */
export function howToAdopt(shelter: SiteShelter, { t }: PublishedWords): string {
  if (!shelter.howToAdopt) return '';
  return `<section class="how" id="how-to-adopt" aria-labelledby="how-title"><h2 id="how-title">${escapeHtml(t('site.howToAdopt'))}</h2>\n${paragraphs(shelter.howToAdopt)}</section>`;
}

/** A photo of both sizes for the browser to pick from: lazy, with its box reserved (no layout shift). */
export function picture(photo: SitePhoto, sizes: string, lazy: boolean, size: 'thumb' | 'full' = 'thumb'): string {
  const shown = photo[size];
  return `<img src="${photoPath(photo, size)}" srcset="${photoPath(photo, 'thumb')} ${photo.thumb.width}w, ${photoPath(photo, 'full')} ${photo.full.width}w" sizes="${sizes}" width="${shown.width}" height="${shown.height}" alt="${escapeHtml(photo.alt)}"${lazy ? ' loading="lazy" decoding="async"' : ''}>`;
}

/** One card of the index: cover (or the pet's initials), name, breed, age group and sex; the whole card is the link. */
export function petCard(pet: SitePet, lazy: boolean, words: PublishedWords): string {
  const cover = pet.photos[0];
  const facts = [
    pet.breed,
    pet.ageGroup ? words.t(`pet.ageGroup.${pet.ageGroup}`) : null,
    pet.sex && pet.sex !== 'unknown' ? words.t(`pet.sex.${pet.sex}`) : null,
  ]
    .filter(Boolean)
    .map((fact) => escapeHtml(fact!));
  const badge =
    pet.availability === 'pending'
      ? `<span class="badge">${escapeHtml(words.t('site.availability.pending'))}</span>`
      : '';
  return `<li class="card"><a href="${petPath(pet)}">${cover ? picture(cover, '(max-width: 40rem) 50vw, 16rem', lazy) : noPhoto(pet, false, words)}<h3>${escapeHtml(pet.name)}</h3>${badge}<p>${facts.join(' · ') || escapeHtml(pet.category.name)}</p></a></li>`;
}

/** Made on first use, as the collator of public-pet.ts is. */
let graphemes: Intl.Segmenter | undefined;

/** Up to two letters standing in for a photo: the first of the name's first two words ("Señor Biscuit" → "SB"). */
export function initialsOf(name: string): string {
  const words = name
    .split(/[\s\p{P}]+/u)
    .filter(Boolean)
    .slice(0, 2);
  const segmenter = (graphemes ??= new Intl.Segmenter('en', { granularity: 'grapheme' }));
  const letters = words.map((word) => segmenter.segment(word)[Symbol.iterator]().next().value?.segment ?? '').join('');
  return letters.toUpperCase() || '?';
}

/**
 * What stands in for a missing photo: the pet's initials on the site's tint. On a card the name
 * follows it, so it is hidden from screen readers; on the pet's page it says there is no photo yet.
 */
export function noPhoto(pet: Pick<SitePet, 'name'>, large: boolean, words: PublishedWords): string {
  const initials = escapeHtml(initialsOf(pet.name));
  return large
    ? `<div class="no-photo large" role="img" aria-label="${escapeHtml(words.t('site.noPhotoYet', beforeName(pet.name)))}"><span aria-hidden="true">${initials}</span></div>`
    : `<span class="no-photo" aria-hidden="true">${initials}</span>`;
}

export function pagination(
  current: number,
  pages: number,
  pathOf: (page: number) => string,
  { t }: PublishedWords,
): string {
  if (pages <= 1) return '';
  const links: string[] = [];
  if (current > 1) links.push(`<a href="${pathOf(current - 1)}" rel="prev">${escapeHtml(t('site.previous'))}</a>`);
  // The first, the last and two either side of the current page: 105 pages of 5,000 pets stay one line.
  let previous = 0;
  for (let page = 1; page <= pages; page += 1) {
    if (page !== 1 && page !== pages && Math.abs(page - current) > 2) continue;
    if (page - previous > 1) links.push('<span aria-hidden="true">…</span>');
    links.push(
      page === current
        ? `<a href="${pathOf(page)}" aria-current="page">${page}</a>`
        : `<a href="${pathOf(page)}">${page}</a>`,
    );
    previous = page;
  }
  if (current < pages) links.push(`<a href="${pathOf(current + 1)}" rel="next">${escapeHtml(t('site.next'))}</a>`);
  return `<nav class="pages" aria-label="${escapeHtml(t('site.pages'))}">${links.join(' ')}</nav>`;
}
