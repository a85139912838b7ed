/**
 * Returns and foster placements signed as the adoption contract is: the agreement printed in the
 * shelter's language with its own title and terms, the person who brought the animal back (or the
 * foster carer) on the signer's line, kept byte for byte, accepted by `contract verify` and refused
 * with one byte changed; signed once (a foster agreement once per placement), and mailed to the signer.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { ManualClock } from '../../src/shared/clock';
import { runCliInProcess } from '../helpers/cli-in-process';
import { POPPLER_MISSING, pdfText } from '../helpers/pdf-render';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let engine: Engine;
let dataDir: string;
let clock: ManualClock;
const DAY = 86_400_000;

beforeEach(() => {
  dataDir = makeTempDir('contract-agreements');
  clock = new ManualClock(Date.UTC(2026, 11, 1, 9));
  engine = new Engine({ dataDir, environment: 'production', clock });
  engine.services.shelter.set({ name: 'Refuge de Lyon', currency: 'EUR', language: 'fr' });
});
afterEach(() => {
  engine.close();
  removeTempDir(dataDir);
});

async function hand(): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><path d="M20 150 C 80 20, 140 20, 180 140 S 300 180, 340 60" stroke="#0b2a6f" stroke-width="6" fill="none"/></svg>`;
  return (await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64');
}

function noisette() {
  const { people, movements } = engine.services;
  const stay = movements.intake({ pet: { name: 'Noisette', categoryId: 1 }, type: 'stray' }, 'cli');
  return { petId: stay.petId, stayId: stay.id, people, movements };
}

async function verified(pdf: Buffer): Promise<{ accepted: string; changed: number | null }> {
  const file = path.join(dataDir, 'agreement.pdf');
  fs.writeFileSync(file, pdf);
  const accepted = await runCliInProcess(dataDir, ['contract', 'verify', file]);
  const copy = Buffer.from(pdf);
  copy[copy.length >> 1] = copy[copy.length >> 1]! ^ 1;
  fs.writeFileSync(file, copy);
  const changed = await runCliInProcess(dataDir, ['contract', 'verify', file]);
  expect(accepted.code).toBe(0);
  return { accepted: accepted.stdout, changed: changed.code };
}

it('a return: the agreement in French with its own terms, signed by who brought Noisette back, verified, mailed to them', async () => {
  const { petId, stayId, people, movements } = noisette();
  const helene = people.add({ name: 'Hélène Dupré', email: 'helene@example.test' }).person.id;
  movements.adopt({ petId, personId: helene, fee: 150, feeMethod: 'card' }, 'cli');
  clock.advance(30 * DAY);
  const back = movements.returnAfterAdoption({ petId, reason: 'Allergie dans la famille' }, 'cli');
  expect(back.id).not.toBe(stayId);
  const { contracts, outbox } = engine.services;

  await expect(contracts.sign({ stayId, kind: 'return', signaturePng: await hand() }, null)).rejects.toMatchObject({
    code: 'conflict',
  });
  const signed = await contracts.sign({ stayId: back.id, kind: 'return', signaturePng: await hand() }, null);
  expect(signed).toMatchObject({ kind: 'return', signerName: 'Hélène Dupré', placementId: null });
  expect(signed.fileName).toMatch(/^signed-return-agreement-noisette-\d+-\d+\.pdf$/);
  const { pdf } = contracts.pdf(signed.id);
  if (!POPPLER_MISSING) {
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    expect(text).toContain('Accord de retour');
    expect(text).toContain('La personne qui rend l’animal');
    expect(text).toContain('Allergie dans la famille');
    expect(text).toContain('renonce à tout droit');
    expect(text).not.toContain('Frais d’adoption');
  }
  const verdict = await verified(pdf);
  expect(verdict.accepted).toContain('for Noisette');
  expect(verdict.changed).not.toBe(0);
  await expect(
    contracts.sign({ stayId: back.id, kind: 'return', signaturePng: await hand() }, null),
  ).rejects.toMatchObject({
    code: 'conflict',
  });
  const [mail] = outbox.list().rows;
  expect(mail).toMatchObject({
    toAddress: 'helene@example.test',
    subject: 'Votre accord de retour signé pour Noisette',
  });
  expect(mail?.attachments).toEqual([{ name: signed.fileName, contentType: 'application/pdf', size: signed.bytes }]);
});

it('a foster placement: its agreement names the carer and the expected end, signed once per placement; a new placement signs its own', async () => {
  const { petId, stayId, people, movements } = noisette();
  const fanny = people.add({ name: 'Fanny Morel', email: 'fanny@example.test', roles: ['foster'] }).person.id;
  const { contracts } = engine.services;
  const started = movements.fosterStart(
    { petId, personId: fanny, expectedEndAt: new Date(Date.UTC(2027, 0, 15)).toISOString() },
    'cli',
  );
  const placementId = started.fosters.find((one) => one.endedAt === null)!.id;
  await expect(contracts.sign({ stayId, kind: 'foster', signaturePng: await hand() }, null)).rejects.toMatchObject({
    code: 'validation_failed',
  });
  const first = await contracts.sign({ stayId, kind: 'foster', placementId, signaturePng: await hand() }, null);
  expect(first).toMatchObject({ kind: 'foster', signerName: 'Fanny Morel', placementId });
  if (!POPPLER_MISSING) {
    const text = pdfText(contracts.pdf(first.id).pdf).replace(/\s+/g, ' ');
    expect(text).toContain('Contrat de famille d’accueil');
    expect(text).toContain('Fin prévue');
    expect(text).toContain('reste la propriété du refuge');
  }
  expect((await verified(contracts.pdf(first.id).pdf)).accepted).toContain('for Noisette');
  await expect(
    contracts.sign({ stayId, kind: 'foster', placementId, signaturePng: await hand() }, null),
  ).rejects.toMatchObject({ code: 'conflict' });

  clock.advance(DAY);
  movements.fosterEnd({ petId }, 'cli');
  clock.advance(DAY);
  const again = movements
    .fosterStart({ petId, personId: fanny }, 'cli')
    .fosters.find((one) => one.endedAt === null)!.id;
  expect(again).not.toBe(placementId);
  const second = await contracts.sign({ stayId, kind: 'foster', placementId: again, signaturePng: await hand() }, null);
  expect(second.placementId).toBe(again);
  await expect(
    contracts.sign({ stayId, kind: 'adoption', placementId: again, signaturePng: await hand() }, null),
  ).rejects.toMatchObject({ code: 'validation_failed' });
});

it('from the command line: `contract sign --kind foster` signs the open placement’s agreement, `--kind return` the return’s', async () => {
  const { petId, people, movements } = noisette();
  const fanny = people.add({ name: 'Fanny Morel', roles: ['foster'] }).person.id;
  movements.fosterStart({ petId, personId: fanny }, 'cli');
  const png = path.join(dataDir, 'hand.png');
  fs.writeFileSync(png, Buffer.from(await hand(), 'base64'));
  const foster = await runCliInProcess(dataDir, [
    '--json',
    'contract',
    'sign',
    String(petId),
    '--kind',
    'foster',
    '--signature',
    png,
  ]);
  expect(foster.code).toBe(0);
  expect(JSON.parse(foster.stdout)).toMatchObject({ kind: 'foster', signerName: 'Fanny Morel' });
  const none = await runCliInProcess(dataDir, [
    'contract',
    'sign',
    String(petId),
    '--kind',
    'return',
    '--signature',
    png,
  ]);
  expect(none.code).not.toBe(0);
  expect(none.stderr).toContain('no return recorded');
});
