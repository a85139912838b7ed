/**
 * Contracts signed on the spot, over the window's HTTP admin transport: the signed PDF carries the
 * drawn hand, the signer, when and the text's SHA-256; it is kept byte for byte, `contract verify`
 * (CLI) and `contracts.verify` (window) accept it and refuse a copy with one byte changed; a signed
 * contract is never signed over, a correction names the one it replaces.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractVerdict, SignedContract } from '../../src/shared/contracts';
import type { AddedPerson } from '../../src/shared/people';
import type { Stay } from '../../src/shared/movements';
import { POPPLER_MISSING, pdfText } from '../helpers/pdf-render';
import { startAdminHarness, type AdminHarness } from '../helpers/admin-host';
import { adminClient, harnessOrigin, overHttp } from '../helpers/admin-client';
import { runCliInProcess } from '../helpers/cli-in-process';

const TOKEN = 'test-token-signed-contracts-0123456789abcdef';
const environment = 'production';

let harness: AdminHarness;
const admin = adminClient(
  overHttp(
    harnessOrigin(() => harness),
    TOKEN,
  ),
  { defaults: { environment }, auth: { token: true } },
);
const ok = <T>(channel: string, input: Record<string, unknown>): Promise<T> => admin.rawOk<T>(channel, input);
const send = (channel: string, input: Record<string, unknown>) => admin.raw(channel, input);

/** A hand drawn on a screen: strokes on a transparent ground, as signature_pad gives it. */
async function drawnSignature(): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><path d="M20 150 C 80 20, 140 20, 180 140 S 300 180, 340 60 S 480 40, 560 150" stroke="#0b2a6f" stroke-width="6" fill="none"/></svg>`;
  return (await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64');
}

let adopted: Stay;
let signature: string;

beforeAll(async () => {
  harness = await startAdminHarness(TOKEN);
  signature = await drawnSignature();
  await ok('shelter.set', { shelter: { name: 'Refuge de Lyon', currency: 'EUR', language: 'fr' } });
  const adopter = (
    await ok<AddedPerson>('people.add', { person: { name: 'Hélène Dupré', email: 'helene@example.test' } })
  ).person.id;
  const stay = await ok<Stay>('movements.intake', {
    intake: { pet: { name: 'Noisette', categoryId: 1 }, type: 'stray' },
  });
  adopted = await ok<Stay>('movements.adopt', {
    adoption: { petId: stay.petId, personId: adopter, fee: 150, feeMethod: 'card' },
  });
});

afterAll(async () => {
  await harness.stop();
});

describe('contracts.sign', () => {
  if (process.env.CI) it('signed contracts: poppler-utils is installed', () => expect(POPPLER_MISSING).toBeUndefined());

  it.skipIf(POPPLER_MISSING !== undefined)(
    'prints the hand, the signer, when and the text’s SHA-256 on Noisette’s French contract, kept byte for byte and verified; one byte changed is refused',
    async () => {
      const signed = await ok<SignedContract>('contracts.sign', {
        contract: { stayId: adopted.id, signaturePng: signature },
      });
      expect(signed).toMatchObject({
        stayId: adopted.id,
        petId: adopted.petId,
        signerName: 'Hélène Dupré',
        replaces: null,
      });
      expect(signed.textSha256).toMatch(/^[0-9a-f]{64}$/);

      const { pdfBase64 } = await ok<{ pdfBase64: string }>('contracts.pdf', { contractId: signed.id });
      const pdf = Buffer.from(pdfBase64, 'base64');
      const text = pdfText(pdf).replace(/[\u202f\u00a0]/g, ' ');
      expect(text).toContain('Signé par Hélène Dupré');
      expect(text).toContain('Signé sur place le');
      expect(text.replace(/\s+/g, '')).toContain(signed.textSha256);
      // The drawn hand is in the file: an image XObject.
      expect(pdf.includes(Buffer.from('/Subtype /Image'))).toBe(true);

      const accepted = await ok<ContractVerdict>('contracts.verify', { file: { pdfBase64 } });
      expect(accepted).toMatchObject({ signed: true, petName: 'Noisette', contract: { id: signed.id } });
      const changed = Buffer.from(pdf);
      const middle = Math.floor(changed.length / 2);
      changed[middle] = changed[middle]! ^ 0x01;
      const refused = await ok<ContractVerdict>('contracts.verify', {
        file: { pdfBase64: changed.toString('base64') },
      });
      expect(refused.signed).toBe(false);

      // The CLI says the same, by its exit code too.
      const file = path.join(harness.dataDir, 'signed.pdf');
      fs.writeFileSync(file, pdf);
      const good = await runCliInProcess(harness.dataDir, ['contract', 'verify', file]);
      expect(good.code, good.stderr).toBe(0);
      expect(good.stdout).toContain(`contract ${signed.id} for Noisette`);
      fs.writeFileSync(file, changed);
      const bad = await runCliInProcess(harness.dataDir, ['contract', 'verify', file]);
      expect(bad.code).toBe(1);
      expect(bad.stdout).toContain('is NOT a contract this shelter signed');
    },
    60_000,
  );

  it.skipIf(POPPLER_MISSING !== undefined)(
    'refuses to sign over a signed contract; a correction names it, prints so, and the old one says it was replaced',
    async () => {
      const [current] = await ok<SignedContract[]>('contracts.ofPet', { petId: adopted.petId });
      expect(current).toBeDefined();
      const again = await send('contracts.sign', { contract: { stayId: adopted.id, signaturePng: signature } });
      expect(again.body).toMatchObject({
        code: 'conflict',
        details: { reason: 'contract_signed', contractId: current!.id, stayId: adopted.id, kind: 'adoption' },
      });

      const correction = await ok<SignedContract>('contracts.sign', {
        contract: {
          stayId: adopted.id,
          signaturePng: signature,
          signerName: 'Hélène Dupré-Martin',
          replaces: current!.id,
        },
      });
      expect(correction.replaces).toBe(current!.id);
      const { pdfBase64 } = await ok<{ pdfBase64: string }>('contracts.pdf', { contractId: correction.id });
      expect(pdfText(Buffer.from(pdfBase64, 'base64'))).toContain(`remplace le contrat n° ${current!.id}`);

      const listed = await ok<SignedContract[]>('contracts.ofPet', { petId: adopted.petId });
      expect(listed.map((one) => [one.id, one.replacedBy])).toEqual([
        [correction.id, null],
        [current!.id, correction.id],
      ]);
      const stale = await send('contracts.sign', {
        contract: { stayId: adopted.id, signaturePng: signature, replaces: current!.id },
      });
      expect(stale.body).toMatchObject({
        code: 'conflict',
        details: { reason: 'contract_replaced', contractId: current!.id, replacedBy: correction.id },
      });
    },
    60_000,
  );

  it('refuses a signature that is not an image, signing nothing', async () => {
    const before = await ok<SignedContract[]>('contracts.ofPet', { petId: adopted.petId });
    const refused = await send('contracts.sign', {
      contract: {
        stayId: adopted.id,
        signaturePng: Buffer.from('not a picture at all').toString('base64'),
        replaces: before[0]?.id,
      },
    });
    expect(refused.body).toMatchObject({ code: 'unsupported_media_type' });
    expect(await ok<SignedContract[]>('contracts.ofPet', { petId: adopted.petId })).toEqual(before);
  });
});
