import type Database from 'better-sqlite3';
import { addDays, type Dose } from '../../shared/care';
import type { Clock } from '../../shared/clock';
import type { ContractKind } from '../../shared/contracts';
import type { Submission } from '../../shared/front-door';
import {
  PreviewInputSchema,
  STAFF_NOTICE_KINDS,
  type AutomationSettings,
  type AutomationView,
  type StaffNoticeInput,
  type TemplateInput,
  type TemplateView,
  TEMPLATE_PLACEHOLDERS,
  type PreviewInput,
  type StaffNoticeKind,
  type TemplateKind,
  type TemplatePreview,
  type TemplateValues,
} from '../../shared/mail-templates';
import { localDay } from '../../shared/pet-profile';
import type { PublishedLanguage } from '../../shared/shelter';
import { parseOrThrow } from '../../shared/validation';
import type { Changes } from '../db/changes';
import type { FrontDoorMail } from '../front-door/front-door';
import type { MovementMail, RecordedReservation } from '../movements/movement-mail';
import type { PeopleService } from '../people/people';
import { renderMail } from './compose';
import { OccasionsStore } from './occasions-store';
import { documentWord, noExpiryWords, signedAtWords } from './contract-words';
import type { EnqueueResult, MailAttachmentDraft, MailDraft, Outbox } from './outbox';
import { TEMPLATES, checkPlaceholders } from './templates/registry';
import type { TemplateStore } from './templates/template-store';

const DAY_MS = 86_400_000;
/** A follow-up the job missed (the desk was off) still goes within this many days, never an old one once turned on. */
const FOLLOW_UP_GRACE_DAYS = 7;
const DATE_LOCALES: Record<PublishedLanguage, string> = { en: 'en-GB', fr: 'fr-FR', es: 'es-ES', de: 'de-DE' };

export interface MessagesSources {
  sqlite: Database.Database;
  clock: Clock;
  changes: Changes;
  outbox: Outbox;
  templates: TemplateStore;
  people: Pick<PeopleService, 'get'>;
  /** Waiting doses of any animal, due on one of these days (care's, resolved from the animal's age where it follows it). */
  dosesDueOn: (days: readonly [string, string]) => Dose[];
  /** Today on the shelter's calendar, from the same clock. */
  today: () => string;
}

/** A contract just signed, as its messages need it. */
export interface SignedContractMail {
  contractId: number;
  kind: ContractKind;
  petName: string;
  signerPersonId: number;
  signerName: string;
  signedAt: number;
  fileName: string;
}

type Values<K extends TemplateKind> = Omit<TemplateValues<K>, 'shelter'>;
type Recipient = MailDraft['to'];

