import fs from 'node:fs';
import { Argument, type Command, Option } from 'commander';
import { AppError } from '../../../shared/errors';
import { TEMPLATE_KINDS, type TemplateInput, type TemplateKind } from '../../../shared/mail-templates';
import { TEMPLATE_EDIT_CHANNEL } from '../../../shared/channels/outbox';
import { DESK_NAME } from '../../../shared/staff';
import type { Engine } from '../../engine/engine';
import { MAIL_SECURITY, OUTBOX_STATUSES, type MailSettingsInput, type OutboxStatus } from '../../../shared/mail';
import { PUBLISHED_LANGUAGES, type PublishedLanguage } from '../../../shared/shelter';
import { checkSmtp, describeSmtpError } from '../../mail/smtp';
import { positiveInt } from '../arguments';
import { answer, note, printObject, printRows } from '../output';
import { run } from '../run';

interface SettingsOptions {
  host?: string;
  port?: number;
  security?: MailSettingsInput['security'];
  user?: string;
  from?: string;
  fromName?: string;
  dailyCap?: number;
  unsubscribeBase?: string;
  passwordStdin?: boolean;
}

/** The password comes on stdin, never on the command line (where `ps` and the shell's history would keep it). */
async function readStdin(): Promise<string> {
  let text = '';
  process.stdin.setEncoding('utf8');
  for await (const chunk of process.stdin) text += String(chunk);
  return text.replace(/\r?\n$/, '');
}

/** `mail settings|list|send|retry|test|pause|templates`: the shelter's SMTP provider and the outbox. The server sends; the CLI queues. */
export function registerMailCommands(program: Command): void {
  const mail = program.command('mail').description('The outbox: SMTP settings, queued, sent and failed messages');
  mail
    .command('settings')
    .description('Show the mail settings, or change those given (the password from stdin with --password-stdin)')
    .option('--host <name>', 'SMTP server')
    .option('--port <n>', 'port (465 for TLS, 587 for STARTTLS)', positiveInt)
    .addOption(new Option('--security <kind>', 'how the connection is secured').choices(MAIL_SECURITY))
    .option('--user <login>', 'login at the SMTP server')
    .option('--from <address>', 'the address mail is sent from')
    .option('--from-name <name>', 'the name shown with it')
    .option('--daily-cap <n>', 'at most this many messages in 24 hours', positiveInt)
    .option('--unsubscribe-base <url>', "the shelter server's address the unsubscribe links open")
    .option('--password-stdin', 'read the password from stdin (stored 0600, never shown)')
    .action(
      run(async (engine, output, options: SettingsOptions) => {
        const { mailSettings, outbox } = engine.services;
        const input: MailSettingsInput = {
          host: options.host,
          port: options.port,
          security: options.security,
          username: options.user,
          fromAddress: options.from,
          fromName: options.fromName,
          dailyCap: options.dailyCap,
          unsubscribeBase: options.unsubscribeBase,
        };
        const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
        if (options.passwordStdin) given.password = await readStdin();
        if (Object.keys(given).length > 0) mailSettings.set(given);
        const { settings, ...state } = outbox.view();
        printObject(output, { ...settings, ...state });
      }),
    );
  mail
    .command('list')
    .description('Messages, newest first')
    .addOption(new Option('--status <status>', 'only these').choices(OUTBOX_STATUSES))
    .option('--limit <n>', 'how many', positiveInt, 50)
    .action(
      run((engine, output, options: { status?: OutboxStatus; limit: number }) => {
        const page = engine.services.outbox.list({ status: options.status, limit: Math.min(options.limit, 200) });
        printRows(
          output,
          page.rows.map(({ id, status, toAddress, subject, attempts, lastError, sentAt }) => ({
            id,
            status,
            to: toAddress,
            subject,
            attempts,
            sentAt,
            why: lastError ?? '',
          })),
          'The outbox is empty.',
        );
      }),
    );
  mail
    .command('send')
    .description('Queue a message to an address or a person; the running server sends it')
    .argument('<to>', 'an address, or a person id')
    .requiredOption('--subject <text>', 'subject')
    .requiredOption('--text <text>', 'the message; blank lines part paragraphs')
    .addOption(new Option('--language <lang>', 'for an address: its language').choices(PUBLISHED_LANGUAGES))
    .action(
      run((engine, output, to: string, options: { subject: string; text: string; language?: PublishedLanguage }) => {
        const words = { subject: options.subject, paragraphs: options.text.split(/\n\s*\n/) };
        const result = engine.services.outbox.enqueueAlone({
          kind: 'message',
          to: /^\d+$/.test(to) ? { personId: Number(to) } : { address: to, language: options.language },
          words: () => words,
        });
        if (output.json) return printObject(output, result);
        note(result.queued ? `Message ${result.id} is queued.` : `Not queued: ${result.reason.replace('_', ' ')}.`);
      }),
    );
  mail
    .command('retry')
    .description('Queue a failed or unsure message again, with its Message-ID')
    .argument('<id>', 'message id', positiveInt)
    .action(
      run((engine, _output, id: number) => {
        engine.services.outbox.retry(id);
        note(`Message ${id} is queued again.`);
      }),
    );
  mail
    .command('test')
    .description('Connect and log in to the SMTP server now, then queue a test message to an address')
    .argument('<address>', 'where the test message goes')
    .action(
      run(async (engine, _output, address: string) => {
        const { mailSettings, outbox } = engine.services;
        const settings = mailSettings.get();
        if (!settings) throw new AppError('conflict', 'Mail is not set up yet: run mail settings first.');
        try {
          await checkSmtp(settings, mailSettings.password());
        } catch (error) {
          throw new AppError('service_unavailable', `The SMTP server refused: ${describeSmtpError(error)}`);
        }
        const result = outbox.queueTest(address);
        note(`Connected and logged in to ${settings.host}:${settings.port}.`);
        if (result.queued) note(`Test message ${result.id} is queued.`);
      }),
    );
  mail
    .command('pause')
    .description('Stop sending (on) or go on (off); queued messages wait')
    .addArgument(new Argument('<state>', 'on or off').choices(['on', 'off']))
    .action(
      run((engine, _output, state: 'on' | 'off') => {
        engine.services.outbox.setPaused(state === 'on');
        note(state === 'on' ? 'Mail is paused.' : 'Mail goes out again.');
      }),
    );
  registerTemplateCommands(mail);
}

