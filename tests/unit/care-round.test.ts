/** A vaccination round: several animals given their dose in one step, all or nothing. */
import { describe, expect, it } from 'vitest';
import { detailsOf, isAppError } from '../../src/shared/errors';
import { type Engine } from '../../src/main/engine/engine';
import { useTempEngine } from '../helpers/temp-engine';
import { thrownBy } from '../helpers/thrown';

const T0 = Date.UTC(2026, 5, 10, 12, 0, 0);

let engine: Engine;

useTempEngine(T0, (made) => ({ engine } = made));

const care = () => engine.services.care;
const dog = (name: string) =>
  engine.services.movements.intake({ pet: { name, categoryId: 1 }, type: 'stray', at: '2026-06-10' }, 'cli').petId;
const cat = (name: string) =>
  engine.services.movements.intake({ pet: { name, categoryId: 2 }, type: 'stray', at: '2026-06-10' }, 'cli').petId;
/** Everything the care tables hold, to compare before and after a refused round. */
const snapshot = () => JSON.stringify(care().store.exportAll());

describe('a round from the due list', () => {
  it('gives every animal its waiting dose with its vaccine’s batch, by whom and which vet, in one step', () => {
    const dogs = ['Ace', 'Bea', 'Cob'].map(dog);
    const cats = ['Dot', 'Eve'].map(cat);
    const vet = engine.services.people.add({ name: 'Dr Vera Vet', roles: ['vet'] }).person.id;
    const due = care().dueList({ utcOffsetMinutes: 0 });
    // Rabies too: their age is unknown, so it is due at intake.
    expect(due.dueToday.map((row) => `${row.petName} ${row.dose.vaccine}`)).toEqual([
      'Ace DHPP',
      'Ace Rabies',
      'Bea DHPP',
      'Bea Rabies',
      'Cob DHPP',
      'Cob Rabies',
      'Dot FVRCP',
      'Dot Rabies',
      'Eve FVRCP',
      'Eve Rabies',
    ]);
    const batch: Record<string, string> = { DHPP: 'DH-2231', FVRCP: 'FV-778', Rabies: 'RB-55' };
    const round = care().give(
      {
        doses: due.dueToday.map((row) => ({
          petId: row.dose.petId,
          vaccine: row.dose.vaccine,
          doseId: row.dose.id,
          batch: batch[row.dose.vaccine] ?? '',
          manufacturer: 'Zoetis',
        })),
        givenBy: 'Sam (kennel staff)',
        vetId: vet,
      },
      'window',
    );
    expect(round.doses).toHaveLength(10);
    expect(round.doses[6]).toMatchObject({
      petId: cats[0],
      vaccine: 'FVRCP',
      status: 'given',
      givenDate: '2026-06-10',
      batch: 'FV-778',
      manufacturer: 'Zoetis',
      givenBy: 'Sam (kennel staff)',
      vet: { id: vet, name: 'Dr Vera Vet' },
    });
    const after = care().dueList({ utcOffsetMinutes: 0 });
    expect(after.dueToday).toEqual([]);
    expect(after.overdue).toEqual([]);
    expect(after.soon.map((row) => `${row.petName} ${row.dose.vaccine} ${row.dose.dueDate}`)).toEqual([]);
    expect(
      care()
        .dueList({ utcOffsetMinutes: 0, days: 21 })
        .soon.map((row) => row.petName),
    ).toEqual(['Ace', 'Bea', 'Cob', 'Dot', 'Eve']);
    expect(care().record(dogs[0] ?? 0).history[0]).toMatchObject({
      kind: 'dose_given',
      by: 'window',
      details: { vaccine: 'Rabies', batch: 'RB-55', scheduled: true, round: 10 },
    });
    expect(care().upToDate(dogs[0] ?? 0)).toBe(true);
  });

  it('one refusal and nothing of the round is recorded: a dose given twice (a double click) names its rule and its animal', () => {
    const [ace, bea, cob] = ['Ace', 'Bea', 'Cob'].map(dog);
    const waiting = (petId: number | undefined) =>
      care()
        .record(petId ?? 0)
        .doses.find((dose) => dose.vaccine === 'DHPP' && dose.status === 'scheduled');
    const beaDose = waiting(bea);
    care().give({ doses: [{ petId: bea ?? 0, vaccine: 'DHPP', batch: 'L1', doseId: beaDose?.id }] }, 'cli');
    const before = snapshot();
    const error = thrownBy(() =>
      care().give(
        {
          doses: [
            { petId: ace ?? 0, vaccine: 'DHPP', batch: 'L1', doseId: waiting(ace)?.id },
            { petId: bea ?? 0, vaccine: 'DHPP', batch: 'L1', doseId: beaDose?.id },
            { petId: cob ?? 0, vaccine: 'DHPP', batch: 'L1', doseId: waiting(cob)?.id },
          ],
        },
        'window',
      ),
    );
    expect(detailsOf(error, 'conflict')).toEqual({
      reason: 'dose_not_waiting',
      doseId: beaDose?.id,
      petId: bea,
      status: 'given',
    });
    expect(snapshot()).toBe(before);
  });

  it('the same vaccine given to an animal twice on one day is refused (without a dose named), and nothing else is written', () => {
    const [ace, bea] = ['Ace', 'Bea'].map(dog);
    care().give({ doses: [{ petId: bea ?? 0, vaccine: 'Bordetella', batch: 'B1' }] }, 'cli');
    const before = snapshot();
    const error = thrownBy(() =>
      care().give(
        {
          doses: [
            { petId: ace ?? 0, vaccine: 'Bordetella', batch: 'B1' },
            { petId: bea ?? 0, vaccine: 'bordetella', batch: 'B1' },
          ],
        },
        'cli',
      ),
    );
    expect(detailsOf(error, 'conflict')).toMatchObject({
      reason: 'already_given',
      petId: bea,
      vaccine: 'Bordetella',
      givenDate: '2026-06-10',
    });
    expect(snapshot()).toBe(before);
  });

  it('a missing animal, a dose of another animal, a day in the future or a forgotten vet: refused before anything is written', () => {
    const [ace, bea] = ['Ace', 'Bea'].map(dog);
    const before = snapshot();
    expect(
      detailsOf(
        thrownBy(() =>
          care().give(
            {
              doses: [
                { petId: ace ?? 0, vaccine: 'DHPP', batch: 'L' },
                { petId: 999, vaccine: 'DHPP', batch: 'L' },
              ],
            },
            'cli',
          ),
        ),
        'not_found',
      ),
    ).toEqual({ missing: 'pet', petId: 999 });
    const beaDose = care().record(bea ?? 0).doses[0]?.id ?? 0;
    expect(
      detailsOf(
        thrownBy(() =>
          care().give({ doses: [{ petId: ace ?? 0, vaccine: 'DHPP', batch: 'L', doseId: beaDose }] }, 'cli'),
        ),
        'conflict',
      ),
    ).toMatchObject({ reason: 'dose_mismatch', doseId: beaDose, petId: ace });
    expect(
      detailsOf(
        thrownBy(() =>
          care().give({ doses: [{ petId: ace ?? 0, vaccine: 'DHPP', batch: 'L' }], givenDate: '2026-06-12' }, 'cli'),
        ),
        'conflict',
      ),
    ).toEqual({ reason: 'care_date_in_future', date: '2026-06-12', today: '2026-06-10' });
    const vet = engine.services.people.add({ name: 'Dr Gone' }).person.id;
    engine.services.people.forget(vet);
    expect(
      detailsOf(
        thrownBy(() => care().give({ doses: [{ petId: ace ?? 0, vaccine: 'DHPP', batch: 'L' }], vetId: vet }, 'cli')),
        'conflict',
      ),
    ).toEqual({ reason: 'person_forgotten', personId: vet });
    const twice = thrownBy(() =>
      care().give(
        {
          doses: [
            { petId: ace ?? 0, vaccine: 'DHPP', batch: 'L' },
            { petId: ace ?? 0, vaccine: 'dhpp', batch: 'M' },
          ],
        },
        'cli',
      ),
    );
    expect(isAppError(twice) && twice.code).toBe('validation_failed');
    expect(snapshot()).toBe(before);
  });
});

