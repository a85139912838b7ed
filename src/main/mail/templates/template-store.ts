import type Database from 'better-sqlite3';
import type { Clock } from '../../../shared/clock';
import { AppError } from '../../../shared/errors';
import {
  AutomationSettingsSchema,
  DEFAULT_AUTOMATION,
  StaffNoticeInputSchema,
  TEMPLATE_KINDS,
  TEMPLATE_PLACEHOLDERS,
  TemplateInputSchema,
  type AutomationSettings,
  type StaffNotice,
  type StaffNoticeInput,
  type StaffNoticeKind,
  type TemplateInput,
  type TemplateKind,
  type TemplateView,
  type TemplateWords,
} from '../../../shared/mail-templates';
import type { PublishedLanguage } from '../../../shared/shelter';
import { parseOrThrow } from '../../../shared/validation';
import { DEFAULT_TEMPLATE_WORDS } from './default-words';
import { TEMPLATES, checkPlaceholders } from './registry';

/** A staff member who asked for a notice, with the language their window speaks. */
export interface NoticeRecipient {
  staffId: number;
  address: string;
  language: PublishedLanguage | null;
}

/** The automatic messages' stored words, the settings staff chose, and who wants staff notices. */
export class TemplateStore {
  private readonly statements;

  constructor(
    private readonly sqlite: Database.Database,
    private readonly clock: Clock,
  ) {
    this.statements = {
      words: sqlite.prepare<[string, string], { subject: string; paragraphs: string }>(
        'SELECT subject, paragraphs FROM mail_templates WHERE kind = ? AND language = ?',
      ),
      saveWords: sqlite.prepare(
        `INSERT INTO mail_templates (kind, language, subject, paragraphs, updated_at) VALUES (@kind, @language, @subject, @paragraphs, @now)
         ON CONFLICT (kind, language) DO UPDATE SET subject = excluded.subject, paragraphs = excluded.paragraphs, updated_at = excluded.updated_at`,
      ),
      dropWords: sqlite.prepare('DELETE FROM mail_templates WHERE kind = ? AND language = ?'),
      automation: sqlite.prepare<[], { followUpDays: number; followUpQuestions: string; disabled: string }>(
        'SELECT follow_up_days AS followUpDays, follow_up_questions AS followUpQuestions, disabled FROM mail_automation WHERE id = 1',
      ),
      saveAutomation: sqlite.prepare(
        `INSERT INTO mail_automation (id, follow_up_days, follow_up_questions, disabled, updated_at) VALUES (1, @followUpDays, @followUpQuestions, @disabled, @now)
         ON CONFLICT (id) DO UPDATE SET follow_up_days = excluded.follow_up_days, follow_up_questions = excluded.follow_up_questions,
           disabled = excluded.disabled, updated_at = excluded.updated_at`,
      ),
      notices: sqlite.prepare<[], { staffId: number; name: string; address: string | null; kinds: string | null }>(
        `SELECT s.id AS staffId, s.name, n.address, n.kinds FROM staff_members s LEFT JOIN mail_staff_notices n ON n.staff_id = s.id
         WHERE s.active = 1 ORDER BY s.name COLLATE NOCASE, s.id`,
      ),
      recipients: sqlite.prepare<
        [],
        { staffId: number; address: string; kinds: string; language: PublishedLanguage | null }
      >(
        `SELECT n.staff_id AS staffId, n.address, n.kinds, s.language FROM mail_staff_notices n
         JOIN staff_members s ON s.id = n.staff_id WHERE s.active = 1 ORDER BY n.staff_id`,
      ),
      saveNotice: sqlite.prepare(
        `INSERT INTO mail_staff_notices (staff_id, address, kinds, updated_at) VALUES (@staffId, @address, @kinds, @now)
         ON CONFLICT (staff_id) DO UPDATE SET address = excluded.address, kinds = excluded.kinds, updated_at = excluded.updated_at`,
      ),
      dropNotice: sqlite.prepare('DELETE FROM mail_staff_notices WHERE staff_id = ?'),
      staffExists: sqlite.prepare<[number], { id: number }>('SELECT id FROM staff_members WHERE id = ?'),
    };
  }

