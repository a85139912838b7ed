import type Database from 'better-sqlite3';
import type { Clock } from '../../shared/clock';
import type { Changes } from '../db/changes';
import { AppError } from '../../shared/errors';
import {
  CLOSED_STATES,
  DEFAULT_MIN_FILL_SECONDS,
  DEFAULT_RETENTION_DAYS,
  EXPIRING_STATES,
  FormSettingsSchema,
  NEXT_STATES,
  STANDARD_QUESTIONS,
  SubmittedFieldsSchema,
  type FormKind,
  type FormSettings,
  type FrontDoorForm,
  type PetApplications,
  type Submission,
  type SubmissionDetails,
  type SubmissionFilter,
  type SubmissionState,
  type SubmittedFields,
} from '../../shared/front-door';
import type { Face } from '../../shared/movements';
import type { AddedPerson, Person, PersonWarning } from '../../shared/people';
import { parseOrThrow } from '../../shared/validation';
import type { PetService } from '../pets/pets';
import type { PeopleService } from '../people/people';
import type { MovementService } from '../movements/movements';
import type { FormLimitCounters } from '../quota/form-limits';
import type { FormTokens } from './form-token';
import { FrontDoorStore } from './store';

const DEFAULT_FORM: FormSettings = {
  open: true,
  standard: STANDARD_QUESTIONS.map((question) => ({ question, required: question === 'household' })),
  custom: [],
  consentText: null,
  retentionDays: DEFAULT_RETENTION_DAYS,
  limits: { perAddressPerDay: 5, perEmailPerDay: 3, minFillSeconds: DEFAULT_MIN_FILL_SECONDS },
};

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * The messages the front door causes, written inside its transaction (mail/messages.ts): a
 * received application, and one approved or declined.
 */
export interface FrontDoorMail {
  submissionReceived(submission: Submission): void;
  submissionMoved(submission: Submission): void;
}

/** Why an animal takes no application now; undefined when it does. */
export type ClosedReason = 'paused' | 'not_available' | 'form_closed';

export interface FrontDoorSources {
  sqlite: Database.Database;
  clock: Clock;
  /** What retention is timed by: the lab clock, so staff (and tests) see a consent's period end by moving it. */
  retentionClock: Clock;
  changes: Changes;
  pets: Pick<PetService, 'get'>;
  people: Pick<PeopleService, 'add' | 'get' | 'duplicatesOf'>;
  movements: Pick<MovementService, 'reserve'>;
  tokens: FormTokens;
  limits: FormLimitCounters;
  mail: FrontDoorMail;
}

/**
 * The front door's rules: the forms' questions, what a visitor's submission must hold, the review
 * queue's states (each change recorded), the link to the people register, approval as a reservation,
 * each animal's waiting list and pause, and retention. The public form's guards (size, honeypot, fill
 * time, limits) are the HTTP face's: by the time `receive` is called the submission passed them.
 */
export class FrontDoorService {
  private readonly store: FrontDoorStore;
  /** The forms' signed timestamps (the minimum time to fill one in). */
  readonly tokens: FormTokens;
  /** The forms' per-address and per-e-mail limits. */
  readonly limits: FormLimitCounters;

  constructor(private readonly sources: FrontDoorSources) {
    this.store = new FrontDoorStore(sources.sqlite);
    this.tokens = sources.tokens;
    this.limits = sources.limits;
  }

  /** Now on the engine's clock: the forms' tokens and retention are dated by it. */
  now(): number {
    return this.sources.clock.now();
  }

  form(kind: FormKind): FrontDoorForm {
    return { kind, ...(this.store.formSettings(kind) ?? DEFAULT_FORM) };
  }

  setForm(kind: FormKind, input: FormSettings): FrontDoorForm {
    const settings = parseOrThrow(FormSettingsSchema, input, 'form');
    const ids = settings.custom.map((question) => question.id);
    if (new Set(ids).size !== ids.length)
      throw new AppError('validation_failed', 'form.custom: each question needs an id of its own', {
        details: { field: 'form.custom' },
      });
    for (const question of settings.custom)
      if (question.type === 'choice' && (question.options ?? []).length < 2)
        throw new AppError('validation_failed', `form.custom.${question.id}.options: a choice needs two options`, {
          details: { field: `form.custom.${question.id}.options` },
        });
    this.store.saveFormSettings(kind, settings, this.sources.clock.now());
    this.sources.changes.emit('applications');
    return this.form(kind);
  }

  /** Why the form refuses an application (for this animal, when given) now; undefined when it takes one. */
  closedReason(kind: FormKind, petId: number | null): ClosedReason | undefined {
    if (!this.form(kind).open) return 'form_closed';
    if (petId === null) return undefined;
    const pet = this.sources.pets.get(petId);
    if (!pet || pet.status === 'sold') return 'not_available';
    return this.store.paused(petId) ? 'paused' : undefined;
  }

