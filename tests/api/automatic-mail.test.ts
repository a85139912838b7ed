/**
 * The messages that go out by themselves, on the engine's moved clock and through a real SMTP
 * server: the follow-up N days after an adoption and a foster's reminder the day before a dose, each
 * exactly once however often the job runs; an opt-out stops the follow-up but not an adoption's
 * messages; a forgotten person gets nothing; an approval queues one message; a template naming an
 * unknown placeholder is refused; a name is escaped in the HTML.
 */
import { afterAll, afterEach, beforeEach, expect, it, vi } from 'vitest';
import { type Engine } from '../../src/main/engine/engine';
import { addDays } from '../../src/shared/care';
import { type ManualClock } from '../../src/shared/clock';
import { AppError } from '../../src/shared/errors';
import type { OutboxRow } from '../../src/shared/mail';
import { removeSmtpCertificates, type TestSmtpServer } from '../helpers/smtp-server';
import { startMailEngine, type MailEngine } from '../helpers/mail-engine';
import { waitFor } from '../helpers/wait-for';

const START = Date.UTC(2026, 11, 1, 9, 0, 0);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let smtp: TestSmtpServer;
let engine: Engine;
let clock: ManualClock;
let mail: MailEngine;

beforeEach(async () => {
  mail = await startMailEngine('automatic-mail', {}, START);
  ({ smtp, engine, clock } = mail);
  engine.services.shelter.set({ name: 'Refuge des Tilleuls', language: 'fr' });
});
afterEach(() => mail.close());
afterAll(() => removeSmtpCertificates());

/** The rows the outbox holds for one occasion's kind, by the subject each went out with. */
function rows(predicate: (row: OutboxRow) => boolean = () => true): OutboxRow[] {
  return engine.services.outbox.list({ limit: 200 }).rows.filter(predicate);
}

function occasionsOf(prefix: string): string[] {
  return (
    engine.sqlite.prepare('SELECT occasion FROM outbox WHERE occasion LIKE ? ORDER BY id').all(`${prefix}%`) as {
      occasion: string;
    }[]
  ).map((row) => row.occasion);
}

function petInCare(name: string): number {
  const { movements, pets } = engine.services;
  const petId = movements.intake({ pet: { name, categoryId: 1 }, type: 'stray' }, 'cli').petId;
  pets.changeStatus(petId, 'available');
  return petId;
}

function adopted(petName: string, person: { name: string; email: string; language?: 'en' | 'de' }): number {
  const { movements, people, outbox } = engine.services;
  const petId = petInCare(petName);
  const personId = people.add({ name: person.name, email: person.email }).person.id;
  if (person.language) outbox.setLanguage(personId, person.language);
  movements.reserve({ petId, personId, expiresAt: clock.now() + 10 * DAY }, 'window');
  movements.adopt({ petId, personId, fee: 80, feeMethod: 'card' }, 'window');
  return personId;
}

it('the follow-up arrives N days after an adoption, once, in the adopter’s language; an opted-out adopter gets only the adoption’s messages', async () => {
  const { messages, outbox, people } = engine.services;
  messages.templates.setAutomation({
    followUpDays: 10,
    followUpQuestions: ['Dort-il bien ?', 'Does he eat?'],
    disabled: [],
  });
  const reader = adopted('Noisette', { name: 'Élodie Martin', email: 'elodie@example.test', language: 'en' });
  const optedOut = adopted('Caramel', { name: 'Hugo Petit', email: 'hugo@example.test' });
  expect(outbox.unsubscribe(outbox.unsubscribeToken(optedOut)).done).toBe(true);
  const forgotten = adopted('Pistache', { name: 'Zoé Brioche', email: 'zoe@example.test' });
  people.forget(forgotten);

  clock.advance(10 * DAY - HOUR);
  expect(messages.runDue()).toBe(0);
  expect(occasionsOf('follow_up:')).toEqual([]);
  clock.advance(2 * HOUR);
  expect(messages.runDue()).toBe(1);
  expect(messages.runDue()).toBe(0);
  clock.advance(3 * DAY);
  expect(messages.runDue()).toBe(0);
  const followUps = rows((row) => row.kind === 'follow_up');
  expect(followUps).toHaveLength(1);
  expect(followUps[0]).toMatchObject({ personId: reader, language: 'en', subject: 'How is Noisette doing?' });
  // The opted-out adopter still had the reservation's message: it is part of their adoption.
  expect(rows((row) => row.personId === optedOut).map((row) => row.subject)).toEqual(['Caramel vous est réservé']);
  expect(rows((row) => row.personId === forgotten && row.kind === 'follow_up')).toEqual([]);

  engine.startBackgroundJobs();
  await waitFor(() => smtp.received.some((mail) => mail.subject === 'How is Noisette doing?'), 10_000);
  const mail = smtp.received.find((received) => received.subject === 'How is Noisette doing?')!;
  expect(mail.to && 'text' in mail.to ? mail.to.text : '').toContain('elodie@example.test');
  expect(mail.text).toContain('It has been 10 days since Noisette went home with you on 1 December 2026.');
  expect(mail.text).toContain('• Dort-il bien ?\n• Does he eat?');
  expect(mail.html).toContain('• Dort-il bien ?<br>• Does he eat?');
  await waitFor(() => rows((row) => row.status === 'queued' || row.status === 'sending').length === 0, 10_000);
  expect(smtp.received.filter((received) => received.subject === 'How is Noisette doing?')).toHaveLength(1);
  // Forgetting came after the reservation's message was queued: the sender drops it unsent.
  expect(rows((row) => row.personId === forgotten).map((row) => row.status)).toEqual(['failed']);
  expect(smtp.received.some((received) => received.text?.includes('Zoé'))).toBe(false);
});

