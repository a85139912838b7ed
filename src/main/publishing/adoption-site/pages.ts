import { AGE_GROUP_WORDS, ageLine, feeWords, SEX_WORDS, SIZE_WORDS, type YesNoUnknown } from '../pet-words';
import { petPath, slugOf } from '../public-pet';
import { escapeHtml, howToAdopt, noPhoto, pageShell, pagination, paragraphs, petCard, picture } from './html';
import { AVAILABILITY_WORDS, COMPANION_WORDS, type AdoptionSiteInput, type SitePet, type SiteShelter } from './model';

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

/** What the index and its filters list: the available pets, then those with an adoption pending (badged). */
export function listedPets(sorted: readonly SitePet[]): SitePet[] {
  return [...sorted.filter((pet) => pet.availability === 'available'), ...sorted.filter((pet) => pet.availability === 'pending')];
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

/** The index, its pages, and each filter's pages (of the listed pets); every one a plain HTML page with real links. */
export function* listPages(input: AdoptionSiteInput, listed: readonly SitePet[], facets: readonly FacetValue[]): Generator<SiteFile> {
  const { shelter } = input;
  const browse = browseNav(facets, null);
  const pending = listed.filter((pet) => pet.availability === 'pending').length;
  const available = listed.length - pending;
  yield* pagesOf(input, listed, '/', {
    title: `Adopt a pet from ${shelter.name}`,
    heading: `Pets looking for a home at ${shelter.name}`,
    lead: `${available === 1 ? '1 pet is' : `${available} pets are`} waiting for a family.${pending === 0 ? '' : ` ${pending === 1 ? '1 more has' : `${pending} more have`} an adoption pending.`}`,
    browse,
    finder: finder(facets),
  });
  for (const value of facets) {
    const matching = listed.filter(value.matches);
    yield* pagesOf(input, matching, `/browse/${value.facet}/${value.slug}/`, {
      title: `${value.label} · ${shelter.name}`,
      heading: value.facet === 'good-with' ? `${value.label}` : `${value.facetLabel}: ${value.label}`,
      lead: `${matching.length} of ${listed.length} pets. <a href="/">See them all</a>.`,
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

/**
 * A pet's own page, at the same address whatever becomes of the pet (QR codes and shared links live
 * on): available, its gallery, profile, fee, the shelter's contact and how to adopt; pending, the
 * same under an "Adoption pending" notice; adopted, "Found a home" with no fee and no call to adopt.
 */
export function petPage(input: AdoptionSiteInput, pet: SitePet): SiteFile {
  const { shelter } = input;
  const adopted = pet.availability === 'adopted';
  const facts: Array<[string, string | null]> = [
    ['Kind', pet.category.name],
    ['Breed', pet.breed],
    ['Age', ageLine(pet.ageGroup, pet.age)],
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
    ['Adoption fee', pet.fee === null || adopted ? null : feeWords(pet.fee, shelter.currency)],
  ];
  const list = facts
    .filter((fact): fact is [string, string] => fact[1] !== null && fact[1] !== '')
    .map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('');
  const [cover, ...others] = pet.photos;
  const gallery = cover
    ? `<figure class="cover">${picture(cover, '(max-width: 48rem) 100vw, 40rem', false, 'full')}</figure>${others.length > 0 ? `<ul class="gallery">${others.map((photo) => `<li><a href="/photos/${photo.hash}.${photo.extension}">${picture(photo, '(max-width: 48rem) 50vw, 12rem', true)}</a></li>`).join('')}</ul>` : ''}`
    : noPhoto(pet, true);
  const name = escapeHtml(pet.name);
  const summary = adopted
    ? `${pet.name} found a home through ${shelter.name}.`
    : pet.description
      ? pet.description.replace(/\s+/g, ' ').trim().slice(0, 200)
      : `${pet.name} is looking for a home at ${shelter.name}.`;
  const body = `<nav class="crumbs" aria-label="Breadcrumb"><a href="/">All pets</a> › ${name}</nav>
<article class="pet">
<div class="photos">${gallery}</div>
<div class="profile">
<h1>${name}</h1>
${statusNotice(pet)}<dl class="facts">${list}</dl>
${pet.description ? `<section aria-labelledby="about"><h2 id="about">About ${name}</h2>\n${paragraphs(pet.description)}</section>` : ''}
${adopted ? '' : askAbout(pet, shelter)}
</div>
</article>
${adopted ? '' : howToAdopt(shelter)}`;
  return { path: petPath(pet), content: pageShell({ title: `${pet.name} · ${shelter.name}`, description: summary, path: petPath(pet), image: cover ?? null, type: 'article' }, shelter, input.baseUrl, body) };
}

/** Said first on the page of a pet that is no longer simply available. */
function statusNotice(pet: SitePet): string {
  const name = escapeHtml(pet.name);
  if (pet.availability === 'pending') return `<p class="status pending"><strong>${AVAILABILITY_WORDS.pending}.</strong> ${name} may soon go home with a new family. <a href="/">Meet the pets still looking for one</a>.</p>\n`;
  if (pet.availability === 'adopted') return `<p class="status adopted"><strong>${AVAILABILITY_WORDS.adopted}.</strong> ${name} has been adopted. <a href="/">Meet the pets still looking for one</a>.</p>\n`;
  return '';
}

/** How to reach the shelter about this pet: its phone and e-mail, the mail's subject naming the pet. */
function askAbout(pet: SitePet, shelter: SiteShelter): string {
  const name = escapeHtml(pet.name);
  if (!shelter.phone && !shelter.email) return `<p class="ask">Interested in ${name}? Visit ${escapeHtml(shelter.name)}.</p>`;
  const phone = shelter.phone ? ` on <a href="tel:${escapeHtml(shelter.phone.replace(/[^+\d]/g, ''))}">${escapeHtml(shelter.phone)}</a>` : '';
  const email = shelter.email ? `${shelter.phone ? ' or' : ''} at <a href="mailto:${escapeHtml(shelter.email)}?subject=${encodeURIComponent(`Adopting ${pet.name} (#${pet.id})`)}">${escapeHtml(shelter.email)}</a>` : '';
  return `<p class="ask">Interested in ${name}? Contact ${escapeHtml(shelter.name)}${phone}${email}.</p>`;
}
