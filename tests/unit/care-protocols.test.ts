/** Protocols schedule each animal's doses at intake from its age, on a real engine over SQLite in a temp dir. */
import { describe, expect, it } from 'vitest';
import { ageDueDate, planDoses, SHIPPED_PROTOCOLS } from '../../src/shared/care';
import { type ManualClock } from '../../src/shared/clock';
import { type Engine } from '../../src/main/engine/engine';
import { useTempEngine } from '../helpers/temp-engine';

// Noon UTC: the same calendar day wherever the test machine's zone is (within ±11 h).
const T0 = Date.UTC(2026, 5, 1, 12, 0, 0);
const DAY = 86_400_000;

let clock: ManualClock;
let engine: Engine;

useTempEngine(T0, (made) => ({ engine, clock } = made));

const services = () => engine.services;
const DOGS = 1;
const CATS = 2;
const RABBITS = 3;
/** The waiting doses as "vaccine dueDate" lines, earliest first. */
const waiting = (petId: number) =>
  services()
    .care.record(petId)
    .doses.filter((dose) => dose.status === 'scheduled')
    .map((dose) => `${dose.vaccine} ${dose.dueDate}${dose.followsAge ? ' (age)' : ''}`);

describe('planDoses (pure)', () => {
  it('intake steps count days from the intake; an age step falls at that age, never before the intake', () => {
    expect(planDoses(SHIPPED_PROTOCOLS.dog, '2026-06-01', '2026-04-01')).toEqual([
      { step: 0, vaccine: 'DHPP', dueDate: '2026-06-01', atAgeWeeks: null },
      { step: 1, vaccine: 'DHPP', dueDate: '2026-06-22', atAgeWeeks: null },
      // 2026-04-01 + 112 days
      { step: 2, vaccine: 'Rabies', dueDate: '2026-07-22', atAgeWeeks: 16 },
    ]);
    expect(planDoses(SHIPPED_PROTOCOLS.cat, '2026-06-01', '2020')[2]).toEqual({
      step: 2,
      vaccine: 'Rabies',
      dueDate: '2026-06-01',
      atAgeWeeks: 16,
    });
  });

  it('a step after intake waits for its minimum age, and the booster keeps its interval from the first dose', () => {
    // Born 2026-05-25: 6 weeks on 2026-07-06, 16 weeks on 2026-09-14.
    expect(planDoses(SHIPPED_PROTOCOLS.cat, '2026-06-01', '2026-05-25')).toEqual([
      { step: 0, vaccine: 'FVRCP', dueDate: '2026-07-06', atAgeWeeks: 6, notBefore: '2026-06-01' },
      { step: 1, vaccine: 'FVRCP', dueDate: '2026-07-27', atAgeWeeks: null },
      { step: 2, vaccine: 'Rabies', dueDate: '2026-09-14', atAgeWeeks: 16 },
    ]);
    expect(SHIPPED_PROTOCOLS.dog.filter((step) => step.vaccine === 'DHPP').map((step) => step.minAgeWeeks)).toEqual([
      6, 6,
    ]);
  });

  it('an estimate counts from the middle of what it names; an unknown age is due at intake', () => {
    expect(ageDueDate(16, '2026-01-01', '2026-03')).toBe('2026-07-05');
    expect(ageDueDate(16, '2026-01-01', '2026')).toBe('2026-10-21');
    expect(ageDueDate(16, '2026-06-01', undefined)).toBe('2026-06-01');
  });
});

