import { cliJson, createKey, expect, goTo, notification, openDesk, test, withoutLiveUpdates } from './fixtures';

interface AccountRow {
  id: number;
  name: string;
}

interface KeyRow {
  id: number;
  displayPrefix: string;
  revokedAt: number | null;
}

test('a new account named like an existing one but for case is refused under the name field, and nothing is created', async ({
  page,
  desk,
}) => {
  await desk.cli('accounts', 'create', '--name', 'Happy Paws', '--plan', 'pro');
  await openDesk(page, desk);
  await goTo(page, 'Accounts & keys');
  await expect(page.getByTestId('account-row-1')).toContainText('Happy Paws');

  await page.getByRole('button', { name: 'New account', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New account' });
  const name = dialog.getByLabel('Account name');
  await name.fill('happy paws');
  await dialog.getByRole('button', { name: 'Create account', exact: true }).click();

  // Said under the field, in the open form with what was typed; no success toast.
  const refusal = 'Account 1 is already named "Happy Paws"; account names must differ in more than case.';
  await expect(dialog.getByText(refusal)).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveValue('happy paws');
  await expect(notification(page, /created/)).toHaveCount(0);

  // Nothing was created, in the engine or in the table.
  expect(await cliJson<AccountRow[]>(desk, 'accounts', 'list')).toEqual([
    expect.objectContaining({ id: 1, name: 'Happy Paws' }),
  ]);
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-testid^="account-row-"]')).toHaveCount(1);
});

test('revoking a key that was revoked meanwhile is refused with a toast, and the row then shows it revoked', async ({
  page,
  desk,
}) => {
  await createKey(desk, '--plan', 'free', '--label', 'Website');
  const [key] = await cliJson<KeyRow[]>(desk, 'keys', 'list');
  // The CLI revokes the key behind the page's back below: the page must not hear of it.
  await withoutLiveUpdates(page);
  await openDesk(page, desk);
  await goTo(page, 'Accounts & keys');
  await page.getByRole('button', { name: /^Show keys of / }).click();
  const row = page.getByTestId(`key-row-${key!.id}`);
  await expect(row.getByTestId('key-state')).toHaveText('active');

  // Behind the page's back: the CLI revokes it while the page still shows it active.
  await desk.cli('keys', 'revoke', String(key!.id));
  const [revokedElsewhere] = await cliJson<KeyRow[]>(desk, 'keys', 'list');
  expect(revokedElsewhere!.revokedAt).not.toBeNull();
  await expect(row.getByTestId('key-state')).toHaveText('active');

  const revoke = row.getByRole('button', { name: /^Revoke key adk_live_\S+…$/ });
  await revoke.click();
  await page
    .getByRole('dialog', { name: /^Revoke adk_live_/ })
    .getByRole('button', { name: 'Revoke', exact: true })
    .click();

  const refusal = notification(page, `Key ${key!.id} (${key!.displayPrefix}) was already revoked on`);
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText('Not possible');
  await expect(notification(page, /revoked\. It stops working at once/)).toHaveCount(0);

  // The row catches up, and the action says why it is no longer offered.
  await expect(row.getByTestId('key-state')).toHaveText('revoked');
  await expect(revoke).toBeDisabled();
  // The revocation time is the CLI's, untouched by the refused click.
  const [after] = await cliJson<KeyRow[]>(desk, 'keys', 'list');
  expect(after!.revokedAt).toBe(revokedElsewhere!.revokedAt);
});
