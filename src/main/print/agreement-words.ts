import type { PublishedWords, WordKey } from '../publishing/words/words';

export type AgreementKind = 'return' | 'foster';

/** The adoption contract's words a return or foster agreement says its own way (publishing/words/: `returnAgreement`, `fosterAgreement`). */
const OWN_WORDS = new Set([
  'title',
  'documentTitle',
  'footer',
  'sections.adopter',
  'sections.adoption',
  'adoption.date',
  'adoption.staff',
  'agreement',
  'adopterSigns',
]);

/**
 * The contract's words for an agreement: the same layout, with the title, the signer's and the
 * movement's sections and the agreement sentence of the agreement's own catalogue entry.
 */
export function agreementWords(words: PublishedWords, kind: AgreementKind): PublishedWords {
  return {
    ...words,
    t: (key, values) => {
      const rest = key.startsWith('contract.') ? key.slice('contract.'.length) : null;
      if (rest === null || !OWN_WORDS.has(rest)) return words.t(key, values);
      return words.t(`${kind}Agreement.${rest}` as WordKey, values);
    },
  };
}
