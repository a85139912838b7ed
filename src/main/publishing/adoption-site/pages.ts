import { AGE_GROUPS, PET_SIZES } from '../../../shared/pet-profile';
import { ageLine, type YesNoUnknown } from '../pet-words';
import { compareNames, petPath, slugOf } from '../public-pet';
import { agreeingWith, beforeName, type PublishedWords } from '../words/words';
import {
  escapeHtml,
  howToAdopt,
  noPhoto,
  pageShell,
  pagination,
  paragraphs,
  petCard,
  picture,
  siteWords,
} from './html';
import type { AdoptionSiteInput, SitePet, SiteShelter } from './model';

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
export const categorySlug = (category: { id: number; name: string }): string =>
  `${category.id}-${slugOf(category.name)}`;

/** What the index and its filters list: the available pets, then those with an adoption pending (badged). */
export function listedPets(sorted: readonly SitePet[]): SitePet[] {
  return [
    ...sorted.filter((pet) => pet.availability === 'available'),
    ...sorted.filter((pet) => pet.availability === 'pending'),
  ];
}

export function facetValues(pets: readonly SitePet[], words: PublishedWords): FacetValue[] {
  const { t } = words;
  const categories = new Map<number, string>();
  for (const pet of pets) categories.set(pet.category.id, pet.category.name);
  const values: FacetValue[] = [...categories]
    .sort(([, a], [, b]) => compareNames(a, b))
    .map(([id, name]) => ({
      facet: 'category',
      facetLabel: t('site.facet.category'),
      slug: categorySlug({ id, name }),
      label: name,
      matches: (pet) => pet.category.id === id,
    }));
  for (const sex of ['female', 'male'] as const)
    values.push({
      facet: 'sex',
      facetLabel: t('site.facet.sex'),
      slug: sex,
      label: t(`pet.sex.${sex}`),
      matches: (pet) => pet.sex === sex,
    });
  for (const group of AGE_GROUPS)
    values.push({
      facet: 'age',
      facetLabel: t('site.facet.age'),
      slug: group,
      label: t(`pet.ageGroup.${group}`),
      matches: (pet) => pet.ageGroup === group,
    });
  for (const size of PET_SIZES)
    values.push({
      facet: 'size',
      facetLabel: t('site.facet.size'),
      slug: size,
      label: t(`pet.size.${size}`),
      matches: (pet) => pet.size === size,
    });
  for (const companion of ['kids', 'dogs', 'cats'] as const) {
    values.push({
      facet: 'good-with',
      facetLabel: t('site.facet.goodWith'),
      slug: companion,
      label: t(`site.goodWith.${companion}`),
      matches: (pet) => pet.goodWith[companion] === 'yes',
    });
  }
  return values.filter((value) => pets.some(value.matches));
}

const listPath = (base: string) => (page: number) => (page === 1 ? base : `${base}page/${page}/`);

