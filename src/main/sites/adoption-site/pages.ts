import { escapeHtml, howToAdopt, pageShell, pagination, paragraphs, petCard, petPath, picture, slugOf } from './html';
import { AGE_GROUP_WORDS, COMPANION_WORDS, SEX_WORDS, SIZE_WORDS, type AdoptionSiteInput, type SitePet, type YesNoUnknown } from './model';

/** Cards on a page: a multiple of 2, 3 and 4 columns, like the portals' 48. */
export const PETS_PER_PAGE = 48;

export interface SiteFile {
  path: string;
  content: string;
}

/** A way to narrow the list that works without JavaScript: a value of it is a folder of pages. */
interface FacetValue {
  facet: string;
  facetLabel: string;
  slug: string;
  label: string;
  matches: (pet: SitePet) => boolean;
}

/** A kind's folder: its id keeps two names that slug alike ("Cats!" and "Cats?") apart. */
export const categorySlug = (category: { id: number; name: string }): string => `${category.id}-${slugOf(category.name)}`;

const byName = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Natural order ("Biscuit 109" before "Biscuit 1005"), then by id so equal names keep one order. */
export function sortPets(pets: readonly SitePet[]): SitePet[] {
  return [...pets].sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
}

export function facetValues(pets: readonly SitePet[]): FacetValue[] {
  const categories = new Map<number, string>();
  for (const pet of pets) categories.set(pet.category.id, pet.category.name);
  const values: FacetValue[] = [...categories]
    .sort(([, a], [, b]) => byName.compare(a, b))
    .map(([id, name]) => ({ facet: 'category', facetLabel: 'Kind', slug: categorySlug({ id, name }), label: name, matches: (pet) => pet.category.id === id }));
  for (const sex of ['female', 'male'] as const) values.push({ facet: 'sex', facetLabel: 'Sex', slug: sex, label: SEX_WORDS[sex], matches: (pet) => pet.sex === sex });
  for (const [group, label] of Object.entries(AGE_GROUP_WORDS)) values.push({ facet: 'age', facetLabel: 'Age', slug: group, label, matches: (pet) => pet.ageGroup === group });
  for (const [size, label] of Object.entries(SIZE_WORDS)) values.push({ facet: 'size', facetLabel: 'Size', slug: size, label, matches: (pet) => pet.size === size });
  for (const companion of ['kids', 'dogs', 'cats'] as const) {
    values.push({ facet: 'good-with', facetLabel: 'Good with', slug: companion, label: `Good with ${COMPANION_WORDS[companion]}`, matches: (pet) => pet.goodWith[companion] === 'yes' });
  }
  return values.filter((value) => pets.some(value.matches));
}

const listPath = (base: string) => (page: number) => (page === 1 ? base : `${base}page/${page}/`);

/** The index, its pages, and each filter's pages; every one a plain HTML page with real links. */
export function* listPages(input: AdoptionSiteInput, sorted: readonly SitePet[], facets: readonly FacetValue[]): Generator<SiteFile> {
  const { shelter } = input;
  const browse = browseNav(facets, null);
  yield* pagesOf(input, sorted, '/', {
    title: `Adopt a pet from ${shelter.name}`,
    heading: `Pets looking for a home at ${shelter.name}`,
    lead: sorted.length === 1 ? '1 pet is waiting for a family.' : `${sorted.length} pets are waiting for a family.`,
    browse,
    finder: finder(facets),
  });
  for (const value of facets) {
    const matching = sorted.filter(value.matches);
    yield* pagesOf(input, matching, `/browse/${value.facet}/${value.slug}/`, {
      title: `${value.label} · ${shelter.name}`,
      heading: value.facet === 'good-with' ? `${value.label}` : `${value.facetLabel}: ${value.label}`,
      lead: `${matching.length} of ${sorted.length} pets. <a href="/">See them all</a>.`,
      browse: browseNav(facets, value),
      finder: '',
    });
  }
}

interface ListWords {
  title: string;
  heading: string;
  /** HTML. */
  lead: string;
  browse: string;
  finder: string;
}

function* pagesOf(input: AdoptionSiteInput, pets: readonly SitePet[], base: string, words: ListWords): Generator<SiteFile> {
  const pages = Math.max(1, Math.ceil(pets.length / PETS_PER_PAGE));
  const pathOf = listPath(base);
  for (let page = 1; page <= pages; page += 1) {
    const shown = pets.slice((page - 1) * PETS_PER_PAGE, page * PETS_PER_PAGE);
    const cards = shown.length === 0 ? '<p class="empty">No pets are available for adoption right now. Please check back soon.</p>' : `<ul class="cards" id="cards">\n${shown.map((pet, index) => petCard(pet, index >= 8)).join('\n')}\n</ul>`;
    const title = page === 1 ? words.title : `${words.title} · page ${page} of ${pages}`;
    const body = `<h1>${escapeHtml(words.heading)}</h1>
<p class="lead">${words.lead}</p>
${words.finder}
${words.browse}
<section aria-label="Pets" data-list>
${cards}
${pagination(page, pages, pathOf)}
</section>
${base === '/' && page === 1 ? howToAdopt(input.shelter) : ''}`;
    const cover = shown.find((pet) => pet.photos.length > 0)?.photos[0] ?? null;
    yield { path: `${pathOf(page)}index.html`, content: pageShell({ title, description: `Meet the pets of ${input.shelter.name} looking for a home.`, path: pathOf(page), image: cover, type: 'website' }, input.shelter, input.baseUrl, body) };
  }
}

