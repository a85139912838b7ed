/**
 * The sites and API pages in the window's languages: in French each reads French (its own words, none
 * of the English ones), in German at 1000×700 nothing is cut or pushed off-screen. The navigation and
 * the ui kit are judged by their own spec; here only the page itself (the main region).
 */
import type { Locator, Page } from '@playwright/test';
import { createSiteProject, expect, openDesk, test, type DeskServer } from './fixtures';

const SIZE = { width: 1000, height: 700 } as const;

interface PageWords {
  hash: string;
  /** The page's heading in each language. */
  title: { fr: string; de: string };
  /** Words the French page shows. */
  french: string[];
  /** English words of the page that must be gone in French. */
  english: string[];
}

const PAGES: PageWords[] = [
  {
    hash: 'sites',
    title: { fr: 'Sites', de: 'Websites' },
    french: ['Nouveau projet', 'Déploiement en ligne', 'Domaines personnalisés', "Publier la page d'adoption"],
    english: ['New project', 'Live deploy', 'Custom domains', 'Publish adoption page', 'Deploys'],
  },
  {
    hash: 'accounts',
    title: { fr: 'Comptes et clés', de: 'Konten & Schlüssel' },
    french: ['Nouveau compte', 'Clés actives', 'Émettre une clé', 'Dernier usage'],
    english: ['New account', 'Active keys', 'Issue key', 'Last used', '/day'],
  },
  {
    hash: 'plans',
    title: { fr: 'Formules', de: 'Tarife' },
    french: ['Par minute', 'Seuil de bannissement', 'Gratuit', 'Enregistrer'],
    english: ['Per minute', 'Ban threshold', 'Free', 'Save'],
  },
  {
    hash: 'usage',
    title: { fr: 'Consommation', de: 'Nutzung' },
    french: ['Cette minute', "Aujourd'hui (UTC)", 'Remettre à zéro', 'La dernière heure, minute par minute'],
    english: ['This minute', 'Today (UTC)', 'Reset usage', 'Last hour', 'left'],
  },
  {
    hash: 'console',
    title: { fr: "Console d'API", de: 'API-Konsole' },
    french: ["Clé d'API", 'Émettre une clé de test', 'Opération', 'Envoyer', 'Rafale'],
    english: ['API key', 'Issue a test key', 'Operation', 'Send', 'Burst'],
  },
  {
    hash: 'requests',
    title: { fr: 'Requêtes', de: 'Anfragen' },
    french: ['En direct', 'Exporter en HAR', 'Effacer les filtres'],
    english: ['Export HAR', 'Clear filters', 'Path contains', 'Paused'],
  },
];

/** An account with a key and a site project: every page has rows, cards and a panel to read. */
async function furnish(desk: DeskServer): Promise<void> {
  const { accountId } = await createSiteProject(desk, { name: 'Happy Tails', plan: 'pro' });
  await desk.cli('keys', 'create', '--account', String(accountId), '--label', 'Website');
}

async function openIn(page: Page, desk: DeskServer, language: 'fr' | 'de'): Promise<void> {
  const url = new URL(desk.adminUrl);
  url.searchParams.set('lang', language);
  await openDesk(page, { ...desk, adminUrl: url.toString() });
}

async function show(page: Page, entry: PageWords, language: 'fr' | 'de'): Promise<Locator> {
  await page.evaluate((hash) => (window.location.hash = `#/${hash}`), entry.hash);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: entry.title[language], exact: true })).toBeVisible();
  return main;
}

/** What is cut or pushed off-screen in `area` (scrollWidth beyond its box, or beyond the viewport). */
async function cutOrOutside(area: Locator): Promise<string[]> {
  return area.evaluate((root) => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width)
      problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    const selector =
      '.mantine-Badge-label, button, .mantine-Button-label, .mantine-InputWrapper-label, th, h1, h2, code, a, [data-testid]';
    for (const element of root.querySelectorAll<HTMLElement>(selector)) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === 'hidden') continue;
      // Tables scroll inside their own container; what counts is that the cell shows its words whole.
      if (element.closest('.mantine-ScrollArea-root, .mantine-Table-scrollContainer') && element.tagName !== 'TH')
        continue;
      const name = `${element.tagName.toLowerCase()} “${(element.textContent ?? '').trim().slice(0, 50)}”`;
      if (element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1)
        problems.push(`${name} is cut: ${element.scrollWidth} > ${element.clientWidth}`);
      if (!element.closest('.mantine-Table-scrollContainer') && (box.left < -0.5 || box.right > width + 0.5))
        problems.push(`${name} lies outside the viewport: ${Math.round(box.left)}–${Math.round(box.right)}`);
    }
    return problems;
  });
}

test('in French at 1000×700 the sites, accounts, plans, usage, console and requests pages read French', async ({
  page,
  desk,
}) => {
  test.setTimeout(120_000);
  await furnish(desk);
  await page.setViewportSize(SIZE);
  await openIn(page, desk, 'fr');
  for (const entry of PAGES) {
    const main = await show(page, entry, 'fr');
    for (const word of entry.french) await expect(main.getByText(word).first(), `${entry.hash}: ${word}`).toBeVisible();
    const text = await main.innerText();
    for (const word of entry.english)
      expect(text, `${entry.hash} still says “${word}”`).not.toMatch(
        new RegExp(`(^|[^\\p{L}])${word}([^\\p{L}]|$)`, 'u'),
      );
  }
});

test('in German at 1000×700 nothing on those pages is cut or pushed off-screen', async ({ page, desk }) => {
  test.setTimeout(120_000);
  await furnish(desk);
  await page.setViewportSize(SIZE);
  await openIn(page, desk, 'de');
  for (const entry of PAGES) {
    const main = await show(page, entry, 'de');
    expect(await cutOrOutside(main), entry.hash).toEqual([]);
  }
});