  /** A visitor's submission, its answers checked against the form's questions; `consentShown` is the consent text as the page showed it. */
  receive(kind: FormKind, petId: number | null, input: SubmittedFields, consentShown: string): Submission {
    const fields = parseOrThrow(SubmittedFieldsSchema, input, 'submission');
    const form = this.form(kind);
    const closed = this.closedReason(kind, kind === 'apply' ? petId : null);
    if (closed) throw new AppError('conflict', `This form takes no application now (${closed}).`);
    const { answers, missing } = answersTo(form, fields.answers);
    if (missing.length > 0)
      throw new AppError('validation_failed', `answers: missing or not one of the choices: ${missing.join(', ')}`, {
        details: { field: `answers.${missing[0]}` },
      });
    const at = this.sources.clock.now();
    const id = this.store.transaction(() => {
      const inserted = this.store.insert(
        {
          kind,
          petId: kind === 'apply' ? petId : null,
          name: fields.name,
          email: fields.email,
          emailFolded: fields.email.toLowerCase(),
          phone: fields.phone || null,
          postcode: fields.postcode || null,
          answers,
          consentText: consentShown,
          retentionDays: form.retentionDays,
        },
        at,
      );
      this.sources.mail.submissionReceived(this.get(inserted));
      return inserted;
    });
    this.sources.changes.emit('applications');
    return this.get(id);
  }

  list(filter: SubmissionFilter = {}): Submission[] {
    this.sweep();
    return this.store.list(filter ?? {});
  }

  show(id: number): SubmissionDetails & { duplicates: PersonWarning[] } {
    this.sweep();
    const submission = this.get(id);
    return { ...submission, events: this.store.events(id), duplicates: this.duplicatesOf(submission) };
  }

  /** The duplicate question the register asks of a new person: e-mail, phone, name and postcode. */
  duplicatesOf(submission: Submission): PersonWarning[] {
    return this.sources.people.duplicatesOf(this.personFrom(submission));
  }

  linkPerson(id: number, personId: number): Submission {
    this.sources.people.get(personId);
    return this.change(id, () => ({ personId }));
  }

  /** Adds the visitor to the register from what they sent, and links the submission to them. */
  createPerson(id: number): { submission: Submission } & AddedPerson {
    const submission = this.get(id);
    const added = this.sources.people.add(this.personFrom(submission));
    return { ...added, submission: this.linkPerson(id, added.person.id) };
  }

  setState(id: number, to: SubmissionState, note?: string): Submission {
    if (to === 'approved' || to === 'home_visit' || to === 'new')
      throw new AppError('validation_failed', `to: ${to} is reached by its own action`, { details: { field: 'to' } });
    return this.change(id, (submission) => this.moveTo(submission, to, note ?? null));
  }

  /** Books the home visit for `at`, or by default for the same time on the next day. */
  bookVisit(id: number, at?: number): Submission {
    return this.change(id, (submission) => ({
      ...(submission.state === 'home_visit' ? {} : this.moveTo(submission, 'home_visit', null)),
      visitBookedFor: at ?? this.sources.clock.now() + DAY_MS,
    }));
  }

  recordVisit(id: number, notes: string, at?: number): Submission {
    return this.change(id, (submission) => {
      if (submission.state !== 'home_visit') throw stateConflict(submission, 'home_visit');
      return { visitDoneAt: at ?? this.sources.clock.now(), visitNotes: notes };
    });
  }

  /** Approves the application and reserves the animal for its person in the same step (the movements' own rules apply). */
  approve(id: number, by: Face): Submission {
    const submission = this.get(id);
    if (submission.kind !== 'apply' || CLOSED_STATES.includes(submission.state))
      throw stateConflict(submission, 'approved');
    if (submission.personId === null)
      throw new AppError('conflict', `Submission ${id} is linked to no person yet: link or add one first.`);
    if (submission.pet) this.sources.movements.reserve({ petId: submission.pet.id, personId: submission.personId }, by);
    return this.change(id, (current) => ({
      ...this.moveTo(current, 'approved', null, true),
      reservationMade: current.pet !== null,
    }));
  }

  /** Puts the application at `rank` among its animal's (1 first); the others keep their order around it. */
  rank(id: number, rank: number): PetApplications {
    const submission = this.get(id);
    const petId = submission.pet?.id;
    if (petId === undefined)
      throw new AppError('validation_failed', 'id: only an application for an animal has a rank', {
        details: { field: 'id' },
      });
    const at = this.sources.clock.now();
    this.store.transaction(() => {
      const others = this.store.list({ petId }).filter((other) => other.id !== id);
      const order = [...others.slice(0, rank - 1), submission, ...others.slice(rank - 1)];
      order.forEach((entry, index) => {
        if (entry.rank !== index + 1) this.store.update(entry.id, { rank: index + 1 }, at);
      });
    });
    this.sources.changes.emit('applications');
    return this.forPet(petId);
  }