describe('treatments and tests', () => {
  it('records a test with its result and a spay once; the profile says spayed/neutered; a result on a treatment is refused', () => {
    const ace = dog('Ace');
    care().addTreatment({ petId: ace, kind: 'heartworm_test', product: 'SNAP 4Dx', result: 'negative' }, 'cli');
    care().addTreatment(
      { petId: ace, kind: 'spay_neuter', givenDate: '2026-06-09', notes: 'PRIVATE: small hernia repaired' },
      'window',
    );
    expect(engine.services.petProfiles.get(ace).spayedNeutered).toBe(true);
    const record = care().record(ace);
    expect(record).toMatchObject({ spayNeuterDate: '2026-06-09' });
    expect(record.treatments.map((each) => `${each.kind} ${each.givenDate} ${each.result}`)).toEqual([
      'heartworm_test 2026-06-10 negative',
      'spay_neuter 2026-06-09 null',
    ]);
    expect(
      detailsOf(
        thrownBy(() => care().addTreatment({ petId: ace, kind: 'spay_neuter' }, 'cli')),
        'conflict',
      ),
    ).toMatchObject({ reason: 'already_spayed_neutered', givenDate: '2026-06-09' });
    expect(
      isAppError(thrownBy(() => care().addTreatment({ petId: ace, kind: 'deworming', result: 'positive' }, 'cli'))),
    ).toBe(true);
    const test = record.treatments[0]?.id ?? 0;
    expect(care().editTreatment(test, { result: 'inconclusive' }, 'window')).toMatchObject({ result: 'inconclusive' });
    expect(care().record(ace).history[0]).toMatchObject({
      kind: 'treatment_edited',
      by: 'window',
      details: { fields: { result: { from: 'negative', to: 'inconclusive' } } },
    });
  });
});
