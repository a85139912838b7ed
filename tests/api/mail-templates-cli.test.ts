/**
 * `mail templates list|show|set` through the CLI (in-process): the words are listed and shown per
 * language; a body file is saved and goes out as the window's edit would; an unknown placeholder is
 * refused by the same registry and nothing is saved; each change is in the audit trail under the
 * window's channel, as the desk; --default goes back to the default words.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli-in-process';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => removeTempDir(dir)));

it('lists, shows and sets the words of an automatic message; an unknown placeholder is refused; each change is audited', async () => {
  const dataDir = makeTempDir('mail-templates-cli');
  dirs.push(dataDir);
  const cli = (...args: string[]) => runCliInProcess(dataDir, args);

  const listed = await cli('--json', 'mail', 'templates', 'list', '--language', 'fr');
  expect(listed.code).toBe(0);
  const { templates } = JSON.parse(listed.stdout) as { templates: { kind: string; edited: boolean }[] };
  expect(templates.map((template) => template.kind)).toContain('reservation_confirmed');
  expect(templates.every((template) => !template.edited)).toBe(true);

  const shown = await cli('mail', 'templates', 'show', 'follow_up', '--language', 'de');
  expect(shown.code).toBe(0);
  expect(shown.stdout).toContain('Subject: ');
  expect(shown.stderr).toContain('{{questions}}');

  const body = path.join(dataDir, 'body.txt');
  fs.writeFileSync(body, 'Bonjour {{adopterName}},\r\n\r\n{{petName}} vous attend.\n\n\n{{shelter}}\n');
  const set = await cli(
    '--json',
    'mail',
    'templates',
    'set',
    'reservation_confirmed',
    '--language',
    'fr',
    '--subject',
    'Réservé : {{petName}}',
    '--body-file',
    body,
  );
  expect(set.stderr).toBe('');
  expect(JSON.parse(set.stdout)).toMatchObject({
    kind: 'reservation_confirmed',
    language: 'fr',
    edited: true,
    words: {
      subject: 'Réservé : {{petName}}',
      paragraphs: ['Bonjour {{adopterName}},', '{{petName}} vous attend.', '{{shelter}}'],
    },
  });

  fs.writeFileSync(body, 'Bonjour {{adopterNmae}},\n\nà bientôt');
  const refused = await cli(
    'mail',
    'templates',
    'set',
    'reservation_confirmed',
    '--language',
    'fr',
    '--subject',
    'Autre',
    '--body-file',
    body,
  );
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain('words.paragraphs.0: {{adopterNmae}} is not a placeholder of reservation_confirmed');
  const kept = await cli('--json', 'mail', 'templates', 'show', 'reservation_confirmed', '--language', 'fr');
  expect(JSON.parse(kept.stdout)).toMatchObject({ words: { subject: 'Réservé : {{petName}}' } });

  const missing = await cli('mail', 'templates', 'set', 'reservation_confirmed', '--language', 'fr', '--subject', 'x');
  expect(missing.code).toBe(1);
  expect(missing.stderr).toContain('--body-file');

  const reset = await cli(
    '--json',
    'mail',
    'templates',
    'set',
    'reservation_confirmed',
    '--language',
    'fr',
    '--default',
  );
  expect(JSON.parse(reset.stdout)).toMatchObject({ edited: false, words: { subject: '{{petName}} vous est réservé' } });

  const trail = await cli('--json', 'audit', 'list', '--channel', 'outbox.saveTemplate');
  const entries = JSON.parse(trail.stdout) as { staffName: string; channel: string; input: unknown }[];
  expect(entries).toHaveLength(2);
  expect(entries.every((entry) => entry.staffName === 'desk')).toBe(true);
  expect(entries.map((entry) => entry.input)).toContainEqual({
    environment: 'production',
    template: { kind: 'reservation_confirmed', language: 'fr', words: null },
  });
});
