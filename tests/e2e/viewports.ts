import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** The window sizes every page must fit: a common laptop, and a small window beside another app. */
export const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1000, height: 700 },
] as const;

export type Viewport = (typeof VIEWPORTS)[number];

/** `1280x800`: how file names and test titles carry a size. */
export function sizeName(viewport: Viewport): string {
  return `${viewport.width}x${viewport.height}`;
}

/** What can be cut: table cells, badges, buttons, links, and any text drawn with an ellipsis or clamped to some lines. */
const CHECKED =
  'th, td, button, [role="button"], a[href], .mantine-Badge-root, .mantine-Badge-label, [data-truncate], [data-line-clamp]';

interface Cut {
  /** Index into the probe marks set on the page, for truncated free text that must carry a tooltip. */
  probe: number | null;
  text: string;
  what: string;
  problem: string;
}

/**
 * Runs in the page: every checked element of `root` that is cut, hidden off the side, or that sits
 * in something that scrolls sideways. Truncated free text (Mantine `truncate`, outside badges and
 * buttons) is returned with a probe mark, for the caller to check its tooltip.
 */
function findCuts(root: Element, selector: string): Cut[] {
  const cuts: Cut[] = [];
  const viewportWidth = document.documentElement.clientWidth;
  const describe = (element: Element): string => {
    const classes = [...element.classList]
      .filter((name) => !name.startsWith('m_'))
      .slice(0, 3)
      .join('.');
    const testId = element.closest('[data-testid]')?.getAttribute('data-testid');
    return `<${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}>${testId ? ` in [data-testid=${testId}]` : ''}`;
  };
  const textOf = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
  const shown = (element: Element): boolean => {
    const rect = element.getBoundingClientRect();
    if (rect.width < 2 || rect.height < 2) return false;
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || style.display === 'none') return false;
    // Screen-reader-only text is clipped on purpose.
    return !element.closest('.mantine-visually-hidden, [aria-hidden="true"]');
  };

  const page = document.scrollingElement ?? document.documentElement;
  if (page.scrollWidth > page.clientWidth + 1) {
    cuts.push({
      probe: null,
      text: '',
      what: '<html>',
      problem: `the page scrolls sideways: scrollWidth ${page.scrollWidth} > clientWidth ${page.clientWidth}`,
    });
  }
  const checked = new Set(root.querySelectorAll(selector));
  for (const element of [root, ...root.querySelectorAll('*')]) {
    const style = getComputedStyle(element);
    if (style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none') checked.add(element);
    if (
      (style.overflowX === 'auto' || style.overflowX === 'scroll') &&
      element.scrollWidth > element.clientWidth + 1 &&
      shown(element)
    ) {
      cuts.push({
        probe: null,
        text: textOf(element),
        what: describe(element),
        problem: `scrolls sideways: scrollWidth ${element.scrollWidth} > clientWidth ${element.clientWidth}`,
      });
    }
  }

  let probes = 0;
  for (const element of checked) {
    if (!shown(element)) continue;
    const rect = element.getBoundingClientRect();
    const text = textOf(element);
    if (rect.left < -1 || rect.right > viewportWidth + 1) {
      cuts.push({
        probe: null,
        text,
        what: describe(element),
        problem: `outside the window: left ${Math.round(rect.left)}, right ${Math.round(rect.right)}, window width ${viewportWidth}`,
      });
      continue;
    }
    // Hidden by an ancestor that clips (a scroll area, a card with overflow hidden).
    let clipped = '';
    for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      const parentStyle = getComputedStyle(parent);
      if (parentStyle.overflowX === 'visible') continue;
      const box = parent.getBoundingClientRect();
      if (rect.left < box.left - 1 || rect.right > box.right + 1) {
        clipped = `clipped by ${describe(parent)} (overflow-x ${parentStyle.overflowX}): element ${Math.round(rect.left)}–${Math.round(rect.right)}, visible ${Math.round(box.left)}–${Math.round(box.right)}`;
        break;
      }
    }
    if (clipped) {
      cuts.push({ probe: null, text, what: describe(element), problem: clipped });
      continue;
    }
    // clientWidth is 0 for inline boxes: their overflow shows in the block around them.
    const wide = element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1;
    // Text clamped to N lines is cut at the bottom, not the side.
    const clamped =
      getComputedStyle(element).webkitLineClamp !== 'none' &&
      element.clientHeight > 0 &&
      element.scrollHeight > element.clientHeight + 1;
    if (!wide && !clamped) continue;
    const problem = wide
      ? `cut: scrollWidth ${element.scrollWidth} > clientWidth ${element.clientWidth}`
      : `cut: clamped to ${getComputedStyle(element).webkitLineClamp} line(s), scrollHeight ${element.scrollHeight} > clientHeight ${element.clientHeight}`;
    const fullText = (element.textContent ?? '').trim();
    // A native tooltip holding the whole text will do.
    if (element.closest('[title]')?.getAttribute('title')?.trim() === fullText) continue;
    const freeText =
      element.matches('[data-truncate], [data-line-clamp]') &&
      !element.closest('button, [role="button"], .mantine-Badge-root');
    if (freeText) {
      element.setAttribute('data-fit-probe', String(probes));
      cuts.push({ probe: probes++, text: element.textContent ?? '', what: describe(element), problem });
    } else {
      cuts.push({ probe: null, text, what: describe(element), problem });
    }
  }
  return cuts;
}

