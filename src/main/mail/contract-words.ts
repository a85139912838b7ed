import type { ContractKind } from '../../shared/contracts';
import type { PublishedLanguage } from '../../shared/shelter';
import type { MailWords } from './compose';

/** Who a signed contract's message is for: the person who signed it, or staff who asked to be told. */
export type SignedContractAudience = 'signer' | 'staff';

type Documents = Record<'adoption' | 'return' | 'foster', string>;

interface SignedContractWords {
  /** The document, as a subject and a sentence name it ("the adoption contract"). */
  document: Documents;
  signer: MailWords;
  staff: MailWords;
}

/*
 * The default words of the two messages a signature queues. Values: {{document}}, {{pet}}, {{signer}},
 * {{signedAt}} (the day and time in the message's language), {{contract}} (its number), {{shelter}}.
 */
const WORDS: Record<PublishedLanguage, SignedContractWords> = {
  en: {
    document: { adoption: 'adoption contract', return: 'return agreement', foster: 'foster agreement' },
    signer: {
      subject: 'Your signed {{document}} for {{pet}}',
      paragraphs: [
        'Hello {{signer}},',
        'Here is the {{document}} for {{pet}} you signed on {{signedAt}}, as a PDF. Keep it: it is your copy.',
        'Thank you, {{shelter}}',
      ],
    },
    staff: {
      subject: '{{pet}}: {{document}} signed by {{signer}}',
      paragraphs: ['{{signer}} signed the {{document}} for {{pet}} on {{signedAt}} (contract no. {{contract}}).'],
    },
  },
  fr: {
    document: { adoption: 'contrat d’adoption', return: 'accord de retour', foster: 'contrat de famille d’accueil' },
    signer: {
      subject: 'Votre {{document}} signé pour {{pet}}',
      paragraphs: [
        'Bonjour {{signer}},',
        'Voici le {{document}} de {{pet}} que vous avez signé le {{signedAt}}, en PDF. Gardez-le : c’est votre exemplaire.',
        'Merci, {{shelter}}',
      ],
    },
    staff: {
      subject: '{{pet}} : {{document}} signé par {{signer}}',
      paragraphs: ['{{signer}} a signé le {{document}} de {{pet}} le {{signedAt}} (contrat n° {{contract}}).'],
    },
  },
  es: {
    document: { adoption: 'contrato de adopción', return: 'acuerdo de devolución', foster: 'contrato de acogida' },
    signer: {
      subject: 'Su {{document}} firmado para {{pet}}',
      paragraphs: [
        'Hola, {{signer}}:',
        'Le enviamos en PDF el {{document}} de {{pet}} que firmó el {{signedAt}}. Guárdelo: es su copia.',
        'Gracias, {{shelter}}',
      ],
    },
    staff: {
      subject: '{{pet}}: {{document}} firmado por {{signer}}',
      paragraphs: ['{{signer}} firmó el {{document}} de {{pet}} el {{signedAt}} (contrato n.º {{contract}}).'],
    },
  },
  de: {
    document: { adoption: 'Adoptionsvertrag', return: 'Rückgabevereinbarung', foster: 'Pflegestellenvertrag' },
    signer: {
      subject: 'Ihr unterschriebener {{document}} für {{pet}}',
      paragraphs: [
        'Hallo {{signer}},',
        'anbei als PDF der {{document}} für {{pet}}, den Sie am {{signedAt}} unterschrieben haben. Bewahren Sie ihn auf: Es ist Ihr Exemplar.',
        'Vielen Dank, {{shelter}}',
      ],
    },
    staff: {
      subject: '{{pet}}: {{document}} von {{signer}} unterschrieben',
      paragraphs: [
        '{{signer}} hat am {{signedAt}} den {{document}} für {{pet}} unterschrieben (Vertrag Nr. {{contract}}).',
      ],
    },
  },
};

const LOCALES: Record<PublishedLanguage, string> = { en: 'en-GB', fr: 'fr-FR', es: 'es-ES', de: 'de-DE' };

/**
 * The words of a signed contract's message, in one language, with the document named: the one door
 * these default words are read through, so they can move into a template registry unchanged.
 */
export function signedContractWords(
  audience: SignedContractAudience,
  kind: ContractKind,
  language: PublishedLanguage,
): { words: MailWords; document: string } {
  const words = WORDS[language];
  return { words: words[audience], document: words.document[kind] };
}

/** The moment of signing as the message's language writes it, in the machine's time zone (as the contract prints it). */
export function signedAtWords(at: number, language: PublishedLanguage): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeStyle: 'short' }).format(at);
}