/** A calendar day (YYYY-MM-DD) as the recipient's language writes it. */
function sayDay(day: string, language: PublishedLanguage): string {
  return new Intl.DateTimeFormat(DATE_LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(
    Date.parse(`${day}T00:00:00Z`),
  );
}

/**
 * The messages that go out by themselves. The front door and the movements call it inside the
 * transaction of what causes a message; the engine's job calls `runDue` for the ones time brings.
 * Each message has an occasion (its kind and what caused it), and the outbox writes one per occasion.
 */
export class Messages implements FrontDoorMail, MovementMail {
  private readonly occasions: OccasionsStore;

  constructor(private readonly sources: MessagesSources) {
    this.occasions = new OccasionsStore(sources.sqlite);
  }

  get templates(): TemplateStore {
    return this.sources.templates;
  }

  saveTemplate(input: TemplateInput): TemplateView {
    const view = this.templates.save(input);
    this.sources.changes.emit('outbox');
    return view;
  }

  automation(): AutomationView {
    return { settings: this.templates.automation(), notices: this.templates.notices() };
  }

  setAutomation(settings: AutomationSettings): void {
    this.templates.setAutomation(settings);
    this.sources.changes.emit('outbox');
  }

  setNotice(notice: StaffNoticeInput): void {
    this.templates.setNotice(notice);
    this.sources.changes.emit('outbox');
  }

  submissionReceived(submission: Submission): void {
    if (submission.kind !== 'apply') return;
    const values = { applicantName: submission.name, petName: submission.pet?.name ?? '' };
    this.queue('application_received', { address: submission.email }, values, `submission:${submission.id}`);
    this.notifyStaff('staff_new_application', values, `submission:${submission.id}`);
  }

  submissionMoved(submission: Submission): void {
    if (submission.kind !== 'apply') return;
    const kind =
      submission.state === 'approved'
        ? 'application_approved'
        : submission.state === 'declined'
          ? 'application_declined'
          : null;
    if (kind === null) return;
    const to = submission.personId === null ? { address: submission.email } : { personId: submission.personId };
    const name = submission.personId === null ? submission.name : this.sources.people.get(submission.personId).name;
    this.queue(kind, to, { applicantName: name, petName: submission.pet?.name ?? '' }, `submission:${submission.id}`);
  }

  reservationMade(reservation: RecordedReservation): void {
    const petName = this.occasions.petName(reservation.petId) ?? '';
    this.queue(
      'reservation_confirmed',
      { personId: reservation.personId },
      (language) => ({
        adopterName: this.sources.people.get(reservation.personId).name,
        petName,
        expiresOn:
          reservation.expiresAt === null ? noExpiryWords(language) : sayDay(localDay(reservation.expiresAt), language),
      }),
      `reservation:${reservation.reservationId}`,
    );
  }

  /**
   * A signature's messages, in its own transaction: the signed PDF to the person who signed
   * (essential: an opt-out does not stop it; a forgotten person gets nothing), and a notice to each
   * member of staff who asked for one. Each names the contract, so it is queued once.
   */
  contractSigned(signing: SignedContractMail): void {
    const values = (language: PublishedLanguage) => ({
      adopterName: signing.signerName,
      petName: signing.petName,
      document: documentWord(signing.kind, language),
      signedAt: signedAtWords(signing.signedAt, language),
    });
    const occasion = `contract:${signing.contractId}`;
    this.queue('signed_contract', { personId: signing.signerPersonId }, values, occasion, [
      { name: signing.fileName, signedContractId: signing.contractId },
    ]);
    this.notifyStaff('staff_signed_contract', values, occasion);
  }

  /** What time brings, on the engine's clock: each occasion at most once, however often this runs. Returns how many were queued. */
  runDue(): number {
    const { sqlite, clock } = this.sources;
    const now = clock.now();
    const due: Array<{ occasion: string; queue: () => EnqueueResult | undefined }> = [];
    for (const reservation of this.occasions.expiring(now, now + DAY_MS))
      due.push({
        occasion: `reservation_expiring:reservation:${reservation.reservationId}`,
        queue: () => this.reservationExpiring(reservation.reservationId),
      });
    const { followUpDays, followUpQuestions } = this.templates.automation();
    const until = now - followUpDays * DAY_MS;
    for (const adoption of this.occasions.adoptions(until - FOLLOW_UP_GRACE_DAYS * DAY_MS, until))
      due.push({
        occasion: `follow_up:stay:${adoption.stayId}`,
        queue: () =>
          this.queue(
            'follow_up',
            { personId: adoption.personId },
            (language) => ({
              adopterName: this.sources.people.get(adoption.personId).name,
              petName: adoption.petName,
              adoptedOn: sayDay(localDay(adoption.adoptedAt), language),
              days: String(followUpDays),
              document: documentWord('adoption', language),
              signedAt: signedAtWords(this.sources.clock.now(), language),
              questions: followUpQuestions.map((question) => `• ${question}`).join('\n'),
            }),
            `stay:${adoption.stayId}`,
          ),
      });
    const today = this.sources.today();
    // Tomorrow's doses; today's too, for a desk that was off the day before.
    for (const dose of this.sources.dosesDueOn([today, addDays(today, 1)])) {
      // An animal in the shelter's own care has nobody to remind.
      const keeper = this.occasions.keeper(dose.petId);
      if (!keeper) continue;
      const kind = keeper.role === 'foster' ? 'dose_due_foster' : 'dose_due_adopter';
      due.push({ occasion: `${kind}:dose:${dose.id}:${dose.dueDate}`, queue: () => this.doseDue(dose) });
    }
    // The usual run finds every occasion written or settled already (or its kind off) and takes no write lock.
    const { disabled } = this.templates.automation();
    const waiting = due.filter(
      ({ occasion }) =>
        !disabled.some((kind) => occasion.startsWith(`${kind}:`)) &&
        !this.sources.outbox.store.occasionTaken(occasion) &&
        this.occasions.skipped(occasion) === undefined,
    );
    if (waiting.length === 0) return 0;
    return sqlite
      .transaction(
        () =>
          waiting.filter(({ occasion, queue }) => {
            const result = queue();
            // An opted-out or forgotten person stays so for the occasion's window: settled once, not asked every minute.
            if (result?.queued === false && (result.reason === 'opted_out' || result.reason === 'forgotten'))
              this.occasions.skip(occasion, result.reason, now);
            return result?.queued === true;
          }).length,
      )
      .immediate();
  }

  /** The words filled from real records (the animal and person named, else the placeholders stay visible). */
  preview(input: PreviewInput): TemplatePreview {
    const { kind, language, words, petId, personId } = parseOrThrow(PreviewInputSchema, input, 'preview');
    checkPlaceholders(kind, words);
    const name = personId === undefined ? undefined : this.sources.people.get(personId).name;
    const petName = petId === undefined ? undefined : this.occasions.petName(petId);
    const today = this.sources.today();
    const { followUpDays, followUpQuestions } = this.templates.automation();
    const known: Record<string, string | undefined> = {
      shelter: this.sources.outbox.shelterName(),
      petName,
      applicantName: name,
      adopterName: name,
      fosterName: name,
      expiresOn: sayDay(addDays(today, 7), language),
      adoptedOn: sayDay(today, language),
      dueOn: sayDay(addDays(today, 1), language),
      days: String(followUpDays),
      document: documentWord('adoption', language),
      signedAt: signedAtWords(this.sources.clock.now(), language),
      questions: followUpQuestions.map((question) => `• ${question}`).join('\n'),
    };
    const values = Object.fromEntries(
      TEMPLATE_PLACEHOLDERS[kind].flatMap((placeholder) => {
        const value = known[placeholder];
        return value === undefined ? [] : [[placeholder, value]];
      }),
    );
    return renderMail(words, values);
  }

  /** The preview sent to one address as a test message. */
  testSend(input: PreviewInput, address: string): EnqueueResult {
    const rendered = this.preview(input);
    return this.sources.outbox.enqueueAlone({
      kind: 'test',
      essential: true,
      to: { address, language: input.language },
      words: () => ({ subject: rendered.subject, paragraphs: rendered.text.split('\n\n') }),
    });
  }

  private reservationExpiring(reservationId: number): EnqueueResult | undefined {
    const reservation = this.occasions.reservation(reservationId);
    if (!reservation || reservation.expiresAt === null) return undefined;
    const expiresAt = reservation.expiresAt;
    return this.queue(
      'reservation_expiring',
      { personId: reservation.personId },
      (language) => ({
        adopterName: this.sources.people.get(reservation.personId).name,
        petName: reservation.petName,
        expiresOn: sayDay(localDay(expiresAt), language),
      }),
      `reservation:${reservationId}`,
    );
  }

  private doseDue(dose: Dose): EnqueueResult | undefined {
    const keeper = this.occasions.keeper(dose.petId);
    const dueDate = dose.dueDate;
    if (!keeper || dueDate === null) return undefined;
    const occasion = `dose:${dose.id}:${dueDate}`;
    const name = () => this.sources.people.get(keeper.personId).name;
    const common = (language: PublishedLanguage) => ({
      petName: keeper.petName,
      vaccine: dose.vaccine,
      dueOn: sayDay(dueDate, language),
    });
    const to = { personId: keeper.personId };
    return keeper.role === 'foster'
      ? this.queue('dose_due_foster', to, (language) => ({ ...common(language), fosterName: name() }), occasion)
      : this.queue('dose_due_adopter', to, (language) => ({ ...common(language), adopterName: name() }), occasion);
  }

  private notifyStaff<K extends StaffNoticeKind>(
    kind: K,
    values: Values<K> | ((language: PublishedLanguage) => Values<K>),
    occasion: string,
  ): void {
    if (!STAFF_NOTICE_KINDS.includes(kind)) return;
    for (const member of this.templates.noticeRecipients(kind))
      this.queue(
        kind,
        { address: member.address, language: member.language ?? undefined },
        values,
        `${occasion}:staff:${member.staffId}`,
      );
  }

  /** Queues one message of `kind` for `occasion` in the transaction in progress, unless staff turned the kind off. */
  private queue<K extends TemplateKind>(
    kind: K,
    to: Recipient,
    values: Values<K> | ((language: PublishedLanguage) => Values<K>),
    occasion: string,
    attachments?: MailAttachmentDraft[],
  ): EnqueueResult | undefined {
    if (!this.templates.enabled(kind)) return undefined;
    const entry = TEMPLATES[kind];
    return this.sources.outbox.enqueue(this.sources.sqlite, {
      kind: entry.outboxKind,
      essential: entry.essential,
      to,
      words: (language) => this.templates.words(kind, language),
      values: values as MailDraft['values'],
      occasion: `${kind}:${occasion}`,
      attachments,
    });
  }
}
