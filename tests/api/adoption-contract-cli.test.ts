import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { POPPLER_MISSING, pdfText } from '../helpers/pdf-render';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { runCliInProcess } from '../helpers/cli-in-process';

let dataDir: string;
let petId: number;

beforeAll(() => {
  dataDir = makeTempDir();
  const engine = new Engine({ dataDir, environment: 'production' });
  const { services } = engine;
  services.shelter.set({ name: 'Schronisko Łódź', currency: 'EUR', phone: '+48 42 000 00 00' });
  const adopter = services.people.add({
    name: 'Kōji Ørsted',
    phones: ['+33 6 12 34 56 78'],
    email: 'koji@example.org',
    idChecked: true,
    idCheckedWhat: 'passport',
  }).person;
  const stay = services.movements.intake({ pet: { name: 'Жучка', categoryId: 1 }, type: 'stray' }, 'cli');
  petId = stay.petId;
  services.petProfiles.set(petId, { microchipNumber: '985141000123456', breedPrimary: 'Ξένια hound' });
  services.movements.adopt({ petId, personId: adopter.id, fee: 125, feeMethod: 'card' }, 'cli');
  engine.close();
});

afterAll(() => removeTempDir(dataDir));

const cli = (...args: string[]) => runCliInProcess(dataDir, args);

describe('contract: the adoption contract from the CLI', () => {
  if (process.env.CI)
    it('adoption contract CLI: poppler-utils is installed', () => expect(POPPLER_MISSING).toBeUndefined());

  it.skipIf(POPPLER_MISSING !== undefined)(
    'prints the shelter, the animal with its microchip, the adopter and the fee, in every script, to an owner-only file',
    async () => {
      const out = path.join(dataDir, 'contract.pdf');
      const made = await cli('contract', String(petId), '--out', out);
      expect(made.code, made.stderr).toBe(0);
      expect(made.stderr).toContain(`with Kōji Ørsted is written to ${out}`);
      expect(fs.statSync(out).mode & 0o777).toBe(0o600);
      const text = pdfText(fs.readFileSync(out));
      for (const expected of [
        'Adoption contract',
        'Schronisko Łódź',
        'Жучка',
        'Ξένια hound',
        '985141000123456',
        'Kōji Ørsted',
        'koji@example.org',
        'passport',
        '€125.00',
      ])
        expect(text).toContain(expected);
    },
    60_000,
  );

  it('replaces a link planted at the output name, never writing through it', async () => {
    const victim = path.join(dataDir, 'victim.txt');
    fs.writeFileSync(victim, 'not yours');
    const out = path.join(dataDir, 'planted.pdf');
    fs.symlinkSync(victim, out);
    const made = await cli('contract', String(petId), '--out', out);
    expect(made.code, made.stderr).toBe(0);
    expect(fs.readFileSync(victim, 'utf8')).toBe('not yours');
    expect(fs.lstatSync(out).isSymbolicLink()).toBe(false);
    expect(fs.readFileSync(out).subarray(0, 5).toString()).toBe('%PDF-');
  }, 60_000);

  it('refuses a pet without an adoption, naming the rule', async () => {
    const engine = new Engine({ dataDir, environment: 'production' });
    const other = engine.services.pets.create({ name: 'Still here', categoryId: 1 }).id;
    engine.close();
    const refused = await cli('contract', String(other), '--out', path.join(dataDir, 'none.pdf'));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`Pet ${other} has no adoption recorded`);
    expect(fs.existsSync(path.join(dataDir, 'none.pdf'))).toBe(false);
  }, 60_000);
});