it('a foster hears of a dose the day before it is due, once; nothing earlier, nothing again', async () => {
  const { movements, people, care, messages } = engine.services;
  const petId = petInCare('Réglisse');
  const fosterId = people.add({ name: 'Inès Garnier', email: 'ines@example.test' }).person.id;
  movements.fosterStart({ petId, personId: fosterId }, 'window');
  const dueDate = addDays(care.today(), 3);
  const dose = care.schedule({ petId, vaccine: 'Rage', dueDate }, 'window');
  const reminders = () => occasionsOf(`dose_due_foster:dose:${dose.id}:`);

  messages.runDue();
  clock.advance(DAY);
  messages.runDue();
  expect(reminders()).toEqual([]);
  clock.advance(DAY);
  messages.runDue();
  messages.runDue();
  expect(reminders()).toEqual([`dose_due_foster:dose:${dose.id}:${dueDate}`]);
  clock.advance(DAY);
  messages.runDue();
  expect(reminders()).toHaveLength(1);

  engine.startBackgroundJobs();
  await waitFor(() => smtp.received.some((mail) => mail.subject?.startsWith('Réglisse : Rage')), 10_000);
  const mail = smtp.received.find((received) => received.subject?.startsWith('Réglisse : Rage'))!;
  expect(mail.text).toContain('Bonjour Inès Garnier,');
  expect(mail.text).toContain('doit recevoir Rage le 4 décembre 2026');
});

it('an application: one message when received, one when approved however often it is asked, a staff notice for who wants it', async () => {
  const { frontDoor, messages, staff, outbox } = engine.services;
  const member = await staff.add({
    name: 'Mina',
    login: 'mina',
    role: 'staff',
    password: 'a long enough passphrase 42',
  });
  messages.templates.setNotice({ staffId: member.id, address: 'mina@refuge.test', kinds: ['staff_new_application'] });
  const petId = petInCare('Noisette');
  const submission = frontDoor.receive(
    'apply',
    petId,
    {
      name: 'Quentin Marmelade',
      email: 'quentin@example.test',
      phone: null,
      postcode: null,
      answers: { household: 'Two adults' },
    },
    'I agree.',
  );
  expect(rows().map((row) => [row.kind, row.toAddress, row.subject])).toEqual([
    ['notice', 'mina@refuge.test', 'Nouvelle demande pour Noisette'],
    ['adoption', 'quentin@example.test', 'Nous avons reçu votre demande pour Noisette'],
  ]);
  frontDoor.createPerson(submission.id);
  frontDoor.approve(submission.id, 'window');
  expect(() => frontDoor.approve(submission.id, 'window')).toThrow(AppError);
  messages.runDue();
  messages.runDue();
  // What the front door would ask again, were its own guard gone: the occasion's key holds.
  const approved = frontDoor.show(submission.id);
  engine.sqlite.transaction(() => messages.submissionMoved(approved))();
  expect(occasionsOf('application_approved:')).toEqual([`application_approved:submission:${submission.id}`]);
  expect(occasionsOf('reservation_confirmed:')).toHaveLength(1);
  expect(outbox.list().counts.queued).toBe(4);
});

it('a template naming an unknown placeholder is refused with the placeholders allowed; a saved one is what goes out', () => {
  const { templates } = engine.services.messages;
  let refusal: unknown;
  try {
    templates.save({
      kind: 'follow_up',
      language: 'fr',
      words: { subject: 'Des nouvelles de {{petNmae}} ?', paragraphs: ['x'] },
    });
  } catch (error) {
    refusal = error;
  }
  expect(refusal).toBeInstanceOf(AppError);
  expect(refusal).toMatchObject({
    code: 'validation_failed',
    details: { field: 'words.subject', reason: 'unknown_placeholder', placeholder: 'petNmae' },
  });
  expect((refusal as AppError).details).toMatchObject({ allowed: expect.arrayContaining(['petName', 'questions']) });
  expect(templates.words('follow_up', 'fr').subject).toBe('Comment va {{petName}} ?');

  const saved = templates.save({
    kind: 'reservation_confirmed',
    language: 'fr',
    words: { subject: 'Réservé : {{petName}}', paragraphs: ['Pour {{adopterName}}, jusqu’au {{expiresOn}}.'] },
  });
  expect(saved).toMatchObject({ edited: true, essential: true, audience: 'person' });
  adopted('Noisette', { name: 'Élodie', email: 'elodie@example.test' });
  expect(rows()[0]).toMatchObject({ subject: 'Réservé : Noisette' });
  expect(templates.save({ kind: 'reservation_confirmed', language: 'fr', words: null }).edited).toBe(false);
});

