/**
 * The adoption contract from the window: `movements.contractPdf` over browser mode's
 * HTTP admin transport renders the same PDF as the CLI's `contract`, names its file after the animal,
 * and refuses a stay that did not end in an adoption with the rule in `details`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractFileName } from '../../src/main/admin/shelter-day-handlers';
import type { AddedPerson } from '../../src/shared/people';
import type { Stay } from '../../src/shared/movements';
import { POPPLER_MISSING, pdfText } from '../helpers/pdf-render';
import { startAdminHarness, type AdminHarness } from '../helpers/admin-host';
import { adminClient, harnessOrigin, overHttp } from '../helpers/admin-client';

const TOKEN = 'test-token-contract-pdf-0123456789abcdefghij';
const environment = 'production';

let harness: AdminHarness;

/** The window's calls with the desk's token, in `environment` unless they say otherwise. */
const admin = adminClient(
  overHttp(
    harnessOrigin(() => harness),
    TOKEN,
  ),
  { defaults: { environment }, auth: { token: true } },
);
const send = (
  channel: string,
  input: Record<string, unknown>,
): Promise<{ status: number; body: Record<string, unknown> }> => admin.raw(channel, input);
const ok = <T>(channel: string, input: Record<string, unknown>): Promise<T> => admin.rawOk<T>(channel, input);

beforeAll(async () => {
  harness = await startAdminHarness(TOKEN);
});

afterAll(async () => {
  await harness.stop();
});

describe('movements.contractPdf', () => {
  if (process.env.CI)
    it('contract PDF channel: poppler-utils is installed', () => expect(POPPLER_MISSING).toBeUndefined());

  it.skipIf(POPPLER_MISSING !== undefined)(
    'gives the adoption contract of a stay as a PDF named after the animal, with the adopter and the fee',
    async () => {
      await ok('shelter.set', { shelter: { name: 'Refuge des Pattes', currency: 'EUR' } });
      const adopter = (
        await ok<AddedPerson>('people.add', {
          person: { name: 'Zoë Müller', email: 'zoe@example.test', phones: ['+33 6 11 22 33 44'] },
        })
      ).person.id;
      const stay = await ok<Stay>('movements.intake', {
        intake: { pet: { name: 'Señor Biscuit', categoryId: 1 }, type: 'stray' },
      });
      await ok('pets.setProfile', { id: stay.petId, profile: { microchipNumber: '985141000123456' } });
      const adopted = await ok<Stay>('movements.adopt', {
        adoption: { petId: stay.petId, personId: adopter, fee: 150, feeMethod: 'card' },
      });

      const made = await ok<{ fileName: string; pdfBase64: string }>('movements.contractPdf', { stayId: adopted.id });
      expect(made.fileName).toBe(`adoption-contract-señor-biscuit-${adopted.id}.pdf`);
      const pdf = Buffer.from(made.pdfBase64, 'base64');
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(pdf);
      for (const expected of [
        'Adoption contract',
        'Refuge des Pattes',
        'Señor Biscuit',
        '985141000123456',
        'Zoë Müller',
        'zoe@example.test',
        '€150.00',
      ])
        expect(text).toContain(expected);
    },
    60_000,
  );

  it.skipIf(POPPLER_MISSING !== undefined)(
    'says a French shelter’s contract in French, and prints a birth date only as far as it is known',
    async () => {
      await ok('shelter.set', { shelter: { name: 'Refuge des Pattes', currency: 'EUR', language: 'fr' } });
      const adopter = (
        await ok<AddedPerson>('people.add', { person: { name: 'Hélène Dupré', email: 'helene@example.test' } })
      ).person.id;
      const contractOf = async (name: string, birthDate: string): Promise<string> => {
        const stay = await ok<Stay>('movements.intake', { intake: { pet: { name, categoryId: 1 }, type: 'stray' } });
        await ok('pets.setProfile', { id: stay.petId, profile: { birthDate, sex: 'female' } });
        const adopted = await ok<Stay>('movements.adopt', {
          adoption: { petId: stay.petId, personId: adopter, fee: 150, feeMethod: 'card' },
        });
        const made = await ok<{ pdfBase64: string }>('movements.contractPdf', { stayId: adopted.id });
        return pdfText(Buffer.from(made.pdfBase64, 'base64')).replace(/[\u202f\u00a0]/g, ' ');
      };

      const byMonth = await contractOf('Nala', '2019-05');
      for (const expected of [
        'Contrat d’adoption',
        'L’animal',
        'L’adoptant',
        'Date de naissance',
        'mai 2019',
        'environ 7 ans',
        'Femelle',
        '150,00 €',
        'Par carte',
      ])
        expect(byMonth).toContain(expected);
      expect(byMonth).not.toMatch(/\b1 mai 2019|Adoption contract|The adopter|Date of birth/);

      const byYear = await contractOf('Ayşe', '2024');
      expect(byYear).toMatch(/Date de naissance\s+2024\n/);
      expect(byYear).not.toContain('janvier 2024');
      await ok('shelter.set', { shelter: { name: 'Refuge des Pattes', currency: 'EUR' } });
    },
    60_000,
  );

  it('refuses a stay still open as not_adopted, and an unknown stay as not_found', async () => {
    const stay = await ok<Stay>('movements.intake', {
      intake: { pet: { name: 'Still here', categoryId: 2 }, type: 'owner_surrender' },
    });
    expect(await send('movements.contractPdf', { stayId: stay.id })).toMatchObject({
      status: 409,
      body: { code: 'conflict', details: { reason: 'not_adopted', petId: stay.petId } },
    });
    expect(await send('movements.contractPdf', { stayId: 99_999 })).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
  });

  it('names the file in letters and digits of any script, never a path', () => {
    expect(contractFileName('Жучка', 3)).toBe('adoption-contract-жучка-3.pdf');
    expect(contractFileName('../../etc/passwd', 4)).toBe('adoption-contract-etc-passwd-4.pdf');
    expect(contractFileName('***', 5)).toBe('adoption-contract-5.pdf');
  });
});
