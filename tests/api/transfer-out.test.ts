/**
 * A transfer out records where the animal went: how far (the same three as a transfer in's origin)
 * and, optionally, the receiving organisation. Through the engine, the admin channel over browser
 * mode's HTTP transport (its audit entry keeping the input as given), and the CLI in-process; every
 * refusal is `validation_failed` naming its rule in `details`, with nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/shared/audit';
import { detailsOf } from '../../src/shared/errors';
import {
  RECEIVING_ORGANISATION_MAX,
  type AnimalRecord,
  type OutcomeInput,
  type Stay,
} from '../../src/shared/movements';
import type { Engine } from '../../src/main/engine/engine';
import { startAdminHarness, type AdminHarness } from '../helpers/admin-host';
import { adminClient, harnessOrigin, overHttp } from '../helpers/admin-client';
import { runCliInProcess } from '../helpers/cli-in-process';

const TOKEN = 'test-token-transfer-out-0123456789abcdefghij';
const environment = 'production';

let harness: AdminHarness;
let engine: Engine;

beforeAll(async () => {
  harness = await startAdminHarness(TOKEN);
  engine = harness.host.engine(environment);
});

afterAll(async () => {
  await harness.stop();
});

const inCare = (name: string) =>
  engine.services.movements.intake({ pet: { name, categoryId: 1 }, type: 'stray' }, 'cli').petId;

/** The refusal's code and details, or what happened instead. */
function refusal(input: OutcomeInput): unknown {
  try {
    engine.services.movements.outcome(input, 'cli');
  } catch (error) {
    return { code: (error as { code?: string }).code, details: detailsOf(error, 'validation_failed') };
  }
  return 'recorded';
}

describe('the engine', () => {
  it('stores the destination and the organisation (trimmed) on the stay, and in the outcome’s history entry', () => {
    const petId = inCare('Juniper');
    const stay = engine.services.movements.outcome(
      {
        petId,
        type: 'transfer_out',
        transferTo: 'out_of_state',
        receivingOrganisation: '  Northside Rescue  ',
        reason: 'space for puppies',
      },
      'cli',
    );
    expect(stay).toMatchObject({
      outcomeType: 'transfer_out',
      transferTo: 'out_of_state',
      receivingOrganisation: 'Northside Rescue',
      outcomeReason: 'space for puppies',
    });
    const record = engine.services.shelterDay.record(petId);
    expect(record.stays[0]).toMatchObject({ transferTo: 'out_of_state', receivingOrganisation: 'Northside Rescue' });
    expect(record.events.find((event) => event.kind === 'outcome')?.details).toEqual({
      reason: 'space for puppies',
      transferTo: 'out_of_state',
      receivingOrganisation: 'Northside Rescue',
    });
    // The organisation is optional; other outcomes record no destination.
    expect(
      engine.services.movements.outcome({ petId: inCare('Sorrel'), type: 'transfer_out', transferTo: 'abroad' }, 'cli'),
    ).toMatchObject({ transferTo: 'abroad', receivingOrganisation: null });
    expect(engine.services.movements.outcome({ petId: inCare('Basil'), type: 'return_to_owner' }, 'cli')).toMatchObject(
      { transferTo: null, receivingOrganisation: null },
    );
  });

  it('refuses a transfer out without where it went, a destination that is none of the three, and a destination on another outcome; nothing is written', () => {
    const petId = inCare('Thyme');
    expect(refusal({ petId, type: 'transfer_out', receivingOrganisation: 'Northside Rescue' })).toEqual({
      code: 'validation_failed',
      details: { field: 'transferTo', reason: 'transfer_destination_missing' },
    });
    expect(refusal({ petId, type: 'transfer_out', transferTo: 'mars' as 'abroad' })).toEqual({
      code: 'validation_failed',
      details: { field: 'transferTo', reason: 'transfer_destination_unknown' },
    });
    expect(refusal({ petId, type: 'died_in_care', transferTo: 'in_state' })).toEqual({
      code: 'validation_failed',
      details: { field: 'transferTo', reason: 'transfer_destination_not_transfer' },
    });
    expect(refusal({ petId, type: 'lost_in_care', receivingOrganisation: 'Northside Rescue' })).toEqual({
      code: 'validation_failed',
      details: { field: 'receivingOrganisation', reason: 'transfer_destination_not_transfer' },
    });
    expect(
      refusal({
        petId,
        type: 'transfer_out',
        transferTo: 'in_state',
        receivingOrganisation: 'x'.repeat(RECEIVING_ORGANISATION_MAX + 1),
      }),
    ).toMatchObject({ code: 'validation_failed' });
    expect(
      refusal({ petId, type: 'transfer_out', transferTo: 'in_state', receivingOrganisation: '   ' }),
    ).toMatchObject({ code: 'validation_failed' });
    expect(engine.services.shelterDay.record(petId)).toMatchObject({
      openStay: { outcomeType: null },
      pet: { status: 'available' },
    });
  });
});

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- an Error body or the channel's value
  body: any;
}

