/**
 * The quota lab's engine sentences in the window's languages: reports covering every rule and
 * verdict, and every word of the engine's English table, are worded from their typed words in
 * French, Spanish and German with the real `lab` catalogues and i18next (no English left, no
 * placeholder unfilled, no key missing); the English those words make is the engine's own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type i18n } from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  CHECK_IDS,
  complianceReport,
  type ComplianceReport,
  type ObservedRequest,
  type Verdict,
} from '../../src/shared/compliance';
import {
  englishOf,
  englishTemplate,
  LAB_WORD_KEYS,
  words,
  type WordValue,
  type Words,
} from '../../src/shared/lab-words';
import { sayLabWords } from '../../src/renderer/src/areas/lab/say-lab-words';
import { answer, refusal as refuse, type Spec } from '../helpers/observed-requests';

const LOCALES = join(__dirname, '../../src/renderer/src/locales');
const catalogue = (language: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(LOCALES, language, 'lab.json'), 'utf8'));

function windowIn(language: string): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    resources: { [language]: { lab: catalogue(language) } },
    ns: ['lab'],
    defaultNS: 'lab',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance;
}

/** Says `words` as the window in `language` does, failing on any key the catalogue lacks. */
function say(window: i18n, words: Words): string {
  return sayLabWords(
    (key, options) => {
      expect(window.exists(key, options), `${window.language}: ${key}`).toBe(true);
      return String(window.t(key as never, options as never));
    },
    window.language,
    words,
  );
}

const T = Date.UTC(2026, 5, 1, 10, 0, 30, 250);
const RESET = Date.UTC(2026, 5, 1, 10, 1, 0);
const WAITED = T + 30_000;

/** A 429 at `at` whose window resets at RESET. */
const refusal = (at: number, form: 'seconds' | 'http-date' | 'none' = 'seconds', extra: Partial<Spec> = {}) =>
  refuse(at, RESET, form, extra);

/** Four workers on four connections, one round from `at`. */
const round = (at: number, kinds: ('ok' | '429')[], spacingMs = 0.6) =>
  kinds.map((kind, index) =>
    kind === 'ok'
      ? answer({
          at: at + index * spacingMs,
          connection: index + 1,
          headers: { 'x-ratelimit-remaining': '1', 'x-ratelimit-reset': String(RESET / 1000) },
        })
      : refusal(at + index * spacingMs, 'seconds', { connection: index + 1 }),
  );

const GARBAGE = { ratelimit: 'r=??', 'x-ratelimit-remaining': 'none', 'x-ratelimit-reset': 'soon' };
const SECONDS = (n: number) => T + n * 1000;

/** Traffic of every kind of client the lab meets: each rule gets each of its verdicts somewhere. */
const TRAFFIC: ObservedRequest[][] = [
  [],
  [answer({ at: T }), answer({ at: T + 1000 })],
  [answer({ at: T }), refusal(SECONDS(1)), answer({ at: RESET + 200 })],
  [
    answer({ at: T }),
    refusal(SECONDS(1)),
    ...Array.from({ length: 10 }, (_, i) => refusal(SECONDS(1.1 + i * 0.1))),
    answer({ at: SECONDS(2.2), status: 429, code: 'api_key_banned', headers: { 'retry-after': '900' } }),
    answer({ at: SECONDS(2.3), status: 429, code: 'api_key_banned', headers: { 'retry-after': '900' } }),
  ],
  [refusal(T, 'http-date'), refusal(WAITED + 100), refusal(RESET + 60_000), answer({ at: RESET + 200_000 })],
  [refusal(T, 'none'), answer({ at: T + 3, path: '/v1/pets?limit=2' }), answer({ at: RESET + 20 * 60_000 })],
  [refusal(T, 'seconds', { code: null }), answer({ at: T + 5 })],
  [refusal(T), answer({ at: RESET + 10 * 60_000 })],
  [answer({ at: T, status: 429, code: 'rate_limited' }), answer({ at: T + 10 * 60_000 })],
  [
    answer({ at: T, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(RESET / 1000) } }),
    answer({ at: T + 10 }),
  ],
  [answer({ at: T, headers: { ratelimit: '"minute";r=0;t=30' } }), answer({ at: T + 10 })],
  [
    answer({ at: T, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(RESET / 1000) } }),
    answer({ at: RESET + 10 }),
  ],
  [refusal(T, 'seconds', { headers: GARBAGE }), answer({ at: T + 500 })],
  [refusal(T, 'seconds', { headers: GARBAGE }), answer({ at: RESET + 300 })],
  [refusal(T, 'seconds', { headers: { ratelimit: '"minute";r=5' } })],
  [refusal(T, 'seconds', { headers: { 'ratelimit-policy': '"minute";w=60' } }), answer({ at: T + 20 })],
  [
    ...round(T - 2_000, ['ok', 'ok', 'ok', 'ok']),
    ...round(T, ['ok', 'ok', '429', '429']),
    ...round(WAITED + 10, ['ok', 'ok', 'ok', 'ok'], 3),
  ],
  [
    ...round(T - 2_000, ['ok', 'ok', 'ok', 'ok']),
    ...round(T, ['ok', 'ok', '429', '429']),
    ...round(WAITED + 10, ['ok', 'ok', 'ok', 'ok'], 250),
  ],
  [...round(T - 2_000, ['ok', 'ok', 'ok', 'ok']), ...round(T, ['ok', 'ok', 'ok', 'ok'])],
  [
    refusal(T, 'seconds', { path: '/v1/pets?limit=1' }),
    answer({ at: WAITED + 5, path: '/v1/pets?limit=1' }),
    answer({ at: WAITED + 9, path: '/v1/pets?limit=2' }),
  ],
  [
    answer({ at: T, method: 'POST', status: 503 }),
    answer({ at: T + 2_000, method: 'POST', status: 201 }),
    answer({ at: T + 4_000, method: 'POST', status: 500, headers: { 'idempotency-key': 'a' } }),
    answer({ at: T + 6_000, method: 'POST', status: 201, headers: { 'idempotency-key': 'a' } }),
  ],
  [
    answer({ at: T, method: 'POST', status: 503 }),
    answer({ at: T + 2_000, method: 'POST', status: 201, headers: { 'idempotency-key': 'b' } }),
  ],
];

