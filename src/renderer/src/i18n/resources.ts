/**
 * The window's catalogues: one JSON file per language and area (`locales/<language>/<area>.json`), plus
 * the domain's words (species, statuses, movement kinds, roles …) shared with what is published
 * (`shared/domain-words/<language>/<part>.json`, one namespace `domain` with a
 * key per part: `t('domain:animals.species.dog')`). English is bundled (it is every key's fallback and the
 * type the keys are checked against); each other language is one chunk, fetched when chosen.
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

/** One chunk per language (i18n/bundles/<language>.ts), fetched when the language is chosen. */
const BUNDLES = import.meta.glob<Record<string, Record<string, unknown>>>(['./bundles/*.ts', '!./bundles/bundle.ts'], {
  import: 'default',
});

const loading = new Map<WindowLanguage, Promise<Catalogues>>();

/**
 * Every catalogue of one language, in one fetch shared by whoever asks while it runs (the first
 * paint starts it early); a namespace its files lack is empty (English shows). A failed fetch is
 * forgotten, so that choosing the language again tries again.
 */
export function loadCatalogues(language: WindowLanguage): Promise<Catalogues> {
  if (language === 'en') return Promise.resolve(EN);
  const known = loading.get(language);
  if (known) return known;
  const load = BUNDLES[`./bundles/${language}.ts`];
  const fetched = (load ? load() : Promise.resolve({} as Record<string, Record<string, unknown>>)).then(
    (files) => Object.fromEntries(NAMESPACES.map((ns) => [ns, files[ns] ?? {}])) as Catalogues,
  );
  loading.set(language, fetched);
  fetched.catch(() => loading.delete(language));
  return fetched;
}
