/**
 * A contract signed queues its messages in the signature's own transaction: the signed PDF, as
 * stored, to the adopter in their language (else the shelter's) even after they unsubscribed, and a
 * notice to the staff who asked for one. Over a real SMTP server, each arrives once.
 */
import sharp from 'sharp';
import { afterAll, afterEach, beforeEach, expect, it } from 'vitest';
import { type Engine } from '../../src/main/engine/engine';
import { removeSmtpCertificates, type TestSmtpServer } from '../helpers/smtp-server';
import { startMailEngine, type MailEngine } from '../helpers/mail-engine';
import { waitFor } from '../helpers/wait-for';

let smtp: TestSmtpServer;
let engine: Engine;
let mail: MailEngine;

beforeEach(async () => {
  mail = await startMailEngine('contract-mail');
  ({ smtp, engine } = mail);
  engine.services.shelter.set({ name: 'Refuge de Lyon', currency: 'EUR', language: 'fr' });
});
afterEach(() => mail.close());
afterAll(() => removeSmtpCertificates());

async function drawnSignature(): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><path d="M20 150 C 80 20, 140 20, 180 140 S 300 180, 340 60" stroke="#0b2a6f" stroke-width="6" fill="none"/></svg>`;
  return (await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64');
}

function adoptNoisette(adopterEmail: string | null): { stayId: number; adopterId: number } {
  const { people, movements } = engine.services;
  const adopterId = people.add({ name: 'Hélène Dupré', email: adopterEmail }).person.id;
  const stay = movements.intake({ pet: { name: 'Noisette', categoryId: 1 }, type: 'stray' }, 'cli');
  movements.adopt({ petId: stay.petId, personId: adopterId, fee: 150, feeMethod: 'card' }, 'cli');
  return { stayId: stay.id, adopterId };
}

it('the adopter, unsubscribed, still gets the signed PDF in French; the coordinator who asked gets a notice', async () => {
  const { outbox, contracts, staff, messages } = engine.services;
  const { stayId, adopterId } = adoptNoisette('helene@example.test');
  outbox.unsubscribe(outbox.unsubscribeToken(adopterId));
  const coordinator = await staff.add({
    name: 'Karim Benali',
    login: 'karim',
    role: 'staff',
    password: 'a long enough passphrase 42',
  });
  messages.templates.setNotice({
    staffId: coordinator.id,
    address: 'karim@refuge.test',
    kinds: ['staff_signed_contract'],
  });
  const colleague = await staff.add({
    name: 'Zoé',
    login: 'zoe',
    role: 'staff',
    password: 'a long enough passphrase 42',
  });
  messages.templates.setNotice({ staffId: colleague.id, address: 'zoe@refuge.test', kinds: ['staff_new_application'] });

  const signed = await contracts.sign({ stayId, signaturePng: await drawnSignature() }, null);
  // The signing's messages asked for once more (a retried transaction): nothing new is queued.
  engine.sqlite.transaction(() =>
    messages.contractSigned({
      contractId: signed.id,
      kind: 'adoption',
      petName: 'Noisette',
      signerPersonId: adopterId,
      signerName: 'Hélène Dupré',
      signedAt: Date.parse(signed.signedAt),
      fileName: signed.fileName,
    }),
  )();
  const rows = outbox.list().rows;
  expect(rows.map((row) => [row.toAddress, row.kind])).toEqual([
    ['karim@refuge.test', 'notice'],
    ['helene@example.test', 'adoption'],
  ]);
  expect(rows[1]?.attachments).toEqual([{ name: signed.fileName, contentType: 'application/pdf', size: signed.bytes }]);

  engine.startBackgroundJobs();
  await waitFor(() => smtp.received.length === 2, 10_000);
  const toAdopter = smtp.received.find((mail) => mail.text?.startsWith('Bonjour Hélène'))!;
  expect(toAdopter.subject).toBe('Votre contrat d’adoption signé pour Noisette');
  expect(toAdopter.headers.get('content-language')).toBe('fr');
  expect(toAdopter.headerLines.some((line) => line.key === 'list-unsubscribe')).toBe(false);
  const [pdf] = toAdopter.attachments;
  expect(pdf?.filename).toBe(signed.fileName);
  expect(pdf?.contentType).toBe('application/pdf');
  expect(contracts.verify(pdf!.content)).toMatchObject({ signed: true, contract: { id: signed.id } });
  const notice = smtp.received.find((mail) => mail !== toAdopter)!;
  expect(notice.subject).toBe('Noisette : contrat d’adoption signé par Hélène Dupré');
  expect(notice.attachments).toHaveLength(0);
});

it('an adopter who reads German gets the German words; a correction is a contract of its own, mailed once more', async () => {
  const { outbox, contracts } = engine.services;
  const { stayId, adopterId } = adoptNoisette('helene@example.test');
  outbox.setLanguage(adopterId, 'de');
  const first = await contracts.sign({ stayId, signaturePng: await drawnSignature() }, null);
  await expect(contracts.sign({ stayId, signaturePng: await drawnSignature() }, null)).rejects.toMatchObject({
    code: 'conflict',
  });
  expect(outbox.list().rows).toHaveLength(1);
  await contracts.sign({ stayId, signaturePng: await drawnSignature(), replaces: first.id }, null);
  const rows = outbox.list().rows;
  expect(rows).toHaveLength(2);
  expect(rows.every((row) => row.subject === 'Adoptionsvertrag für Noisette, unterschrieben')).toBe(true);
});

it('an adopter with no address: the contract is signed and kept, no message is queued', async () => {
  const { stayId } = adoptNoisette(null);
  const signed = await engine.services.contracts.sign({ stayId, signaturePng: await drawnSignature() }, null);
  expect(engine.services.contracts.get(signed.id).id).toBe(signed.id);
  expect(engine.services.outbox.list().rows).toHaveLength(0);
});
