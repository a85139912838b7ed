/** The CLI's `applications` commands over the same services, in-process: list, show with the duplicate question, link, state, approve, waiting, pause. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { runCliInProcess } from '../helpers/cli-in-process';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let dataDir: string;
let petId: number;
let personId: number;

beforeAll(() => {
  dataDir = makeTempDir();
  const engine = new Engine({ dataDir, environment: 'production' });
  try {
    const { services } = engine;
    petId = services.movements.intake({ pet: { name: 'Noisette', categoryId: 1 }, type: 'stray' }, 'cli').petId;
    services.pets.changeStatus(petId, 'available');
    personId = services.people.add({ name: 'Quentin Marmelade', email: 'quentin@marmelade.example' }).person.id;
    services.frontDoor.receive(
      'apply',
      petId,
      {
        name: 'Quentin Marmelade',
        email: 'quentin@marmelade.example',
        phone: null,
        postcode: null,
        answers: { household: 'two' },
      },
      'consent',
    );
  } finally {
    engine.close();
  }
});

afterAll(() => removeTempDir(dataDir));

it('lists, shows the duplicate question, links, reviews and approves an application; pauses the animal', async () => {
  const list = await runCliInProcess(dataDir, ['applications', 'list']);
  expect(list.code).toBe(0);
  expect(list.stdout).toContain('Quentin Marmelade');
  const shown = await runCliInProcess(dataDir, ['applications', 'show', '1']);
  expect(shown.stderr + shown.stdout).toContain(`May be person ${personId}`);
  expect((await runCliInProcess(dataDir, ['applications', 'link', '1', '--person', String(personId)])).code).toBe(0);
  expect((await runCliInProcess(dataDir, ['applications', 'state', '1', 'in_review'])).code).toBe(0);
  const approved = await runCliInProcess(dataDir, ['--json', 'applications', 'approve', '1']);
  expect(approved.code).toBe(0);
  expect(JSON.parse(approved.stdout)).toMatchObject({ state: 'approved', reservationMade: true });
  const refused = await runCliInProcess(dataDir, ['applications', 'state', '1', 'in_review']);
  expect(refused.code).toBe(1);
  expect((await runCliInProcess(dataDir, ['applications', 'pause', String(petId)])).stdout).toContain('true');
  expect((await runCliInProcess(dataDir, ['applications', 'waiting', String(petId)])).code).toBe(0);
});
