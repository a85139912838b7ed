import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { ShelterService } from '../shelter/shelter';

export interface AdoptablePet {
  name: string;
  category: string;
  status: string;
}

/** The five characters that change meaning in HTML text and quoted attributes. */
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/** The page's title: the shelter profile's name, else (until staff give one) the project's own name — never an API account's. */
export function adoptionPageTitle(shelter: Pick<ShelterService, 'name'>, projectName: string): string {
  return shelter.name() ?? projectName;
}

/** The pets on show: those available now, by name. */
export function* availablePets(sqlite: Database.Database): Generator<AdoptablePet> {
  yield* sqlite
    .prepare<[], AdoptablePet>(
      `SELECT pets.name AS name, categories.name AS category, pets.status AS status
       FROM pets JOIN categories ON categories.id = pets.category_id
       WHERE pets.status = 'available' ORDER BY pets.name COLLATE NOCASE, pets.id`,
    )
    .iterate();
}

const STYLE = `
:root{color-scheme:light dark;--ink:#1f2933;--muted:#52606d;--card:#fff;--page:#f5f7fa;--accent:#0b7a75;--line:#d9e2ec}
@media (prefers-color-scheme:dark){:root{--ink:#e4e7eb;--muted:#9aa5b1;--card:#1f2933;--page:#12181f;--accent:#4fd1c5;--line:#323f4b}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--page)}
header,main,footer{max-width:64rem;margin:0 auto;padding:1.5rem}
header{padding-top:2.5rem}
h1{margin:0 0 .25rem;font-size:clamp(1.75rem,4vw,2.5rem);line-height:1.2;overflow-wrap:anywhere}
.lead{margin:0;color:var(--muted)}
ul{list-style:none;margin:0;padding:0;display:grid;gap:1rem;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr))}
li{background:var(--card);border:1px solid var(--line);border-radius:.75rem;padding:1rem 1.25rem}
h2{margin:0 0 .5rem;font-size:1.25rem;overflow-wrap:anywhere}
dl{margin:0;display:grid;grid-template-columns:auto 1fr;gap:.25rem .75rem}
dt{color:var(--muted)}dd{margin:0;overflow-wrap:anywhere}
.status{display:inline-block;padding:0 .5rem;border-radius:999px;background:var(--accent);color:var(--page);font-size:.875rem}
.empty{background:var(--card);border:1px dashed var(--line);border-radius:.75rem;padding:2rem;text-align:center;color:var(--muted)}
footer{color:var(--muted);font-size:.875rem}
`.trim();

/**
 * No script at all, and no style but the page's own (named by its hash), wherever the snapshot is
 * served from; the sites' X-Frame-Options covers framing, which a meta policy cannot.
 */
export const ADOPTION_PAGE_CONTENT_SECURITY_POLICY = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; img-src 'self'; base-uri 'none'; form-action 'none'`;

/**
 * The built-in adoption page: a static snapshot of every available pet of the environment (not only
 * the account's: pets belong to the shelter), under the shelter's name; every piece of
 * text escaped. Yields the page in chunks so a caller can stop once it grows past the deploy limit.
 */
export function* renderAdoptionPage(shelterName: string, pets: Iterable<AdoptablePet>, renderedAt: number): Generator<string> {
  const shelter = escapeHtml(shelterName);
  yield `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${ADOPTION_PAGE_CONTENT_SECURITY_POLICY}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Adopt a pet from ${shelter}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${shelter}</h1>
<p class="lead">Every pet of the shelter available for adoption right now</p>
</header>
<main>
`;
  let count = 0;
  for (const pet of pets) {
    if (count === 0) yield '<ul>\n';
    count += 1;
    yield `<li><h2>${escapeHtml(pet.name)}</h2><dl><dt>Category</dt><dd>${escapeHtml(pet.category)}</dd><dt>Status</dt><dd><span class="status">${escapeHtml(pet.status)}</span></dd></dl></li>\n`;
  }
  yield count === 0 ? '<p class="empty">No pets are available for adoption right now. Please check back soon.</p>\n' : '</ul>\n';
  const when = new Date(renderedAt).toISOString().replace('T', ' ').slice(0, 16);
  yield `</main>
<footer><p>${count} ${count === 1 ? 'pet' : 'pets'} available · updated ${when} UTC</p></footer>
</body>
</html>
`;
}