/** The index, its pages, and each filter's pages (of the listed pets); every one a plain HTML page with real links. */
export function* listPages(
  input: AdoptionSiteInput,
  listed: readonly SitePet[],
  facets: readonly FacetValue[],
): Generator<SiteFile> {
  const { shelter } = input;
  const words = siteWords(input);
  const { t } = words;
  const browse = browseNav(facets, null, words);
  const pending = listed.filter((pet) => pet.availability === 'pending').length;
  const available = listed.length - pending;
  yield* pagesOf(input, listed, '/', {
    title: t('site.indexTitle', { shelter: shelter.name }),
    heading: t('site.indexHeading', { shelter: shelter.name }),
    lead: `${escapeHtml(t('site.waiting', { count: available }))}${pending === 0 ? '' : ` ${escapeHtml(t('site.pendingMore', { count: pending }))}`}`,
    browse,
    finder: finder(facets, words),
  });
  for (const value of facets) {
    const matching = listed.filter(value.matches);
    yield* pagesOf(input, matching, `/browse/${value.facet}/${value.slug}/`, {
      title: `${value.label} · ${shelter.name}`,
      heading:
        value.facet === 'good-with'
          ? `${value.label}`
          : t('site.facetHeading', { facet: value.facetLabel, value: value.label }),
      lead: `${escapeHtml(t('site.ofPets', { count: matching.length, total: listed.length }))} <a href="/">${escapeHtml(t('site.seeThemAll'))}</a>.`,
      browse: browseNav(facets, value, words),
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

function* pagesOf(
  input: AdoptionSiteInput,
  pets: readonly SitePet[],
  base: string,
  list: ListWords,
): Generator<SiteFile> {
  const pages = Math.max(1, Math.ceil(pets.length / PETS_PER_PAGE));
  const pathOf = listPath(base);
  const words = siteWords(input);
  const { t } = words;
  for (let page = 1; page <= pages; page += 1) {
    const shown = pets.slice((page - 1) * PETS_PER_PAGE, page * PETS_PER_PAGE);
    const cards =
      shown.length === 0
        ? `<p class="empty">${escapeHtml(t('site.noPets'))}</p>`
        : `<ul class="cards" id="cards">\n${shown.map((pet, index) => petCard(pet, index >= 8, words)).join('\n')}\n</ul>`;
    const title = page === 1 ? list.title : `${list.title} · ${t('site.pageOf', { page, pages })}`;
    const body = `<h1>${escapeHtml(list.heading)}</h1>
<p class="lead">${list.lead}</p>
${filters(list, words)}
<section aria-label="${escapeHtml(t('site.pets'))}" data-list>
${cards}
${pagination(page, pages, pathOf, words)}
</section>
${base === '/' && page === 1 ? howToAdopt(input.shelter, words) : ''}`;
    const cover = shown.find((pet) => pet.photos.length > 0)?.photos[0] ?? null;
    yield {
      path: `${pathOf(page)}index.html`,
      content: pageShell(
        {
          title,
          description: t('site.meetThePets', { shelter: input.shelter.name }),
          path: pathOf(page),
          image: cover,
          type: 'website',
        },
        input.shelter,
        input.baseUrl,
        body,
        words,
      ),
    };
  }
}

/**
 * The search and the filters, folded behind one button on a phone so the first pets show on the
 * first screen (a `<details>`: it opens without JavaScript); always open on a wider screen (site.css).
 */
function filters(list: ListWords, { t }: PublishedWords): string {
  if (!list.finder && !list.browse) return '';
  return `<details class="filters"><summary>${escapeHtml(t('site.filters'))}</summary>\n${list.finder}\n${list.browse}\n</details>`;
}

/** The filters as links, grouped: what works with JavaScript off. */
function browseNav(facets: readonly FacetValue[], current: FacetValue | null, words: PublishedWords): string {
  const groups = new Map<string, string[]>();
  for (const value of facets) {
    const link =
      value === current
        ? `<a href="/browse/${value.facet}/${value.slug}/" aria-current="page">${escapeHtml(value.label)}</a>`
        : `<a href="/browse/${value.facet}/${value.slug}/">${escapeHtml(value.label)}</a>`;
    groups.set(value.facetLabel, [...(groups.get(value.facetLabel) ?? []), link]);
  }
  if (groups.size === 0) return '';
  const rows = [...groups]
    .map(([label, links]) => `<div><span>${escapeHtml(label)}</span> ${links.join(' ')}</div>`)
    .join('\n');
  return `<nav class="browse" aria-label="${escapeHtml(words.t('site.browseBy'))}">${rows}</nav>`;
}

/** Search and combined filters: hidden until the script has the pets' index (assets/pets.json). */
function finder(facets: readonly FacetValue[], words: PublishedWords): string {
  const { t } = words;
  const select = (facet: string, label: string) => {
    const options = facets
      .filter((value) => value.facet === facet)
      .map((value) => `<option value="${escapeHtml(value.slug)}">${escapeHtml(value.label)}</option>`);
    if (options.length === 0) return '';
    return `<label>${label}<select name="${facet}"><option value="">${escapeHtml(t('site.any'))}</option>${options.join('')}</select></label>`;
  };
  // What the script says (assets.ts) rides on the form: the script is one file for every language.
  const said = `data-pending="${escapeHtml(t('site.availability.pending'))}" data-match-one="${escapeHtml(t('site.matches', { count: 1 }))}" data-match-other="${escapeHtml(t('site.matches', { count: 2 }).replace('2', '{count}'))}"`;
  return `<form class="finder" id="finder" role="search" ${said} hidden>
<label class="search">${escapeHtml(t('site.search'))}<input type="search" name="q" placeholder="${escapeHtml(t('site.nameOrBreed'))}" autocomplete="off"></label>
${select('category', escapeHtml(t('site.facet.category')))}${select('sex', escapeHtml(t('site.facet.sex')))}${select('age', escapeHtml(t('site.facet.age')))}${select('size', escapeHtml(t('site.facet.size')))}${select('good-with', escapeHtml(t('site.facet.goodWith')))}
<p class="count" id="finder-count" aria-live="polite"></p>
</form>`;
}

/**
 * A pet's own page, at the same address whatever becomes of the pet (QR codes and shared links live
 * on): available, its gallery, profile, fee, the shelter's contact and how to adopt; pending, the
 * same under an "Adoption pending" notice; adopted, "Found a home" with no fee and no call to adopt.
 */
export function petPage(input: AdoptionSiteInput, pet: SitePet): SiteFile {
  const { shelter } = input;
  const words = siteWords(input);
  const { t } = words;
  if (pet.availability === 'gone') return noLongerHerePage(input, pet, words);
  const adopted = pet.availability === 'adopted';
  const yesNo = (answer: YesNoUnknown): string | null => (answer === 'unknown' ? null : t(`pet.${answer}`));
  const facts: Array<[string, string | null]> = [
    [t('site.fact.kind'), t(`pet.species.${pet.category.species}`)],
    [t('site.fact.breed'), pet.breed],
    [t('site.fact.age'), ageLine(pet.ageGroup, pet.age, words)],
    [t('site.fact.sex'), pet.sex ? t(`pet.sex.${pet.sex}`) : null],
    [t('site.fact.size'), pet.size ? t(`pet.size.${pet.size}`) : null],
    [t('site.fact.colour'), pet.colour],
    [t('site.fact.coat'), pet.coat],
    [t('site.fact.goodWithKids'), yesNo(pet.goodWith.kids)],
    [t('site.fact.goodWithDogs'), yesNo(pet.goodWith.dogs)],
    [t('site.fact.goodWithCats'), yesNo(pet.goodWith.cats)],
    [t('site.fact.houseTrained'), yesNo(pet.houseTrained)],
    [t('site.fact.spayedNeutered'), yesNo(pet.spayedNeutered)],
    [t('site.fact.specialNeeds'), pet.specialNeeds],
    [t('site.fact.fee'), pet.fee === null || adopted ? null : words.fee(pet.fee, shelter.currency)],
  ];
  const list = facts
    .filter((fact): fact is [string, string] => fact[1] !== null && fact[1] !== '')
    .map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('');
  const [cover, ...others] = pet.photos;
  const gallery = cover
    ? `<figure class="cover">${picture(cover, '(max-width: 48rem) 100vw, 40rem', false, 'full')}</figure>${others.length > 0 ? `<ul class="gallery">${others.map((photo) => `<li><a href="/photos/${photo.hash}.${photo.extension}">${picture(photo, '(max-width: 48rem) 50vw, 12rem', true)}</a></li>`).join('')}</ul>` : ''}`
    : noPhoto(pet, true, words);
  const name = escapeHtml(pet.name);
  const summary = adopted
    ? t('site.foundAHomeThrough', { name: pet.name, shelter: shelter.name })
    : pet.description
      ? pet.description.replace(/\s+/g, ' ').trim().slice(0, 200)
      : t('site.lookingForAHomeAt', { name: pet.name, shelter: shelter.name });
  const body = `<nav class="crumbs" aria-label="${escapeHtml(t('site.breadcrumb'))}"><a href="/">${escapeHtml(t('site.allPets'))}</a> › ${name}</nav>
<article class="pet">
<div class="photos">${gallery}</div>
<div class="profile">
<h1>${name}</h1>
${statusNotice(pet, words)}<dl class="facts">${list}</dl>
${pet.description ? `<section aria-labelledby="about"><h2 id="about">${escapeHtml(t('site.about', beforeName(pet.name)))}</h2>\n${paragraphs(pet.description)}</section>` : ''}
${adopted ? '' : applyLink(pet, words)}${adopted ? '' : askAbout(pet, shelter, words)}
</div>
</article>
${adopted ? '' : howToAdopt(shelter, words)}`;
  return {
    path: petPath(pet),
    content: pageShell(
      {
        title: `${pet.name} · ${shelter.name}`,
        description: summary,
        path: petPath(pet),
        image: cover ?? null,
        type: 'article',
      },
      shelter,
      input.baseUrl,
      body,
      words,
    ),
  };
}

/**
 * The page of an animal that left care other than by adoption: its name and that it is no longer at
 * the shelter, never why (died, transferred, home with its owner), and nothing else of its profile.
 */
function noLongerHerePage(input: AdoptionSiteInput, pet: SitePet, words: PublishedWords): SiteFile {
  const { shelter } = input;
  const { t } = words;
  const said = t('site.noLongerHere', { name: pet.name, shelter: shelter.name });
  const body = `<nav class="crumbs" aria-label="${escapeHtml(t('site.breadcrumb'))}"><a href="/">${escapeHtml(t('site.allPets'))}</a> › ${escapeHtml(pet.name)}</nav>
<article class="pet">
<div class="profile">
<h1>${escapeHtml(pet.name)}</h1>
<p class="status gone">${escapeHtml(said)} <a href="/">${escapeHtml(t('site.meetThoseStillLooking'))}</a>.</p>
</div>
</article>`;
  return {
    path: petPath(pet),
    content: pageShell(
      { title: `${pet.name} · ${shelter.name}`, description: said, path: petPath(pet), image: null, type: 'article' },
      shelter,
      input.baseUrl,
      body,
      words,
    ),
  };
}

/** Said first on the page of a pet that is no longer simply available. */
function statusNotice(pet: SitePet, { t }: PublishedWords): string {
  const meet = `<a href="/">${escapeHtml(t('site.meetThoseStillLooking'))}</a>`;
  if (pet.availability === 'pending')
    return `<p class="status pending"><strong>${escapeHtml(t('site.availability.pending'))}.</strong> ${escapeHtml(t('site.maySoonGoHome', { name: pet.name }))} ${meet}.</p>\n`;
  if (pet.availability === 'adopted')
    return `<p class="status adopted"><strong>${escapeHtml(t('site.availability.adopted'))}.</strong> ${escapeHtml(t('site.hasBeenAdopted', { name: pet.name, ...agreeingWith(pet.sex) }))} ${meet}.</p>\n`;
  return '';
}

/** The way to the pet's application form, or that its applications are paused. */
function applyLink(pet: SitePet, { t }: PublishedWords): string {
  if (pet.applicationsPaused)
    return `<p class="status paused">${escapeHtml(t('forms.paused', { name: pet.name }))}</p>\n`;
  return `<p class="apply"><a class="button" href="/forms/apply?pet=${pet.id}">${escapeHtml(t('forms.applyLink', { name: pet.name }))}</a></p>\n`;
}

/** How to reach the shelter about this pet: its phone and e-mail, the mail's subject naming the pet. */
function askAbout(pet: SitePet, shelter: SiteShelter, { t }: PublishedWords): string {
  // The words are escaped before the links go in: the catalogue holds text, never markup.
  const fill = (text: string, links: Record<string, string>) =>
    Object.entries(links).reduce(
      (html, [slot, link]) => html.replace(`\u0000${slot}\u0000`, () => link),
      escapeHtml(text),
    );
  const slots = {
    name: '\u0000name\u0000',
    shelter: '\u0000shelter\u0000',
    phone: '\u0000phone\u0000',
    email: '\u0000email\u0000',
  };
  const name = escapeHtml(pet.name);
  if (!shelter.phone && !shelter.email)
    return `<p class="ask">${fill(t('site.askVisit', slots), { name, shelter: escapeHtml(shelter.name) })}</p>`;
  const phoneLink = shelter.phone
    ? `<a href="tel:${escapeHtml(shelter.phone.replace(/[^+\d]/g, ''))}">${escapeHtml(shelter.phone)}</a>`
    : '';
  const subject = encodeURIComponent(t('site.mailSubject', { name: pet.name, id: pet.id }));
  const emailLink = shelter.email
    ? `<a href="mailto:${escapeHtml(shelter.email)}?subject=${subject}">${escapeHtml(shelter.email)}</a>`
    : '';
  const phone = shelter.phone ? fill(t('site.onPhone', slots), { phone: phoneLink }) : '';
  const email = shelter.email
    ? fill(t(shelter.phone ? 'site.orAtEmail' : 'site.atEmail', slots), { email: emailLink })
    : '';
  return `<p class="ask">${fill(t('site.askContact', slots), { name, shelter: escapeHtml(shelter.name), phone, email })}</p>`;
}