/** The window's calls with the desk's token, in `environment` unless they say otherwise. */
const admin = adminClient(
  overHttp(
    harnessOrigin(() => harness),
    TOKEN,
  ),
  { defaults: { environment }, auth: { token: true } },
);
const send = (channel: string, input: Record<string, unknown>): Promise<Answer> =>
  admin.raw<Answer['body']>(channel, input);

describe('the admin channel', () => {
  it('takes the destination, refuses its absence as an Error body with the rule, and the audit entry keeps the input as given', async () => {
    const petId = inCare('Rosemary');
    expect(await send('movements.outcome', { outcome: { petId, type: 'transfer_out' } })).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', details: { field: 'transferTo', reason: 'transfer_destination_missing' } },
    });
    const outcome = { petId, type: 'transfer_out', transferTo: 'in_state', receivingOrganisation: 'Valley Cats' };
    const answer = await send('movements.outcome', { outcome });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body as Stay).toMatchObject({ transferTo: 'in_state', receivingOrganisation: 'Valley Cats' });
    const record = (await send('movements.record', { petId })).body as AnimalRecord;
    expect(record.events.find((event) => event.kind === 'outcome')).toMatchObject({
      by: 'window',
      details: { transferTo: 'in_state', receivingOrganisation: 'Valley Cats' },
    });
    const trail = (await send('audit.list', { filter: { channel: 'movements.outcome' } })).body as AuditEntry[];
    expect(trail).toEqual([
      expect.objectContaining({ channel: 'movements.outcome', input: expect.objectContaining({ outcome }) }),
    ]);
  });
});

/** Runs the program in-process over the harness's data dir: what it wrote, and its exit code. */
const cli = (...args: string[]) => runCliInProcess(harness.dataDir, args);

describe('the CLI', () => {
  it('outcome --transfer-to and --organisation; without --transfer-to it says which flag to give', async () => {
    const pet = String(inCare('Saffron'));
    const refused = await cli('outcome', pet, '--type', 'transfer_out', '--organisation', 'Hill Farm Rescue');
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('--transfer-to: is required for a transfer out');
    expect(refused.stderr).toContain('say where it went: --transfer-to in_state|out_of_state|abroad.');
    const unknown = await cli('outcome', pet, '--type', 'transfer_out', '--transfer-to', 'overseas');
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toMatch(/--transfer-to <where>.*overseas.*in_state, out_of_state, abroad/s);
    const done = await cli(
      '--json',
      'outcome',
      pet,
      '--type',
      'transfer_out',
      '--transfer-to',
      'abroad',
      '--organisation',
      'Hill Farm Rescue',
    );
    expect(done.code, done.stderr).toBe(0);
    expect(JSON.parse(done.stdout) as Stay).toMatchObject({
      outcomeType: 'transfer_out',
      transferTo: 'abroad',
      receivingOrganisation: 'Hill Farm Rescue',
    });
    expect(
      engine.services.shelterDay.record(Number(pet)).events.find((event) => event.kind === 'outcome'),
    ).toMatchObject({ by: 'cli', details: { transferTo: 'abroad' } });
    // The table shows the destination of a transfer out.
    const table = await cli(
      'outcome',
      String(inCare('Clove')),
      '--type',
      'transfer_out',
      '--transfer-to',
      'in_state',
      '--organisation',
      'Valley Cats',
    );
    expect(table.stdout).toMatch(/transfer_out.*in_state +Valley Cats/);
  });
});