const languageOption = () =>
  new Option('--language <code>', "the language (default: the shelter's)").choices(PUBLISHED_LANGUAGES);

function languageOf(engine: Engine, lang: PublishedLanguage | undefined): PublishedLanguage {
  return lang ?? engine.services.outbox.shelterLanguage();
}

/** Words as a file holds them: blank lines part paragraphs (as `mail send --text`). */
function paragraphsOf(file: string): string[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new AppError('validation_failed', `Cannot read ${file}: ${(error as Error).message}`, {
      details: { field: 'bodyFile' },
    });
  }
  return text
    .replace(/\r\n/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

/**
 * `mail templates list|show|set`: the automatic messages' words, as the Outbox page's templates tab
 * edits them. A change goes through the same store (an unknown placeholder is refused with the same
 * error) and is written to the audit trail under the channel the window's edit uses, as the desk.
 */
function registerTemplateCommands(mail: Command): void {
  const templates = mail.command('templates').description("The automatic messages' words, in each language");
  templates
    .command('list')
    .description('Each automatic message: on or off, essential, edited, its subject')
    .addOption(languageOption())
    .action(
      run((engine, output, options: { language?: PublishedLanguage }) => {
        const views = engine.services.messages.templates.list(languageOf(engine, options.language));
        if (output.json) return printObject(output, { templates: views });
        printRows(
          output,
          views.map((view) => ({
            kind: view.kind,
            language: view.language,
            on: view.enabled ? 'yes' : 'no',
            essential: view.essential ? 'yes' : 'no',
            to: view.audience,
            edited: view.edited ? 'yes' : 'no',
            subject: view.words.subject,
          })),
          'No automatic messages.',
        );
      }),
    );
  templates
    .command('show')
    .description("One message's words and the placeholders it may name")
    .addArgument(new Argument('<kind>', 'which message').choices(TEMPLATE_KINDS))
    .addOption(languageOption())
    .action(
      run((engine, output, kind: TemplateKind, options: { language?: PublishedLanguage }) => {
        const view = engine.services.messages.templates
          .list(languageOf(engine, options.language))
          .find((template) => template.kind === kind);
        if (!view) throw new AppError('not_found', `No automatic message ${kind}.`);
        if (output.json) return printObject(output, view);
        note(
          `${view.kind} (${view.language})${view.edited ? ', edited' : ', default words'}${view.enabled ? '' : ', off'}`,
        );
        note(`Placeholders: ${view.placeholders.map((placeholder) => `{{${placeholder}}}`).join(' ')}`);
        // One line each: a paragraph's own line breaks are shown escaped, as all stored text is.
        for (const line of [`Subject: ${view.words.subject}`, ...view.words.paragraphs]) answer(line);
      }),
    );
  templates
    .command('set')
    .description("Save the shelter's words for one message and language (or --default: back to the default words)")
    .addArgument(new Argument('<kind>', 'which message').choices(TEMPLATE_KINDS))
    .addOption(languageOption().makeOptionMandatory())
    .option('--subject <text>', 'the subject, with {{placeholders}}')
    .option('--body-file <file>', 'the body: a text file, blank lines part paragraphs')
    .option('--default', "drop the shelter's words: the default ones go out again")
    .action(
      run(
        (
          engine,
          output,
          kind: TemplateKind,
          options: { language: PublishedLanguage; subject?: string; bodyFile?: string; default?: boolean },
        ) => {
          if (options.default === true && (options.subject !== undefined || options.bodyFile !== undefined))
            throw new AppError('validation_failed', 'Give --default alone, or --subject with --body-file.', {
              details: { field: 'default' },
            });
          if (options.default !== true && (options.subject === undefined || options.bodyFile === undefined))
            throw new AppError('validation_failed', 'Give --subject and --body-file (or --default).', {
              details: { field: options.subject === undefined ? 'subject' : 'bodyFile' },
            });
          const template: TemplateInput = {
            kind,
            language: options.language,
            words:
              options.default === true
                ? null
                : { subject: options.subject ?? '', paragraphs: paragraphsOf(options.bodyFile ?? '') },
          };
          const view = engine.services.messages.saveTemplate(template);
          // The trail lives in the production data (as `audit list` says): a lab's words are not in it.
          if (engine.environment === 'production')
            engine.services.audit.record({
              staffId: null,
              staffName: DESK_NAME,
              address: null,
              channel: TEMPLATE_EDIT_CHANNEL,
              input: { environment: engine.environment, template },
              result: view,
            });
          if (output.json) return printObject(output, view);
          note(
            view.edited
              ? `The ${kind} message in ${view.language} now goes out with these words.`
              : `The ${kind} message in ${view.language} goes out with the default words again.`,
          );
        },
      ),
    );
}