it('a name like <script> is escaped in the HTML and kept as typed in the plain text; a kind turned off is not queued', async () => {
  const { movements, people, messages } = engine.services;
  const petId = petInCare('Noisette');
  const personId = people.add({ name: '<script>alert("x")</script>', email: 'x@example.test' }).person.id;
  movements.reserve({ petId, personId }, 'window');
  const row = engine.sqlite
    .prepare("SELECT html_body AS html, text_body AS text FROM outbox WHERE kind = 'adoption'")
    .get() as { html: string; text: string };
  expect(row.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  expect(row.html).not.toContain('<script>');
  expect(row.text).toContain('Bonjour <script>alert("x")</script>,');

  messages.templates.setAutomation({ followUpDays: 14, followUpQuestions: [], disabled: ['reservation_confirmed'] });
  const other = petInCare('Caramel');
  movements.reserve({ petId: other, personId }, 'window');
  expect(rows()).toHaveLength(1);

  engine.startBackgroundJobs();
  await waitFor(() => smtp.received.length === 1, 10_000);
  expect(smtp.received[0]?.html).toContain('&lt;script&gt;');
  expect(smtp.received[0]?.html).not.toContain('<script>');
});

it('a reservation with no expiry day reads properly in each language: no empty date, no placeholder left', () => {
  const { movements, people, outbox } = engine.services;
  const said: Record<'en' | 'fr' | 'es' | 'de', string> = {
    en: 'Noisette is reserved for you until further notice.',
    fr: 'Noisette vous est réservé. Fin de la réservation : aucune date fixée.',
    es: 'Noisette está reservado para usted. Fin de la reserva: sin fecha fijada.',
    de: 'Noisette ist bis auf Weiteres für Sie reserviert.',
  };
  for (const language of ['en', 'fr', 'es', 'de'] as const) {
    const petId = petInCare('Noisette');
    const personId = people.add({ name: `Reader ${language}`, email: `${language}@example.test` }).person.id;
    outbox.setLanguage(personId, language);
    movements.reserve({ petId, personId }, 'window');
    const row = engine.sqlite
      .prepare("SELECT text_body AS text FROM outbox WHERE person_id = ? AND occasion LIKE 'reservation_confirmed:%'")
      .get(personId) as { text: string };
    expect(row.text).toContain(said[language]);
    expect(row.text).not.toMatch(/\{\{|undefined|until \.|jusqu’au \.|hasta el \.|bis {2}/);
  }
  // With a day, the day is said.
  const petId = petInCare('Caramel');
  const personId = people.add({ name: 'Dated', email: 'dated@example.test' }).person.id;
  outbox.setLanguage(personId, 'fr');
  movements.reserve({ petId, personId, expiresAt: START + 10 * DAY }, 'window');
  const dated = engine.sqlite
    .prepare("SELECT text_body AS text FROM outbox WHERE person_id = ? AND occasion LIKE 'reservation_confirmed:%'")
    .get(personId) as { text: string };
  expect(dated.text).toContain('Fin de la réservation : 11 décembre 2026.');
});

it('an opted-out or forgotten adopter’s follow-up is settled once, with the reason, not asked again every run of its window', () => {
  const { messages, outbox, people } = engine.services;
  messages.templates.setAutomation({ followUpDays: 10, followUpQuestions: [], disabled: [] });
  const optedOut = adopted('Caramel', { name: 'Hugo Petit', email: 'hugo@example.test' });
  expect(outbox.unsubscribe(outbox.unsubscribeToken(optedOut)).done).toBe(true);
  const forgotten = adopted('Pistache', { name: 'Zoé Brioche', email: 'zoe@example.test' });
  people.forget(forgotten);
  const skipped = () =>
    engine.sqlite
      .prepare(
        "SELECT occasion, reason FROM mail_skipped_occasions WHERE occasion LIKE 'follow_up:%' ORDER BY occasion",
      )
      .all() as { occasion: string; reason: string }[];

  clock.advance(10 * DAY + HOUR);
  expect(skipped()).toEqual([]);
  expect(messages.runDue()).toBe(0);
  expect(
    skipped()
      .map((row) => row.reason)
      .sort(),
  ).toEqual(['forgotten', 'opted_out']);
  const enqueue = vi.spyOn(outbox, 'enqueue');
  for (let run = 0; run < 5; run++) {
    clock.advance(60_000);
    expect(messages.runDue()).toBe(0);
  }
  clock.advance(3 * DAY);
  expect(messages.runDue()).toBe(0);
  expect(enqueue).not.toHaveBeenCalled();
  enqueue.mockRestore();
  expect(occasionsOf('follow_up:')).toEqual([]);
  expect(skipped()).toHaveLength(2);
});
