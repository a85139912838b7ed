/**
 * The Quota lab's header profile selector at both window sizes: each profile explained in one line,
 * the headers of a refusal shown, a pick applied by the API at once, a CLI change followed without
 * a reload, and nothing cut.
 */
import { callApi, cliJson, createKey, expect, goTo, openDesk, test } from './fixtures';
import { VIEWPORTS, expectNothingCut, sizeName } from './viewports';

for (const viewport of VIEWPORTS) {
  test(`quota lab at ${sizeName(viewport)}: the header profile selector explains, applies and follows the CLI`, async ({
    page,
    desk,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const key = await createKey(desk, '--plan', 'free', '--label', 'profile client');
    await openDesk(page, desk);
    await goTo(page, 'Quota lab');
    const card = page.getByTestId('header-profile-card');
    await expect(card.getByTestId('header-profile-active')).toHaveText('standard');
    await expect(card.getByTestId('header-profile-refusal-status')).toHaveText('429');
    await expect(card.getByTestId('header-profile-refusal')).toContainText('retry-after: 30');

    await card.getByTestId('header-profile-select').click();
    const list = page.getByRole('listbox', { name: 'Header profile' });
    const github = list.getByRole('option').filter({ hasText: /^github/ });
    // Every profile in the list with its one line.
    await expect(list.getByRole('option')).toHaveCount(6);
    await expect(github).toContainText('secondary limit, 403 with Retry-After');
    await expectNothingCut(page, list);
    await github.click();

    await expect(card.getByTestId('header-profile-active')).toHaveText('github');
    await expect(card.getByTestId('header-profile-about')).toContainText(
      'x-ratelimit-limit/remaining/used/reset/resource',
    );
    await expect(card.getByTestId('header-profile-refusal-status')).toHaveText('403');
    await expect(card.getByTestId('header-profile-refusal')).toContainText('x-ratelimit-resource: core');
    const answer = await callApi(desk.apiUrl.production, '/pets', key);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-ratelimit-used')).toBe('1');
    expect(await cliJson<{ profile: string }>(desk, 'lab', 'profile', 'show')).toMatchObject({ profile: 'github' });
    await expectNothingCut(page);

    // Set from the CLI, in another process: the window follows without a reload.
    await desk.cli('lab', 'profile', 'set', 'retry-after-date');
    await expect(card.getByTestId('header-profile-active')).toHaveText('retry-after-date');
    await expect(card.getByTestId('header-profile-refusal')).toContainText(
      /retry-after: \w{3}, \d{2} \w{3} \d{4} 12:01:00 GMT/,
    );
    // Each environment has its own.
    expect(await cliJson<{ profile: string }>(desk, '--env', 'staging', 'lab', 'profile', 'show')).toMatchObject({
      profile: 'standard',
    });
    await expectNothingCut(page);
  });
}
