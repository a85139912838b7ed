import type { ContractKind } from '../../shared/contracts';
import type { PublishedLanguage } from '../../shared/shelter';

/** The document a signature's messages name (their `{{document}}`), as a sentence names it. */
const DOCUMENTS: Record<PublishedLanguage, Record<ContractKind, string>> = {
  en: { adoption: 'adoption contract', return: 'return agreement', foster: 'foster agreement' },
  fr: { adoption: 'contrat d’adoption', return: 'accord de retour', foster: 'contrat de famille d’accueil' },
  es: { adoption: 'contrato de adopción', return: 'acuerdo de devolución', foster: 'contrato de acogida' },
  de: { adoption: 'Adoptionsvertrag', return: 'Rückgabevereinbarung', foster: 'Pflegestellenvertrag' },
};

/**
 * A reservation's `{{expiresOn}}` when it has no expiry day: it fits where the date goes in each
 * language's default words ("until further notice", "Fin de la réservation : aucune date fixée").
 */
const NO_EXPIRY: Record<PublishedLanguage, string> = {
  en: 'further notice',
  fr: 'aucune date fixée',
  es: 'sin fecha fijada',
  de: 'auf Weiteres',
};

export function noExpiryWords(language: PublishedLanguage): string {
  return NO_EXPIRY[language];
}

const LOCALES: Record<PublishedLanguage, string> = { en: 'en-GB', fr: 'fr-FR', es: 'es-ES', de: 'de-DE' };

export function documentWord(kind: ContractKind, language: PublishedLanguage): string {
  return DOCUMENTS[language][kind];
}

/** The moment of signing as the message's language writes it, in the machine's time zone (as the contract prints it). */
export function signedAtWords(at: number, language: PublishedLanguage): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeStyle: 'short' }).format(at);
}
