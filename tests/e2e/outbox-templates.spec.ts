/**
 * The Outbox's automatic messages at 1000×700: words naming an unknown placeholder are refused in
 * place with the ones allowed (nothing typed is lost), the fixed words are saved and kept through a
 * reload, and the preview shows them filled; nothing overflows the window's width.
 */
import { expect, openDesk, test } from './fixtures';

test.use({ viewport: { width: 1000, height: 700 } });

test('an automatic message’s words: refused in place, saved, kept, previewed', async ({ page, desk }) => {
  await openDesk(page, desk);
  await page.evaluate(() => (location.hash = '#/outbox'));
  await page.getByRole('tab', { name: 'Automatic messages' }).click();
  const editor = page.getByTestId('template-editor');
  const subject = editor.getByLabel('Subject');
  await expect(subject).toHaveValue('We received your application for {{petName}}');
  await subject.fill('Your application for {{petNmae}}');
  await editor.getByRole('button', { name: 'Save the words' }).click();
  await expect(editor.getByRole('alert')).toContainText('{{petNmae}} is not a placeholder of this message.');
  await expect(subject).toHaveValue('Your application for {{petNmae}}');
  await subject.fill('Your application for {{petName}}');
  await editor.getByRole('button', { name: 'Save the words' }).click();
  await expect(editor.getByText('Your own words')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1000);

  await page.reload();
  await page.getByRole('tab', { name: 'Automatic messages' }).click();
  await expect(page.getByTestId('template-editor').getByLabel('Subject')).toHaveValue(
    'Your application for {{petName}}',
  );
  await page.getByTestId('template-editor').getByRole('button', { name: 'Show the preview' }).click();
  await expect(page.getByTestId('template-preview')).toContainText('Your application for {{petName}}');
});