const REPORTS: ComplianceReport[] = TRAFFIC.map((requests) => complianceReport(1, requests));

/** Every title, summary and note of the reports, with the words it was made from. */
const SENTENCES = REPORTS.flatMap((report) =>
  report.rules.flatMap((rule) => [
    { english: rule.title, words: words(`compliance.rules.${rule.rule}.title` as never) },
    { english: rule.summary, words: rule.summaryWords },
    ...rule.evidence.map((evidence) => ({ english: evidence.note, words: evidence.noteWords })),
  ]),
);

/** Words that are header text whatever the language, in some languages the same as in English. */
const TECHNICAL = new Set([
  'compliance.said.remaining',
  'compliance.said.field',
  'compliance.told.seconds',
  'compliance.told.date',
]);

/** Sample values for every placeholder of a key's English, by the value's kind (see shared/lab-words.ts). */
function sampleOf(key: (typeof LAB_WORD_KEYS)[number], count: number): Words {
  const names = [...englishTemplate(key).matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!);
  const value = (name: string): WordValue => {
    if (name === 'count') return count;
    if (name === 'told') return words('compliance.told.seconds', { text: '30' });
    if (name === 'said') return words('compliance.said.refused', { status: 429 });
    if (name === 'why') return words('compliance.malformedField.notList', { name: 'ratelimit', value: '"r=??"' });
    if (name.endsWith('Ms')) return 1_234.5;
    if (name.endsWith('At')) return RESET;
    if (name.endsWith('Id') || name === 'status') return 429;
    return name === 'factor' || name === 'max' || name === 'attempt' ? 9 : `/${name}`;
  };
  return words(key, Object.fromEntries(names.map((name) => [name, value(name)])));
}

describe('the lab reports met here', () => {
  it('cover every rule with every verdict', () => {
    const seen = new Set(REPORTS.flatMap((report) => report.rules.map((rule) => `${rule.rule} ${rule.verdict}`)));
    const verdicts: Verdict[] = ['pass', 'fail', 'not_tested'];
    expect([...seen].sort()).toEqual(
      CHECK_IDS.flatMap((rule) => verdicts.map((verdict) => `${rule} ${verdict}`)).sort(),
    );
  });

  it('carry words whose English is the engine’s own', () => {
    for (const { english, words: made } of SENTENCES) expect(englishOf(made)).toBe(english);
  });
});

describe.each(['fr', 'es', 'de'])('the lab in %s', (language) => {
  const window = windowIn(language);

  it('words every title, summary and evidence note of the reports', () => {
    for (const { english, words: made } of SENTENCES) {
      const said = say(window, made);
      expect(said, made.key).not.toBe(english);
      expect(said, made.key).not.toContain('{{');
      expect(said, made.key).not.toMatch(/\b(compliance|scenarios)\.\w/);
    }
  });

  it.each([1, 2, 5, 1_234])('words every sentence of the engine’s table with %s as its count', (count) => {
    for (const key of LAB_WORD_KEYS) {
      const sample = sampleOf(key, count);
      const said = say(window, sample);
      if (!TECHNICAL.has(key)) expect(said, key).not.toBe(englishOf(sample));
      expect(said, key).not.toContain('{{');
      expect(said, key).not.toContain(key);
    }
  });

  it('formats figures, durations and counts for its locale', () => {
    const said = say(window, words('compliance.summaries.backoff-cap.fail', { count: 1_234, capMs: 7_510 }));
    const figures = new Intl.NumberFormat(language);
    expect(said).toContain(figures.format(1_234));
    expect(said).toContain(figures.format(7.51));
  });
});

describe('a scenario run’s note', () => {
  it('is the engine’s English made of its words, and worded in every language', () => {
    const note = words('scenarios.notes.timeBound', { boundSeconds: 30, count: 12 });
    expect(englishOf(note)).toBe('Stopped at the time bound (30 s) after 12 request(s).');
    for (const language of ['fr', 'es', 'de']) expect(say(windowIn(language), note)).not.toContain('request');
  });
});