/** The filters as links, grouped: what works with JavaScript off. */
function browseNav(facets: readonly FacetValue[], current: FacetValue | null): string {
  const groups = new Map<string, string[]>();
  for (const value of facets) {
    const link = value === current ? `<a href="/browse/${value.facet}/${value.slug}/" aria-current="page">${escapeHtml(value.label)}</a>` : `<a href="/browse/${value.facet}/${value.slug}/">${escapeHtml(value.label)}</a>`;
    groups.set(value.facetLabel, [...(groups.get(value.facetLabel) ?? []), link]);
  }
  if (groups.size === 0) return '';
  const rows = [...groups].map(([label, links]) => `<div><span>${escapeHtml(label)}</span> ${links.join(' ')}</div>`).join('\n');
  return `<nav class="browse" aria-label="Browse by">${rows}</nav>`;
}

/** Search and combined filters: hidden until the script has the pets' index (assets/pets.json). */
function finder(facets: readonly FacetValue[]): string {
  const select = (facet: string, label: string) => {
    const options = facets.filter((value) => value.facet === facet).map((value) => `<option value="${escapeHtml(value.slug)}">${escapeHtml(value.label)}</option>`);
    if (options.length === 0) return '';
    return `<label>${label}<select name="${facet}"><option value="">Any</option>${options.join('')}</select></label>`;
  };
  return `<form class="finder" id="finder" role="search" hidden>
<label class="search">Search<input type="search" name="q" placeholder="Name or breed" autocomplete="off"></label>
${select('category', 'Kind')}${select('sex', 'Sex')}${select('age', 'Age')}${select('size', 'Size')}${select('good-with', 'Good with')}
<p class="count" id="finder-count" aria-live="polite"></p>
</form>`;
}

const YES_NO: Record<YesNoUnknown, string | null> = { yes: 'Yes', no: 'No', unknown: null };

/** A pet's own page: gallery, profile, fee, the shelter's contact and how to adopt. */
export function petPage(input: AdoptionSiteInput, pet: SitePet): SiteFile {
  const { shelter } = input;
  const facts: Array<[string, string | null]> = [
    ['Kind', pet.category.name],
    ['Breed', pet.breed],
    ['Age', [pet.ageGroup ? AGE_GROUP_WORDS[pet.ageGroup] : null, pet.age].filter(Boolean).join(' · ') || null],
    ['Sex', pet.sex ? SEX_WORDS[pet.sex] : null],
    ['Size', pet.size ? SIZE_WORDS[pet.size] : null],
    ['Colour', pet.colour],
    ['Coat', pet.coat],
    ['Good with kids', YES_NO[pet.goodWith.kids]],
    ['Good with dogs', YES_NO[pet.goodWith.dogs]],
    ['Good with cats', YES_NO[pet.goodWith.cats]],
    ['House-trained', YES_NO[pet.houseTrained]],
    ['Spayed or neutered', YES_NO[pet.spayedNeutered]],
    ['Special needs', pet.specialNeeds],
    ['Adoption fee', pet.fee === null ? null : feeWords(pet.fee, shelter.currency)],
  ];
  const list = facts
    .filter((fact): fact is [string, string] => fact[1] !== null && fact[1] !== '')
    .map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('');
  const [cover, ...others] = pet.photos;
  const gallery = cover
    ? `<figure class="cover">${picture(cover, '(max-width: 48rem) 100vw, 40rem', false, 'full')}</figure>${others.length > 0 ? `<ul class="gallery">${others.map((photo) => `<li><a href="/photos/${photo.hash}.${photo.extension}">${picture(photo, '(max-width: 48rem) 50vw, 12rem', true)}</a></li>`).join('')}</ul>` : ''}`
    : '<div class="no-photo large" role="img" aria-label="No photo yet"></div>';
  const summary = pet.description ? pet.description.replace(/\s+/g, ' ').trim().slice(0, 200) : `${pet.name} is looking for a home at ${shelter.name}.`;
  const body = `<nav class="crumbs" aria-label="Breadcrumb"><a href="/">All pets</a> › ${escapeHtml(pet.name)}</nav>
<article class="pet">
<div class="photos">${gallery}</div>
<div class="profile">
<h1>${escapeHtml(pet.name)}</h1>
<dl class="facts">${list}</dl>
${pet.description ? `<section aria-labelledby="about"><h2 id="about">About ${escapeHtml(pet.name)}</h2>\n${paragraphs(pet.description)}</section>` : ''}
<p class="ask">Interested in ${escapeHtml(pet.name)}? ${shelter.phone || shelter.email ? `Contact ${escapeHtml(shelter.name)}${shelter.phone ? ` on <a href="tel:${escapeHtml(shelter.phone.replace(/[^+\d]/g, ''))}">${escapeHtml(shelter.phone)}</a>` : ''}${shelter.email ? `${shelter.phone ? ' or' : ''} at <a href="mailto:${escapeHtml(shelter.email)}?subject=${encodeURIComponent(`Adopting ${pet.name} (#${pet.id})`)}">${escapeHtml(shelter.email)}</a>` : ''}.` : `Visit ${escapeHtml(shelter.name)}.`}</p>
</div>
</article>
${howToAdopt(shelter)}`;
  return { path: petPath(pet), content: pageShell({ title: `${pet.name} · ${shelter.name}`, description: summary, path: petPath(pet), image: cover ?? null, type: 'article' }, shelter, input.baseUrl, body) };
}

/** Making a formatter costs more than a page; one per currency (a shelter has one). */
const feeFormats = new Map<string, Intl.NumberFormat>();

export function feeWords(amount: number, currency: string | null): string {
  if (amount === 0) return 'No fee';
  if (currency === null) return amount.toFixed(2);
  let format = feeFormats.get(currency);
  if (format === undefined) {
    format = new Intl.NumberFormat('en', { style: 'currency', currency });
    feeFormats.set(currency, format);
  }
  return format.format(amount);
}