  forPet(petId: number): PetApplications {
    const all = this.list({ petId, kind: 'apply' });
    return {
      petId,
      paused: this.store.paused(petId),
      waiting: all.filter((submission) => !CLOSED_STATES.includes(submission.state)),
      closed: all.filter((submission) => CLOSED_STATES.includes(submission.state)),
    };
  }

  pause(petId: number, paused: boolean): PetApplications {
    if (!this.sources.pets.get(petId))
      throw new AppError('not_found', `Pet ${petId} does not exist.`, { details: { missing: 'pet', petId } });
    if (this.store.setPaused(petId, paused, this.sources.clock.now())) {
      this.sources.changes.emit('applications');
      // The site's page says whether the animal takes applications.
      this.sources.changes.emit('pets');
    }
    return this.forPet(petId);
  }

  pausedPets(): ReadonlySet<number> {
    return this.store.pausedPets();
  }

  /** Deletes the declined and withdrawn submissions whose consent's period has passed (on the injected clock). */
  sweep(): number {
    const expired = this.store.expired(this.sources.retentionClock.now());
    if (expired.length === 0) return 0;
    const removed = this.store.transaction(() => this.store.remove(expired));
    this.sources.changes.emit('applications');
    return removed;
  }

  /** "Forget this person": every submission linked to them or sent from their e-mail goes, whole. */
  forgetPerson(person: Pick<Person, 'id' | 'email'>): number {
    const ids = this.store.ofPerson(person.id, person.email?.toLowerCase() ?? null);
    if (ids.length === 0) return 0;
    const removed = this.store.transaction(() => this.store.remove(ids));
    this.sources.changes.emit('applications');
    return removed;
  }

  private get(id: number): Submission {
    const submission = this.store.get(id);
    if (!submission)
      throw new AppError('not_found', `Submission ${id} does not exist.`, {
        details: { missing: 'submission', submissionId: id },
      });
    return submission;
  }

  private change(id: number, make: (submission: Submission) => Parameters<FrontDoorStore['update']>[1]): Submission {
    this.store.transaction(() => {
      const submission = this.get(id);
      this.store.update(id, make(submission), this.sources.clock.now());
      const after = this.get(id);
      if (after.state !== submission.state) this.sources.mail.submissionMoved(after);
    });
    this.sources.changes.emit('applications');
    return this.get(id);
  }

  private moveTo(submission: Submission, to: SubmissionState, note: string | null, approving = false) {
    const allowed = approving
      ? !EXPIRING_STATES.includes(submission.state)
      : NEXT_STATES[submission.state].includes(to);
    if (!allowed || submission.state === to) throw stateConflict(submission, to);
    const at = this.sources.clock.now();
    this.store.insertEvent(submission.id, at, submission.state, to, note);
    const closes = to === 'approved' || EXPIRING_STATES.includes(to);
    return { state: to, ...(closes ? { closedAt: at } : {}) };
  }

  private personFrom(submission: Submission) {
    return {
      name: submission.name,
      email: submission.email,
      phones: submission.phone ? [submission.phone] : [],
      postcode: submission.postcode,
      roles: [submission.kind === 'apply' ? ('adopter' as const) : ('foster' as const)],
    };
  }
}

/**
 * The form's questions answered from what was sent: each answer kept with the words it was asked in,
 * and the questions left unanswered though required, or answered with something not offered.
 */
export function answersTo(
  form: FormSettings,
  sent: Readonly<Record<string, string>>,
): { answers: Submission['answers']; missing: string[] } {
  const answers: Submission['answers'] = [];
  const missing: string[] = [];
  const take = (question: string, label: string, required: boolean, allowed?: readonly string[]) => {
    const answer = (sent[question] ?? '').trim();
    if (answer === '') {
      if (required) missing.push(question);
      return;
    }
    if (allowed && !allowed.includes(answer)) missing.push(question);
    else answers.push({ question, label, answer });
  };
  for (const { question, required } of form.standard) take(question, question, required);
  for (const question of form.custom)
    take(
      question.id,
      question.label,
      question.required,
      question.type === 'yesNo' ? ['yes', 'no'] : question.type === 'choice' ? question.options : undefined,
    );
  return { answers, missing };
}

function stateConflict(submission: Submission, to: SubmissionState): AppError {
  return new AppError('conflict', `Submission ${submission.id} is ${submission.state}: it cannot become ${to}.`);
}
