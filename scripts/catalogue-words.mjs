/**
 * `npm run catalogue-words`: how many words each of the window's catalogues holds, per language and
 * area (src/renderer/src/locales/<language>/<area>.json, src/shared/domain-words/<language>/<part>.json).
 * A word is one key; its plural forms (`_one`, `_many`, `_other`…) count once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', 'src');
const LANGUAGES = ['en', 'fr', 'es', 'de'];
const PLURAL = /_(zero|one|two|few|many|other)$/;

const keysOf = (tree, prefix = '') =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [prefix + key] : keysOf(value, `${prefix}${key}.`),
  );
const wordsIn = (file) =>
  new Set(keysOf(JSON.parse(readFileSync(file, 'utf8'))).map((key) => key.replace(PLURAL, ''))).size;

const folders = { area: 'renderer/src/locales', domain: 'shared/domain-words' };
const counts = new Map();
for (const language of LANGUAGES)
  for (const [kind, folder] of Object.entries(folders))
    for (const file of readdirSync(join(ROOT, folder, language)).sort()) {
      const name = `${kind === 'domain' ? 'domain:' : ''}${file.replace(/\.json$/, '')}`;
      if (!counts.has(name)) counts.set(name, {});
      counts.get(name)[language] = wordsIn(join(ROOT, folder, language, file));
    }

console.log(`| catalogue | ${LANGUAGES.join(' | ')} |`);
console.log(`|---|${LANGUAGES.map(() => '--:').join('|')}|`);
const totals = Object.fromEntries(LANGUAGES.map((language) => [language, 0]));
for (const [name, row] of counts) {
  console.log(`| ${name} | ${LANGUAGES.map((language) => row[language] ?? 0).join(' | ')} |`);
  for (const language of LANGUAGES) totals[language] += row[language] ?? 0;
}
console.log(`| **all** | ${LANGUAGES.map((language) => `**${totals[language]}**`).join(' | ')} |`);