  /** The words a message of `kind` goes out with in `language`: the shelter's own, else the default ones. */
  words(kind: TemplateKind, language: PublishedLanguage): TemplateWords {
    const stored = this.statements.words.get(kind, language);
    if (!stored) return DEFAULT_TEMPLATE_WORDS[language][kind];
    return { subject: stored.subject, paragraphs: JSON.parse(stored.paragraphs) as string[] };
  }

  list(language: PublishedLanguage): TemplateView[] {
    const { disabled } = this.automation();
    return TEMPLATE_KINDS.map((kind) => this.view(kind, language, disabled));
  }

  /** Saves the shelter's words (refused when they name a placeholder the kind has no value for), or drops them with null. */
  save(input: TemplateInput): TemplateView {
    const { kind, language, words } = parseOrThrow(TemplateInputSchema, input, 'template');
    if (words === null) this.statements.dropWords.run(kind, language);
    else {
      checkPlaceholders(kind, words);
      this.statements.saveWords.run({
        kind,
        language,
        subject: words.subject,
        paragraphs: JSON.stringify(words.paragraphs),
        now: this.clock.now(),
      });
    }
    return this.view(kind, language, this.automation().disabled);
  }

  automation(): AutomationSettings {
    const row = this.statements.automation.get();
    if (!row) return DEFAULT_AUTOMATION;
    return {
      followUpDays: row.followUpDays,
      followUpQuestions: JSON.parse(row.followUpQuestions) as string[],
      disabled: JSON.parse(row.disabled) as TemplateKind[],
    };
  }

  setAutomation(input: AutomationSettings): AutomationSettings {
    const settings = parseOrThrow(AutomationSettingsSchema, input, 'settings');
    this.statements.saveAutomation.run({
      followUpDays: settings.followUpDays,
      followUpQuestions: JSON.stringify(settings.followUpQuestions),
      disabled: JSON.stringify([...new Set(settings.disabled)]),
      now: this.clock.now(),
    });
    return this.automation();
  }

  enabled(kind: TemplateKind): boolean {
    return !this.automation().disabled.includes(kind);
  }

  /** Every active staff member, with the address and kinds of notice they asked for. */
  notices(): StaffNotice[] {
    return this.statements.notices.all().map((row) => ({
      staffId: row.staffId,
      name: row.name,
      address: row.address,
      kinds: row.kinds ? (JSON.parse(row.kinds) as StaffNoticeKind[]) : [],
    }));
  }

  /** A member's notices: an address and kinds, or none with a null address. */
  setNotice(input: StaffNoticeInput): void {
    const notice = parseOrThrow(StaffNoticeInputSchema, input, 'notice');
    if (!this.statements.staffExists.get(notice.staffId))
      throw new AppError('not_found', `Staff member ${notice.staffId} does not exist.`, {
        details: { missing: 'staff', staffId: notice.staffId },
      });
    if (notice.address === null || notice.kinds.length === 0) this.statements.dropNotice.run(notice.staffId);
    else
      this.statements.saveNotice.run({
        staffId: notice.staffId,
        address: notice.address,
        kinds: JSON.stringify([...new Set(notice.kinds)]),
        now: this.clock.now(),
      });
  }

  /** The active members who want notices of `kind`. */
  noticeRecipients(kind: StaffNoticeKind): NoticeRecipient[] {
    return this.statements.recipients
      .all()
      .filter((row) => (JSON.parse(row.kinds) as string[]).includes(kind))
      .map(({ staffId, address, language }) => ({ staffId, address, language }));
  }

  private view(kind: TemplateKind, language: PublishedLanguage, disabled: readonly TemplateKind[]): TemplateView {
    const entry = TEMPLATES[kind];
    return {
      kind,
      language,
      placeholders: TEMPLATE_PLACEHOLDERS[kind],
      essential: entry.essential,
      audience: entry.audience,
      enabled: !disabled.includes(kind),
      words: this.words(kind, language),
      edited: this.statements.words.get(kind, language) !== undefined,
    };
  }
}
