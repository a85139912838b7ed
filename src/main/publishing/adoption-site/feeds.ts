import { foldForSearch } from '../../../shared/names';
import { petPath, photoPath } from '../public-pet';
import type { PublishedWords } from '../words/words';
import { escapeHtml, initialsOf, paragraphs, siteWords } from './html';
import type { SiteFile } from './pages';
import type { AdoptionSiteInput, SitePet } from './model';

/**
 * Every code point outside XML 1.0's Char production (§2.2): C0 controls but tab and the newlines,
 * lone surrogates, U+FFFE and U+FFFF. One of them anywhere and no XML parser reads the file.
 */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** XML 1.0 text and attribute values; characters XML cannot carry at all are dropped (names refuse them; older rows may hold them). */
const xmlEscape = (text: string) =>
  text.replace(NOT_XML, '').replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);

/** One line a pet, for a feed item's summary and the finder's index. */
function summaryOf(pet: SitePet, { t }: PublishedWords): string {
  return [
    pet.breed ?? pet.category.name,
    pet.ageGroup ? t(`pet.ageGroup.${pet.ageGroup}`) : null,
    pet.sex && pet.sex !== 'unknown' ? t(`pet.sex.${pet.sex}`) : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Newest first: what a reader of the feed wants on top. */
const newestFirst = (pets: readonly SitePet[]) => [...pets].sort((a, b) => b.updatedAt - a.updatedAt || b.id - a.id);

/** JSON Feed 1.1 (jsonfeed.org/version/1.1): the feed library writes 1.0 only, and the format is plain JSON. */
export function jsonFeed(input: AdoptionSiteInput, sorted: readonly SitePet[]): SiteFile {
  const { baseUrl, shelter } = input;
  const words = siteWords(input);
  const feed = {
    version: 'https://jsonfeed.org/version/1.1',
    title: words.t('site.feedTitle', { shelter: shelter.name }),
    home_page_url: `${baseUrl}/`,
    feed_url: `${baseUrl}/feed.json`,
    description: words.t('site.feedDescription', { shelter: shelter.name }),
    language: words.language,
    authors: [{ name: shelter.name, ...(shelter.website ? { url: shelter.website } : {}) }],
    items: newestFirst(sorted).map((pet) => {
      const cover = pet.photos[0];
      return {
        id: `${baseUrl}${petPath(pet)}`,
        url: `${baseUrl}${petPath(pet)}`,
        title: pet.name,
        summary: summaryOf(pet, words),
        content_text: pet.description ?? summaryOf(pet, words),
        ...(cover ? { image: `${baseUrl}${photoPath(cover, 'full')}` } : {}),
        date_modified: new Date(pet.updatedAt).toISOString(),
        tags: [pet.category.name, ...(pet.breed ? [pet.breed] : [])],
        _adoption: {
          category: pet.category.name,
          breed: pet.breed,
          sex: pet.sex,
          age_group: pet.ageGroup,
          size: pet.size,
          good_with: pet.goodWith,
          fee: pet.fee === null ? null : { amount: pet.fee, currency: shelter.currency },
        },
      };
    }),
  };
  return { path: 'feed.json', content: `${JSON.stringify(feed, null, 1)}\n` };
}

/**
 * Atom 1.0 (RFC 4287), written entry by entry: the feed library builds the whole document as one
 * object tree in a single synchronous call, which for 5,000 pets held the server's event loop for
 * seconds.
 */
export function atomFeed(input: AdoptionSiteInput, sorted: readonly SitePet[]): SiteFile {
  const { baseUrl, shelter } = input;
  const words = siteWords(input);
  const pets = newestFirst(sorted);
  const updated = new Date(pets[0]?.updatedAt ?? input.renderedAt).toISOString();
  const entries = pets.map((pet) => {
    const url = xmlEscape(`${baseUrl}${petPath(pet)}`);
    const cover = pet.photos[0];
    const fee =
      pet.fee === null
        ? ''
        : `<p>${escapeHtml(words.t('site.feedFee', { fee: words.fee(pet.fee, shelter.currency) }))}</p>`;
    const content = `${cover ? `<p><img src="${escapeHtml(baseUrl + photoPath(cover, 'thumb'))}" alt="${escapeHtml(cover.alt)}"></p>` : ''}<p>${escapeHtml(summaryOf(pet, words))}</p>${pet.description ? paragraphs(pet.description) : ''}${fee}`;
    return `<entry>
<title>${xmlEscape(pet.name)}</title>
<id>${url}</id>
<link rel="alternate" type="text/html" href="${url}"/>
${cover ? `<link rel="enclosure" type="image/${cover.extension === 'jpg' ? 'jpeg' : cover.extension}" href="${xmlEscape(baseUrl + photoPath(cover, 'full'))}"/>\n` : ''}<updated>${new Date(pet.updatedAt).toISOString()}</updated>
<category term="${xmlEscape(pet.category.name)}"/>
<summary>${xmlEscape(summaryOf(pet, words))}</summary>
<content type="html">${xmlEscape(content)}</content>
</entry>`;
  });
  const content = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"${words.language === 'en' ? '' : ` xml:lang="${xmlEscape(words.language)}"`}>
<id>${xmlEscape(`${baseUrl}/`)}</id>
<title>${xmlEscape(words.t('site.feedTitle', { shelter: shelter.name }))}</title>
<subtitle>${xmlEscape(words.t('site.feedDescription', { shelter: shelter.name }))}</subtitle>
<updated>${updated}</updated>
<author><name>${xmlEscape(shelter.name)}</name>${shelter.website ? `<uri>${xmlEscape(shelter.website)}</uri>` : ''}</author>
<link rel="self" type="application/atom+xml" href="${xmlEscape(`${baseUrl}/feed.xml`)}"/>
<link rel="alternate" type="text/html" href="${xmlEscape(`${baseUrl}/`)}"/>
<generator>Adoption Desk</generator>
${entries.join('\n')}
</feed>
`;
  return { path: 'feed.xml', content };
}

export function sitemap(input: AdoptionSiteInput, listPaths: readonly string[], sorted: readonly SitePet[]): SiteFile {
  const urls = [
    ...listPaths.map((path) => ({ path, modified: input.renderedAt })),
    ...sorted.map((pet) => ({ path: petPath(pet), modified: pet.updatedAt })),
  ];
  const entries = urls.map(
    (url) =>
      `<url><loc>${xmlEscape(input.baseUrl + url.path)}</loc><lastmod>${new Date(url.modified).toISOString().slice(0, 10)}</lastmod></url>`,
  );
  return {
    path: 'sitemap.xml',
    content: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`,
  };
}

/**
 * What the finder (assets/site.js) filters: short keys, one line a pet; no private field exists here
 * to leak. `f` is the name and breed folded for search, as the script folds what is typed.
 */
export function finderIndex(
  listed: readonly SitePet[],
  categorySlug: (pet: SitePet) => string,
  words: PublishedWords,
): SiteFile {
  const rows = listed.map((pet) => ({
    n: pet.name,
    u: petPath(pet),
    t: pet.photos[0]
      ? {
          s: photoPath(pet.photos[0], 'thumb'),
          w: pet.photos[0].thumb.width,
          h: pet.photos[0].thumb.height,
          a: pet.photos[0].alt,
        }
      : null,
    i: initialsOf(pet.name),
    p: pet.availability === 'pending',
    d: summaryOf(pet, words),
    f: `${foldForSearch(pet.name)}\n${foldForSearch(pet.breed ?? '')}`,
    category: categorySlug(pet),
    sex: pet.sex ?? '',
    age: pet.ageGroup ?? '',
    size: pet.size ?? '',
    'good-with': (['kids', 'dogs', 'cats'] as const).filter((companion) => pet.goodWith[companion] === 'yes'),
  }));
  return { path: 'assets/pets.json', content: JSON.stringify(rows) };
}
