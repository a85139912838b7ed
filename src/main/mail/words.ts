import type { PublishedLanguage } from '../../shared/shelter';

/** What the outbox itself says in a message, in each language mail goes out in. */
export interface OutboxWords {
  testSubject: string;
  testParagraphs: string[];
  /** Under every message that is not part of an adoption; `{{url}}` is the person's unsubscribe link. */
  unsubscribeFooter: string;
  unsubscribedPage: { title: string; body: string };
  /** What opening the link shows: a link fetched by a mail scanner must not unsubscribe anyone (RFC 8058), a button does. */
  unsubscribeConfirm: { title: string; body: string; button: string };
  /** The same words whoever asks: they never say whether the link was anyone's. */
  unsubscribeRefused: { tooMany: string; tooLarge: string };
}

export const OUTBOX_WORDS: Record<PublishedLanguage, OutboxWords> = {
  en: {
    testSubject: 'Test message from {{shelter}}',
    testParagraphs: ['This is a test message from {{shelter}}.', 'If you can read it, mail leaves the desk.'],
    unsubscribeFooter: 'To receive no more messages of this kind: {{url}}',
    unsubscribedPage: {
      title: 'You are unsubscribed',
      body: 'You will receive no more messages from {{shelter}}, except those about an adoption you are part of.',
    },
    unsubscribeConfirm: {
      title: 'Stop messages from {{shelter}}?',
      body: 'You will receive no more messages from {{shelter}}, except those about an adoption you are part of.',
      button: 'Unsubscribe',
    },
    unsubscribeRefused: {
      tooMany: 'Too many requests from this network today. Please try again tomorrow.',
      tooLarge: 'This request is too large.',
    },
  },
  fr: {
    testSubject: 'Message d’essai de {{shelter}}',
    testParagraphs: [
      'Ceci est un message d’essai de {{shelter}}.',
      'Si vous le lisez, le courrier part bien du poste.',
    ],
    unsubscribeFooter: 'Pour ne plus recevoir ce type de message : {{url}}',
    unsubscribedPage: {
      title: 'Votre désinscription est enregistrée',
      body: 'Vous ne recevrez plus de messages de {{shelter}}, sauf ceux qui concernent une adoption à laquelle vous participez.',
    },
    unsubscribeConfirm: {
      title: 'Ne plus recevoir de messages de {{shelter}} ?',
      body: 'Vous ne recevrez plus de messages de {{shelter}}, sauf ceux qui concernent une adoption à laquelle vous participez.',
      button: 'Me désinscrire',
    },
    unsubscribeRefused: {
      tooMany: 'Trop de demandes depuis ce réseau aujourd’hui. Merci de réessayer demain.',
      tooLarge: 'Cette demande est trop volumineuse.',
    },
  },
  es: {
    testSubject: 'Mensaje de prueba de {{shelter}}',
    testParagraphs: [
      'Este es un mensaje de prueba de {{shelter}}.',
      'Si puede leerlo, el correo sale bien del puesto.',
    ],
    unsubscribeFooter: 'Para no recibir más mensajes de este tipo: {{url}}',
    unsubscribedPage: {
      title: 'Se ha dado de baja',
      body: 'No recibirá más mensajes de {{shelter}}, salvo los de una adopción en la que participa.',
    },
    unsubscribeConfirm: {
      title: '¿Dejar de recibir mensajes de {{shelter}}?',
      body: 'No recibirá más mensajes de {{shelter}}, salvo los de una adopción en la que participa.',
      button: 'Darme de baja',
    },
    unsubscribeRefused: {
      tooMany: 'Demasiadas solicitudes desde esta red hoy. Inténtelo de nuevo mañana.',
      tooLarge: 'Esta solicitud es demasiado grande.',
    },
  },
  de: {
    testSubject: 'Testnachricht von {{shelter}}',
    testParagraphs: [
      'Dies ist eine Testnachricht von {{shelter}}.',
      'Wenn Sie sie lesen können, verlässt die Post den Arbeitsplatz.',
    ],
    unsubscribeFooter: 'Um keine Nachrichten dieser Art mehr zu erhalten: {{url}}',
    unsubscribedPage: {
      title: 'Sie sind abgemeldet',
      body: 'Sie erhalten keine Nachrichten mehr von {{shelter}}, außer zu einer Adoption, an der Sie beteiligt sind.',
    },
    unsubscribeConfirm: {
      title: 'Keine Nachrichten mehr von {{shelter}}?',
      body: 'Sie erhalten keine Nachrichten mehr von {{shelter}}, außer zu einer Adoption, an der Sie beteiligt sind.',
      button: 'Abmelden',
    },
    unsubscribeRefused: {
      tooMany: 'Zu viele Anfragen aus diesem Netz heute. Bitte versuchen Sie es morgen erneut.',
      tooLarge: 'Diese Anfrage ist zu groß.',
    },
  },
};