/**
 * Asserts that nothing in `scope` (default: the main area, so neither the navigation nor closed
 * drawers) is cut or hidden at the current window size: every table cell, badge, button, link and
 * ellipsis text fits its box (scrollWidth ≤ clientWidth + 1 px) and lies inside the window
 * horizontally; neither the page nor any table scrolls sideways (scrolling down is fine).
 * Long free text (a name) may be cut with an ellipsis only if hovering it shows the whole text
 * (a Mantine tooltip, or a native one: a `title` holding it).
 */
export async function expectNothingCut(page: Page, scope?: Locator): Promise<void> {
  const root = scope ?? page.locator('main');
  await expect(root).toBeVisible();
  // Let layout settle before measuring: a drawer sliding in, a chart's resize observer. Not the toasts:
  // they float outside what is measured, and a toast's countdown bar runs for its whole life (3–8 s).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity ||
          ((animation.effect as KeyframeEffect | null)?.target as Element | null)?.closest(
            '.mantine-Notifications-root',
          ),
      ),
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const cuts = await root.evaluate(findCuts, CHECKED);
  // A toast left over the text to hover would take the pointer (and pause itself): gone first.
  if (cuts.some((cut) => cut.probe !== null))
    await expect(page.locator('.mantine-Notifications-notification')).toHaveCount(0, { timeout: 15_000 });

  const problems: string[] = [];
  for (const cut of cuts) {
    if (cut.probe === null) {
      problems.push(`${cut.what} "${cut.text}": ${cut.problem}`);
      continue;
    }
    const truncated = page.locator(`[data-fit-probe="${cut.probe}"]`);
    await truncated.hover();
    const tooltip = page.locator('.mantine-Tooltip-tooltip').filter({ hasText: cut.text.trim() });
    const hasTooltip = await tooltip
      .first()
      .waitFor({ state: 'visible', timeout: 2_000 })
      .then(() => true)
      .catch(() => false);
    if (!hasTooltip)
      problems.push(
        `${cut.what} "${cut.text.slice(0, 60)}": ${cut.problem}, and hovering it shows no tooltip with the whole text`,
      );
  }
  if (cuts.some((cut) => cut.probe !== null)) {
    await page.mouse.move(0, 0);
    await page.evaluate(() =>
      document.querySelectorAll('[data-fit-probe]').forEach((element) => element.removeAttribute('data-fit-probe')),
    );
  }
  const size = page.viewportSize();
  const where =
    (await page
      .locator('main h1')
      .first()
      .textContent({ timeout: 1_000 })
      .catch(() => null)) ?? page.url();
  const shown = problems.length > 40 ? [...problems.slice(0, 40), `… and ${problems.length - 40} more`] : problems;
  // Soft: a test visiting several pages reports every page that does not fit, not only the first.
  expect
    .soft(
      problems,
      `cut or hidden at ${size?.width}×${size?.height} on ${where}${scope ? `, within ${String(scope)}` : ''}:\n${shown.join('\n')}`,
    )
    .toEqual([]);
}
