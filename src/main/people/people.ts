import type Database from 'better-sqlite3';
import type { Clock } from '../../shared/clock';
import { AppError } from '../../shared/errors';
import {
  NewPersonSchema,
  PeopleSearchSchema,
  PersonChangeSchema,
  type AddedPerson,
  type DuplicateMatch,
  type NewPerson,
  type PeopleSearch,
  type Person,
  type PersonChange,
  type PersonWarning,
} from '../../shared/people';
import { parseOrThrow } from '../../shared/validation';
import type { Changes } from '../db/changes';
import { assertVersion } from '../db/record-versions';
import { foldEmail, foldForSearch, foldPostcode, phoneDigits } from './folding';
import { PeopleStore, type PersonFields } from './store';

/** What a forgotten person's name becomes: the id stays, so counts and movements still add up. */
export const FORGOTTEN_NAME = 'Forgotten person';

const EMPTY_PERSON: Omit<PersonFields, 'name'> = {
  kind: 'person',
  roles: [],
  phones: [],
  email: null,
  address: null,
  postcode: null,
  idChecked: false,
  idCheckedWhat: null,
  notes: null,
  doNotAdopt: false,
  doNotAdoptReason: null,
  fosterApproved: false,
  fosterCapacity: null,
  fosterSpecies: [],
};

/** The fields a change gives: a key present with `undefined` (an option not used) leaves the field as it is. */
function given<T extends object>(change: T): Partial<T> {
  return Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/**
 * The register of people and organisations: add (with a warning on a likely duplicate, never a
 * refusal), change, search (case and accents folded), forget. Private by construction: only staff
 * faces reach this module (eslint.config.mjs keeps publishing/ and sites/ from importing it).
 */
export class PeopleService {
  private readonly store: PeopleStore;
  private readonly forgetting: ((person: Person) => void)[] = [];

  constructor(
    sqlite: Database.Database,
    private readonly clock: Clock,
    private readonly changes: Changes,
  ) {
    this.store = new PeopleStore(sqlite);
  }

  add(input: NewPerson): AddedPerson {
    const person = parseOrThrow(NewPersonSchema, input, 'person');
    const fields: PersonFields = { ...EMPTY_PERSON, ...given(person), name: person.name };
    const warnings = this.likelyDuplicates(fields);
    const added = this.store.insert(fields, this.clock.now());
    this.changes.emit('people');
    return { person: added, warnings };
  }

  /** The warnings adding this person would give, without adding: the window asks before it adds, so nothing is half-saved. */
  duplicatesOf(input: NewPerson): PersonWarning[] {
    const person = parseOrThrow(NewPersonSchema, input, 'person');
    return this.likelyDuplicates({ ...EMPTY_PERSON, ...given(person), name: person.name });
  }

  get(id: number): Person {
    const person = this.store.get(id);
    if (!person)
      throw new AppError('not_found', `Person ${id} does not exist.`, { details: { missing: 'person', personId: id } });
    return person;
  }

  /**
   * A field given sets it, `null` clears it; a forgotten person cannot be filled in again. With
   * `version`, a save from an older version of the person is refused (edit_conflict).
   */
  edit(id: number, input: PersonChange, version?: number): Person {
    const change = parseOrThrow(PersonChangeSchema, input, 'person');
    const edited = this.store.transaction(() => {
      const person = this.get(id);
      // Forgotten outranks a newer version: no way on but adding them again.
      if (person.forgottenAt !== null)
        throw new AppError('conflict', `Person ${id} was forgotten: add them again as a new person.`, {
          details: { reason: 'person_forgotten', personId: id },
        });
      assertVersion(`Person ${id}`, { current: person, version: person.version, updatedAt: person.updatedAt }, version);
      const fields: PersonFields = { ...person, ...given(change) };
      if (fields.doNotAdopt && !fields.doNotAdoptReason)
        throw new AppError('validation_failed', 'doNotAdoptReason: must say why when doNotAdopt is set', {
          details: { field: 'doNotAdoptReason' },
        });
      if (!fields.doNotAdopt) fields.doNotAdoptReason = null;
      this.store.update(id, fields, this.clock.now());
      return this.get(id);
    });
    this.changes.emit('people');
    return edited;
  }

  search(input: PeopleSearch = {}): { people: Person[]; total: number } {
    const query = parseOrThrow(PeopleSearchSchema, input, 'query');
    return this.store.search({ ...query, limit: query.limit ?? 50, offset: query.offset ?? 0 });
  }

  /** "Forget this person": name, contacts, address, notes and the reasons written about them go; the id and every movement stay. */
  forget(id: number): Person {
    const person = this.get(id);
    if (person.forgottenAt === null) {
      const now = this.clock.now();
      this.store.transaction(() => {
        for (const listener of this.forgetting) listener(person);
        this.store.forget(id, FORGOTTEN_NAME, now);
      });
      this.changes.emit('people');
    }
    return this.get(id);
  }

  /** What else the person's forgetting takes with it (their front-door submissions), in the same transaction. */
  onForget(listener: (person: Person) => void): void {
    this.forgetting.push(listener);
  }

  /** Everyone, forgotten people included (as they are now), for the staff backup. */
  all(): Person[] {
    return this.store.all();
  }

  /** Same email, same phone (its digits), or same name and postcode (case and accents folded). */
  private likelyDuplicates(fields: PersonFields): PersonWarning[] {
    const found = new Map<number, { person: Person; matched: Set<DuplicateMatch> }>();
    const add = (people: Person[], match: DuplicateMatch) => {
      for (const person of people) {
        const entry = found.get(person.id) ?? { person, matched: new Set<DuplicateMatch>() };
        entry.matched.add(match);
        found.set(person.id, entry);
      }
    };
    const email = foldEmail(fields.email);
    if (email) add(this.store.withEmail(email), 'email');
    for (const phone of fields.phones) {
      const digits = phoneDigits(phone);
      if (digits.length > 0) add(this.store.withPhoneDigits(digits), 'phone');
    }
    const postcode = foldPostcode(fields.postcode);
    if (postcode) add(this.store.withNameAndPostcode(foldForSearch(fields.name), postcode), 'name_postcode');
    return [...found.values()].map(({ person, matched }) => ({
      kind: 'possible_duplicate',
      personId: person.id,
      name: person.name,
      matched: [...matched],
    }));
  }
}
