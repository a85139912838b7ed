/**
 * The window's catalogues: one JSON file per language and area (`locales/<language>/<area>.json`), plus
 * the domain's words (species, statuses, movement kinds, roles …) shared with what is published
 * (`shared/domain-words/<language>/<part>.json`, one namespace `domain` with a
 * key per part: `t('domain:animals.species.dog')`). English is bundled (it is every key's fallback and the
 * type the keys are checked against); the others load when chosen.
 */
import common from '../locales/en/common.json';
import errors from '../locales/en/errors.json';
import accounts from '../locales/en/accounts.json';
import audit from '../locales/en/audit.json';
import console from '../locales/en/console.json';
import firstRun from '../locales/en/firstRun.json';
import lab from '../locales/en/lab.json';
import login from '../locales/en/login.json';
import peoplePage from '../locales/en/people.json';
import pets from '../locales/en/pets.json';
import plans from '../locales/en/plans.json';
import reports from '../locales/en/reports.json';
import requests from '../locales/en/requests.json';
import server from '../locales/en/server.json';
import shelter from '../locales/en/shelter.json';
import sites from '../locales/en/sites.json';
import staffPage from '../locales/en/staff.json';
import today from '../locales/en/today.json';
import usage from '../locales/en/usage.json';
import phone from '../locales/en/phone.json';
import animals from '../../../shared/domain-words/en/animals.json';
import care from '../../../shared/domain-words/en/care.json';
import movements from '../../../shared/domain-words/en/movements.json';
import people from '../../../shared/domain-words/en/people.json';
import staffWords from '../../../shared/domain-words/en/staff.json';
import incoming from '../locales/en/incoming.json';
import outbox from '../locales/en/outbox.json';
import contracts from '../locales/en/contracts.json';
import careArea from '../locales/en/care.json';
import lostFound from '../locales/en/lostFound.json';
import type { WindowLanguage } from './languages';

export const EN = {
  common,
  errors,
  accounts,
  audit,
  console,
  firstRun,
  lab,
  login,
  people: peoplePage,
  pets,
  plans,
  reports,
  requests,
  server,
  shelter,
  sites,
  staff: staffPage,
  today,
  usage,
  phone,
  incoming,
  outbox,
  contracts,
  care: careArea,
  lostFound,
  domain: { animals, movements, care, people, staff: staffWords },
};

export type Namespace = keyof typeof EN;
export const NAMESPACES = Object.keys(EN) as Namespace[];
export type Catalogues = { [N in Namespace]: Record<string, unknown> };

const AREA_FILES = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { import: 'default' });
const DOMAIN_FILES = import.meta.glob<Record<string, unknown>>('../../../shared/domain-words/*/*.json', {
  import: 'default',
});
export const DOMAIN_PARTS = Object.keys(EN.domain) as (keyof typeof EN.domain)[];

async function domainOf(language: WindowLanguage): Promise<Record<string, unknown>> {
  const parts = await Promise.all(
    DOMAIN_PARTS.map(async (part) => {
      const load = DOMAIN_FILES[`../../../shared/domain-words/${language}/${part}.json`];
      return [part, load ? await load() : {}] as const;
    }),
  );
  return Object.fromEntries(parts);
}

/** Every catalogue of one language, read from its files (a chunk of the build, fetched once). */
export async function loadCatalogues(language: WindowLanguage): Promise<Catalogues> {
  if (language === 'en') return EN;
  const entries = await Promise.all(
    NAMESPACES.map(async (ns): Promise<[Namespace, Record<string, unknown>]> => {
      if (ns === 'domain') return [ns, await domainOf(language)];
      const load = AREA_FILES[`../locales/${language}/${ns}.json`];
      return [ns, load ? await load() : {}];
    }),
  );
  return Object.fromEntries(entries) as Catalogues;
}