describe('scheduling at intake', () => {
  it('a puppy: DHPP at intake and three weeks later, rabies at 16 weeks of age', () => {
    const pet = services().pets.create({ name: 'Pip', categoryId: DOGS });
    services().petProfiles.set(pet.id, { birthDate: '2026-04-01' });
    services().movements.intake({ petId: pet.id, type: 'stray' }, 'cli');
    expect(waiting(pet.id)).toEqual(['DHPP 2026-06-01', 'DHPP 2026-06-22', 'Rabies 2026-07-22 (age)']);
    const history = services().care.record(pet.id).history;
    expect(history).toHaveLength(3);
    expect(history[0]).toMatchObject({ kind: 'dose_scheduled', by: 'cli', recordedAt: T0 });
  });

  it('an adult cat: FVRCP at intake and three weeks later, rabies at intake (older than 16 weeks)', () => {
    const stay = services().movements.intake(
      { pet: { name: 'Miso', categoryId: CATS }, type: 'owner_surrender', at: '2026-05-30' },
      'window',
    );
    services().petProfiles.set(stay.petId, { birthDate: '2021-02' });
    expect(waiting(stay.petId)).toEqual(['FVRCP 2026-05-30', 'Rabies 2026-05-30 (age)', 'FVRCP 2026-06-20']);
  });

  it('an age step follows the birth date entered after the intake, until staff set a due date by hand', () => {
    const stay = services().movements.intake({ pet: { name: 'Dot', categoryId: DOGS }, type: 'stray' }, 'cli');
    expect(waiting(stay.petId)).toContain('Rabies 2026-06-01 (age)');
    services().petProfiles.set(stay.petId, { birthDate: '2026-05-01' });
    expect(waiting(stay.petId)).toContain('Rabies 2026-08-21 (age)');
    const rabies = services()
      .care.record(stay.petId)
      .doses.find((dose) => dose.vaccine === 'Rabies');
    services().care.editDose(rabies?.id ?? 0, { dueDate: '2026-09-01' }, 'window');
    services().petProfiles.set(stay.petId, { birthDate: '2026-01-01' });
    expect(waiting(stay.petId)).toContain('Rabies 2026-09-01');
    expect(services().care.record(stay.petId).history[0]).toMatchObject({
      kind: 'dose_edited',
      by: 'window',
      details: { fields: { dueDate: { from: null, to: '2026-09-01' } } },
    });
  });

  it('a category without a shipped protocol schedules nothing; staff can give it one, and set a dog category back to the default', () => {
    const rabbit = services().movements.intake({ pet: { name: 'Clover', categoryId: RABBITS }, type: 'stray' }, 'cli');
    expect(waiting(rabbit.petId)).toEqual([]);
    expect(
      services()
        .care.protocols.list()
        .find((each) => each.categoryId === RABBITS),
    ).toMatchObject({ steps: [], shipped: true });
    services().care.protocols.set({ categoryId: RABBITS, steps: [{ vaccine: 'RHDV2', afterIntakeDays: 7 }] });
    const second = services().movements.intake({ pet: { name: 'Thistle', categoryId: RABBITS }, type: 'stray' }, 'cli');
    expect(waiting(second.petId)).toEqual(['RHDV2 2026-06-08']);
    services().care.protocols.set({ categoryId: DOGS, steps: [] });
    expect(
      waiting(services().movements.intake({ pet: { name: 'None', categoryId: DOGS }, type: 'stray' }, 'cli').petId),
    ).toEqual([]);
    expect(services().care.protocols.set({ categoryId: DOGS, steps: null })).toMatchObject({
      shipped: true,
      steps: SHIPPED_PROTOCOLS.dog,
    });
  });

  it('an animal back from adoption keeps a rabies still valid and a dose already waiting', () => {
    const stay = services().movements.intake({ pet: { name: 'Rex', categoryId: DOGS }, type: 'stray' }, 'cli');
    const dhpp = services()
      .care.record(stay.petId)
      .doses.filter((dose) => dose.vaccine === 'DHPP');
    services().care.give(
      { doses: [{ petId: stay.petId, vaccine: 'Rabies', batch: 'R-1', expiresDate: '2029-06-01' }] },
      'cli',
    );
    services().care.give({ doses: [{ petId: stay.petId, vaccine: 'DHPP', batch: 'D-1', doseId: dhpp[0]?.id }] }, 'cli');
    const adopter = services().people.add({ name: 'Ada' }).person.id;
    clock.advance(DAY);
    services().movements.adopt({ petId: stay.petId, personId: adopter, fee: 100, feeMethod: 'card' }, 'cli');
    clock.advance(10 * DAY);
    services().movements.returnAfterAdoption({ petId: stay.petId, reason: 'allergies' }, 'cli');
    // The second DHPP still waited: nothing new; rabies given with a 2029 expiry: not again.
    expect(waiting(stay.petId)).toEqual(['DHPP 2026-06-22']);
  });

  it('a kitten born in care is not vaccinated at day 0: FVRCP at 6 weeks, its booster 3 weeks later, rabies at 16 weeks', () => {
    const stay = services().movements.intake(
      { pet: { name: 'Newborn', categoryId: CATS }, type: 'born_in_care' },
      'cli',
    );
    expect(waiting(stay.petId)).toEqual(['FVRCP 2026-07-13', 'FVRCP 2026-08-03', 'Rabies 2026-09-21']);
    expect(
      services()
        .care.dueList({ utcOffsetMinutes: 0 })
        .dueToday.filter((row) => row.dose.petId === stay.petId),
    ).toEqual([]);
  });

  it('a puppy of two weeks taken in as a stray: DHPP when it is 6 weeks old, following its birth date', () => {
    const pet = services().pets.create({ name: 'Tiny', categoryId: DOGS });
    services().petProfiles.set(pet.id, { birthDate: '2026-05-18' });
    services().movements.intake({ petId: pet.id, type: 'stray' }, 'cli');
    expect(waiting(pet.id)).toEqual(['DHPP 2026-06-29 (age)', 'DHPP 2026-07-20', 'Rabies 2026-09-07 (age)']);
    services().petProfiles.set(pet.id, { birthDate: '2026-05-11' });
    expect(waiting(pet.id)[0]).toBe('DHPP 2026-06-22 (age)');
  });

  it('a refused intake schedules nothing (the same transaction)', () => {
    const stay = services().movements.intake({ pet: { name: 'Bo', categoryId: DOGS }, type: 'stray' }, 'cli');
    expect(() => services().movements.intake({ petId: stay.petId, type: 'stray' }, 'cli')).toThrow(/in care already/);
    expect(waiting(stay.petId)).toHaveLength(3);
  });
});
