import type { ContractKind } from '../../shared/contracts';
import type { PublishedLanguage } from '../../shared/shelter';
import type { MailWords } from './compose';
import { signedAtWords, signedContractWords, type SignedContractAudience } from './contract-words';
import type { Outbox, Transaction } from './outbox';

/** A contract just signed, as its messages need it. */
export interface SignedContractMail {
  contractId: number;
  kind: ContractKind;
  petName: string;
  signerPersonId: number;
  signerName: string;
  signedAt: number;
  fileName: string;
}

function wordsOf(audience: SignedContractAudience, signed: SignedContractMail) {
  return (language: PublishedLanguage): MailWords => {
    const { words, document } = signedContractWords(audience, signed.kind, language);
    // Said differently in each language: filled here, before the values every language shares.
    const own = (text: string) =>
      text.replaceAll('{{document}}', document).replaceAll('{{signedAt}}', signedAtWords(signed.signedAt, language));
    return { subject: own(words.subject), paragraphs: words.paragraphs.map(own) };
  };
}

/**
 * Queued in the signature's own transaction: the signed PDF to the person who signed (essential,
 * so an opt-out does not stop it; a forgotten person gets nothing), and a notice to each member of
 * staff who asked for one. Each message's occasion names the contract, so it is queued once.
 */
export function queueSignedContractMail(outbox: Outbox, tx: Transaction, signed: SignedContractMail): void {
  const values = { pet: signed.petName, signer: signed.signerName, contract: signed.contractId };
  outbox.enqueue(tx, {
    kind: 'contract',
    essential: true,
    to: { personId: signed.signerPersonId },
    words: wordsOf('signer', signed),
    values,
    attachments: [{ name: signed.fileName, signedContractId: signed.contractId }],
    occasion: `contract-signed:${signed.contractId}:signer`,
  });
  for (const personId of outbox.contractNoticePeople())
    outbox.enqueue(tx, {
      kind: 'notice',
      to: { personId },
      words: wordsOf('staff', signed),
      values,
      occasion: `contract-signed:${signed.contractId}:notice:${personId}`,
    });
}
