/**
 * The Quota lab at the two window sizes staff use: no badge, button or cell is cut ("P…" for PASS,
 * "FINI…" for finished), and the key picker follows keys issued elsewhere and keeps a scenario's key.
 */
import type { Locator, Page } from '@playwright/test';
import { createKey, expect, goTo, openDesk, test } from './fixtures';

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1000, height: 700 },
];

/** Whatever of `scope` is shown and cut: text clipped inside its box, or a box past the window's right edge. */
async function cutElements(scope: Locator, selector: string): Promise<string[]> {
  return scope.locator(selector).evaluateAll((elements) =>
    elements.flatMap((element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) return [];
      const clipped = element.scrollWidth > element.clientWidth + 1;
      const outside = box.left < 0 || box.right > document.documentElement.clientWidth + 0.5;
      return clipped || outside
        ? [
            `${element.className.split(' ')[0] ?? element.tagName} "${element.textContent?.trim().slice(0, 40) ?? ''}"${clipped ? ` clipped ${element.scrollWidth}>${element.clientWidth}` : ''}${outside ? ' outside the window' : ''}`,
          ]
        : [];
    }),
  );
}

async function expectNothingCut(page: Page): Promise<void> {
  const main = page.locator('main');
  expect(
    await cutElements(
      main,
      '.mantine-Badge-root, .mantine-Badge-label, button, td, th, .mantine-SegmentedControl-label',
    ),
  ).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(
    true,
  );
}

for (const viewport of VIEWPORTS) {
  test(`quota lab at ${viewport.width}x${viewport.height}: the key picker follows new keys, nothing is cut`, async ({
    page,
    desk,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await createKey(desk, '--plan', 'free', '--label', 'from the start');
    await openDesk(page, desk);
    await goTo(page, 'Quota lab');
    const report = page.getByTestId('compliance-card');
    const picker = report.getByTestId('compliance-key');
    await picker.click();
    await expect(page.getByRole('option', { name: /from the start/ })).toBeVisible();
    await page.keyboard.press('Escape');

    // Issued by the CLI, in another process, while the lab is open: the picker offers it without a reload.
    const key = await createKey(desk, '--plan', 'free', '--label', 'issued meanwhile');
    await picker.click();
    await expect(page.getByRole('option', { name: /issued meanwhile/ })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('switch', { name: 'Lab clock on' }).click();
    await expect(page.getByTestId('lab-clock-state')).toHaveText(/^On · /);
    // From the first instant of a minute window, so the 65 requests meet the 60-a-minute limit in one window.
    await page.getByTestId('lab-clock-card').getByRole('button', { name: 'Next minute window', exact: true }).click();
    await expect(page.getByTestId('lab-clock-state')).toHaveText(/^On · \+/);
    const scenarios = page.getByTestId('scenario-card');
    await scenarios.getByText('Honour Retry-After', { exact: true }).click();
    await scenarios.getByLabel('API key').fill(key);
    await scenarios.getByLabel('Requests').fill('65');
    await scenarios.getByRole('button', { name: 'Run', exact: true }).click();
    const run = scenarios.getByTestId('scenario-run-row').first();
    await expect(run).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });

    // The scenario's key is the one shown, by its label: the picker is not blank.
    await expect(picker).toHaveValue(/issued meanwhile/);
    for (const rule of ['retry-after', 'backoff', 'ban']) {
      await expect(report.getByTestId(`verdict-${rule}`)).toHaveAttribute('data-verdict', 'pass');
      await expect(report.getByTestId(`verdict-${rule}`).locator('.mantine-Badge-root')).toHaveText('Pass');
    }
    // It reads no X-RateLimit-Remaining: 0, so it met a 429: advice, told apart from a failure.
    await expect(report.getByTestId('verdict-ratelimit-window')).toHaveAttribute('data-verdict', 'fail');
    await expect(report.getByTestId('verdict-ratelimit-window').locator('.mantine-Badge-root')).toHaveText('Advice');
    // The checks about workers and header profiles, not exercised by one client on the standard headers.
    for (const rule of ['jitter', 'in-flight', 'malformed']) {
      await expect(report.getByTestId(`verdict-${rule}`)).toHaveAttribute('data-verdict', 'not_tested');
      await expect(report.getByTestId(`verdict-${rule}`).locator('.mantine-Badge-root')).toHaveText('Not tested yet');
    }
    await expect(run.locator('.mantine-Badge-root')).toHaveText('Finished');
    await expectNothingCut(page);
  });
}
