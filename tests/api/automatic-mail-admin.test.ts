/**
 * The automatic messages' channels as the window calls them over HTTP: the templates of a
 * language, a save naming an unknown placeholder refused with its typed details, a preview filled
 * from a real animal and person (escaped in the HTML), a test send that lands in the outbox, and the
 * settings' round trip with their refusals.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AutomationView, TemplatePreview, TemplateView } from '../../src/shared/mail-templates';
import type { OutboxPage } from '../../src/shared/mail';
import type { Stay } from '../../src/shared/movements';
import { startAdminHarness, type AdminHarness } from '../helpers/admin-host';
import { adminClient, harnessOrigin, overHttp } from '../helpers/admin-client';

const TOKEN = 'test-token-automatic-mail-0123456789abcdef';
const environment = 'production';
let harness: AdminHarness;

const admin = adminClient(
  overHttp(
    harnessOrigin(() => harness),
    TOKEN,
  ),
  { defaults: { environment }, auth: { token: true } },
);
const ok = <T>(channel: string, input: Record<string, unknown>): Promise<T> => admin.rawOk<T>(channel, input);

beforeAll(async () => {
  harness = await startAdminHarness(TOKEN);
});
afterAll(async () => {
  await harness.stop();
});

it('lists every kind in a language; refuses a placeholder the kind has none of, with the ones it has', async () => {
  const templates = await ok<TemplateView[]>('outbox.templates', { language: 'de' });
  expect(templates).toHaveLength(11);
  expect(templates.find((template) => template.kind === 'follow_up')).toMatchObject({
    essential: false,
    enabled: true,
    edited: false,
    words: { subject: 'Wie geht es {{petName}}?' },
  });
  const refused = await admin.raw('outbox.saveTemplate', {
    template: { kind: 'dose_due_foster', language: 'de', words: { subject: 'x', paragraphs: ['{{adopterName}}'] } },
  });
  expect(refused.status).toBe(400);
  expect(refused.body).toMatchObject({
    code: 'validation_failed',
    details: { field: 'words.paragraphs.0', reason: 'unknown_placeholder', placeholder: 'adopterName' },
  });
  expect(refused.body.details.allowed).toContain('fosterName');
  const saved = await ok<TemplateView>('outbox.saveTemplate', {
    template: {
      kind: 'dose_due_foster',
      language: 'de',
      words: { subject: '{{petName}}!', paragraphs: ['{{fosterName}}'] },
    },
  });
  expect(saved).toMatchObject({ edited: true, words: { subject: '{{petName}}!' } });
});

it('previews on a real animal and person, escaped in the HTML; a test send is queued with the preview’s words', async () => {
  const petId = (
    await ok<Stay>('movements.intake', { intake: { pet: { name: 'Noisette', categoryId: 1 }, type: 'stray' } })
  ).petId;
  const personId = (
    await ok<{ person: { id: number } }>('people.add', { person: { name: '<b>Élodie</b>', email: 'e@example.test' } })
  ).person.id;
  const preview = {
    kind: 'reservation_confirmed',
    language: 'fr',
    words: {
      subject: 'Pour {{adopterName}} : {{petName}}',
      paragraphs: ['Bonjour {{adopterName}},', 'Jusqu’au {{expiresOn}}.'],
    },
    petId,
    personId,
  };
  const shown = await ok<TemplatePreview>('outbox.preview', { preview });
  expect(shown.subject).toBe('Pour <b>Élodie</b> : Noisette');
  expect(shown.html).toContain('<p>Bonjour &lt;b&gt;Élodie&lt;/b&gt;,</p>');
  expect(shown.text).toContain('Bonjour <b>Élodie</b>,');
  expect(shown.text).not.toContain('{{expiresOn}}');
  expect(await ok('outbox.testTemplate', { preview, address: 'staff@refuge.test' })).toEqual({ queued: true });
  const outbox = await ok<OutboxPage>('outbox.list', { query: {} });
  expect(outbox.rows[0]).toMatchObject({ kind: 'test', toAddress: 'staff@refuge.test', subject: shown.subject });
});

it('keeps the settings it is given and refuses what does not fit; a notice for a member who does not exist is not found', async () => {
  const settings = { followUpDays: 21, followUpQuestions: ['Sleeps well?'], disabled: ['dose_due_adopter'] };
  const view = await ok<AutomationView>('outbox.setAutomation', { settings });
  expect(view.settings).toEqual(settings);
  expect((await ok<AutomationView>('outbox.automation', {})).settings).toEqual(settings);
  const templates = await ok<TemplateView[]>('outbox.templates', { language: 'en' });
  expect(templates.find((template) => template.kind === 'dose_due_adopter')?.enabled).toBe(false);
  const zero = await admin.raw('outbox.setAutomation', { settings: { ...settings, followUpDays: 0 } });
  expect(zero.status).toBe(400);
  const nobody = await admin.raw('outbox.setNotice', {
    notice: { staffId: 9_999, address: 'a@refuge.test', kinds: ['staff_new_application'] },
  });
  expect(nobody).toMatchObject({
    status: 404,
    body: { code: 'not_found', details: { missing: 'staff', staffId: 9_999 } },
  });
});
