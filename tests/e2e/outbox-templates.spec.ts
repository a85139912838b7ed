/**
 * The Outbox's automatic messages at 1000×700: words naming an unknown placeholder are refused in
 * place with the ones allowed (nothing typed is lost), the fixed words are saved and kept through a
 * reload, and the preview shows them filled; nothing overflows the window's width. Words saved
 * elsewhere are followed while nothing is typed, and never replace what is.
 */
import { addStaff, adminCall, expect, openDesk, test } from './fixtures';

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

test('words saved on another desk: followed while nothing is typed; beside typed words, offered, never put in their place', async ({
  page,
  desk,
}) => {
  const saveElsewhere = (subject: string) =>
    adminCall(desk, 'outbox.saveTemplate', {
      environment: 'production',
      template: { kind: 'application_received', language: 'en', words: { subject, paragraphs: ['From elsewhere.'] } },
    });
  await openDesk(page, desk);
  await page.evaluate(() => (location.hash = '#/outbox'));
  await page.getByRole('tab', { name: 'Automatic messages' }).click();
  const editor = page.getByTestId('template-editor');
  const subject = editor.getByLabel('Subject');
  const meanwhile = editor.getByTestId('words-saved-meanwhile');
  await expect(subject).toHaveValue('We received your application for {{petName}}');

  await saveElsewhere('Saved elsewhere, nothing typed here');
  await expect(subject).toHaveValue('Saved elsewhere, nothing typed here');
  await expect(editor.getByRole('textbox', { name: 'Message' })).toHaveValue('From elsewhere.');
  await expect(meanwhile).toHaveCount(0);

  // Typing, then a save elsewhere: the typing stays, and the saved words are offered.
  await subject.fill('Typed here for {{petName}}');
  await saveElsewhere('Saved elsewhere while typing here');
  await expect(meanwhile).toBeVisible();
  await expect(subject).toHaveValue('Typed here for {{petName}}');
  await editor.getByRole('button', { name: 'Save the words' }).click();
  await expect(meanwhile).toHaveCount(0);
  await expect(subject).toHaveValue('Typed here for {{petName}}');
  const saved = async () =>
    (await adminCall(desk, 'outbox.templates', { environment: 'production', language: 'en' })).find(
      (template) => template.kind === 'application_received',
    )?.words.subject;
  await expect.poll(saved).toBe('Typed here for {{petName}}');

  // Typing again, a save elsewhere, and the saved words taken instead: nothing is left unsaved.
  await subject.fill('Typed, then given up');
  await saveElsewhere('The words kept in the end');
  await expect(meanwhile).toBeVisible();
  await meanwhile.getByRole('button', { name: 'Show the saved words instead' }).click();
  await expect(subject).toHaveValue('The words kept in the end');
  await expect(meanwhile).toHaveCount(0);
  await editor.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'French' }).click();
  await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toHaveCount(0);
  await expect(editor.getByRole('combobox', { name: 'Language' })).toHaveValue('French');
  expect(await saved()).toBe('The words kept in the end');
});

test('the outbox settings saved on another desk: followed while untouched; a delay typed here stays and is what is saved', async ({
  page,
  desk,
}) => {
  const saveElsewhere = (followUpDays: number) =>
    adminCall(desk, 'outbox.setAutomation', {
      environment: 'production',
      settings: { followUpDays, followUpQuestions: ['How is it going?'], disabled: [] },
    });
  await openDesk(page, desk);
  await page.evaluate(() => (location.hash = '#/outbox'));
  await page.getByRole('tab', { name: 'Settings' }).click();
  const panel = page.getByTestId('automation-panel');
  const days = panel.getByRole('textbox', { name: 'Follow-up after (days)' });
  const questions = panel.getByRole('textbox', { name: 'Follow-up questions' });
  await expect(days).toHaveValue('14');

  await saveElsewhere(30);
  await expect(days).toHaveValue('30');
  await expect(questions).toHaveValue('How is it going?');

  await days.fill('21');
  await saveElsewhere(40);
  await expect(questions).toHaveValue('How is it going?');
  await expect(days).toHaveValue('21');
  await panel.getByRole('button', { name: 'Save the settings', exact: true }).click();
  await expect
    .poll(async () => (await adminCall(desk, 'outbox.automation', { environment: 'production' })).settings.followUpDays)
    .toBe(21);
  await expect(days).toHaveValue('21');
  // Saved: nothing is unsaved, so another tab opens at once.
  await page.getByRole('tab', { name: 'Messages', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toHaveCount(0);
});

test('a member’s staff notice saved elsewhere: followed while untouched; an address typed here stays', async ({
  page,
  desk,
}) => {
  const password = 'a long shelter password';
  await addStaff(desk, password, [{ name: 'Olga Owner', login: 'olga', role: 'owner' }]);
  const origin = new URL(desk.adminUrl).origin;
  const login = await page.request.post(`${origin}/admin/api/staff.login`, { data: { login: 'olga', password } });
  expect(login.ok(), await login.text()).toBe(true);
  const automation = () => adminCall(desk, 'outbox.automation', { environment: 'production' });
  const [olga] = (await automation()).notices;
  const saveElsewhere = (address: string) =>
    adminCall(desk, 'outbox.setNotice', {
      environment: 'production',
      notice: { staffId: olga!.staffId, address, kinds: ['staff_new_application'] },
    });
  await page.goto(`${origin}/admin/#/outbox`);
  await expect(page.locator('html[data-ready="true"]')).toBeAttached();
  await page.getByRole('tab', { name: 'Settings' }).click();
  const row = page.getByTestId('automation-panel').getByRole('row', { name: /Olga Owner/ });
  const address = row.getByRole('textbox', { name: 'Address' });
  await expect(address).toHaveValue('');

  await saveElsewhere('olga@elsewhere.example');
  await expect(address).toHaveValue('olga@elsewhere.example');

  await address.fill('olga@typed.example');
  await saveElsewhere('olga@again.example');
  await expect(row.getByRole('checkbox').first()).toBeChecked();
  await expect(address).toHaveValue('olga@typed.example');
  await row.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(async () => (await automation()).notices[0]?.address).toBe('olga@typed.example');
  await expect(address).toHaveValue('olga@typed.example');
});
