import type { TemplateKind, TemplateWords } from '../../../shared/mail-templates';
import type { PublishedLanguage } from '../../../shared/shelter';

/** What each automatic message says until the shelter writes its own, in each language mail goes out in. */
export const DEFAULT_TEMPLATE_WORDS: Record<PublishedLanguage, Record<TemplateKind, TemplateWords>> = {
  en: {
    application_received: {
      subject: 'We received your application for {{petName}}',
      paragraphs: [
        'Dear {{applicantName}},',
        'Thank you for your application for {{petName}}. We will read it and come back to you soon.',
        '{{shelter}}',
      ],
    },
    application_approved: {
      subject: 'Your application for {{petName}} is approved',
      paragraphs: [
        'Dear {{applicantName}},',
        'Good news: your application for {{petName}} is approved. We will contact you to arrange the next steps.',
        '{{shelter}}',
      ],
    },
    application_declined: {
      subject: 'Your application for {{petName}}',
      paragraphs: [
        'Dear {{applicantName}},',
        'Thank you for your interest in {{petName}}. We are sorry that we cannot go further with your application.',
        '{{shelter}}',
      ],
    },
    reservation_confirmed: {
      subject: '{{petName}} is reserved for you',
      paragraphs: ['Dear {{adopterName}},', '{{petName}} is reserved for you until {{expiresOn}}.', '{{shelter}}'],
    },
    reservation_expiring: {
      subject: 'Your reservation of {{petName}} ends soon',
      paragraphs: [
        'Dear {{adopterName}},',
        'Your reservation of {{petName}} ends on {{expiresOn}}. Please contact us if you want to keep it.',
        '{{shelter}}',
      ],
    },
    signed_contract: {
      subject: 'Your signed {{document}} for {{petName}}',
      paragraphs: [
        'Hello {{adopterName}},',
        'Here is the {{document}} for {{petName}} you signed on {{signedAt}}, as a PDF. Keep it: it is your copy.',
        'Thank you, {{shelter}}',
      ],
    },
    follow_up: {
      subject: 'How is {{petName}} doing?',
      paragraphs: [
        'Dear {{adopterName}},',
        'It has been {{days}} days since {{petName}} went home with you on {{adoptedOn}}. We would love to hear how things are going.',
        '{{questions}}',
        '{{shelter}}',
      ],
    },
    dose_due_foster: {
      subject: '{{petName}}: {{vaccine}} due on {{dueOn}}',
      paragraphs: [
        'Dear {{fosterName}},',
        '{{petName}}, in your care, is due for {{vaccine}} on {{dueOn}}. Please bring them in or contact us.',
        '{{shelter}}',
      ],
    },
    dose_due_adopter: {
      subject: '{{petName}}: {{vaccine}} due on {{dueOn}}',
      paragraphs: [
        'Dear {{adopterName}},',
        'A reminder: {{petName}} is due for {{vaccine}} on {{dueOn}}.',
        '{{shelter}}',
      ],
    },
    staff_new_application: {
      subject: 'New application for {{petName}}',
      paragraphs: ['{{applicantName}} sent an application for {{petName}}. It waits in the review queue.'],
    },
    staff_signed_contract: {
      subject: '{{petName}}: {{document}} signed by {{adopterName}}',
      paragraphs: ['{{adopterName}} signed the {{document}} for {{petName}} on {{signedAt}}.'],
    },
  },
  fr: {
    application_received: {
      subject: 'Nous avons reçu votre demande pour {{petName}}',
      paragraphs: [
        'Bonjour {{applicantName}},',
        'Merci pour votre demande d’adoption de {{petName}}. Nous allons la lire et revenir vers vous rapidement.',
        '{{shelter}}',
      ],
    },
    application_approved: {
      subject: 'Votre demande pour {{petName}} est acceptée',
      paragraphs: [
        'Bonjour {{applicantName}},',
        'Bonne nouvelle : votre demande pour {{petName}} est acceptée. Nous vous contacterons pour la suite.',
        '{{shelter}}',
      ],
    },
    application_declined: {
      subject: 'Votre demande pour {{petName}}',
      paragraphs: [
        'Bonjour {{applicantName}},',
        'Merci de l’intérêt que vous portez à {{petName}}. Nous regrettons de ne pas pouvoir donner suite à votre demande.',
        '{{shelter}}',
      ],
    },
    reservation_confirmed: {
      subject: '{{petName}} vous est réservé',
      paragraphs: [
        'Bonjour {{adopterName}},',
        '{{petName}} vous est réservé. Fin de la réservation : {{expiresOn}}.',
        '{{shelter}}',
      ],
    },
    reservation_expiring: {
      subject: 'Votre réservation de {{petName}} se termine bientôt',
      paragraphs: [
        'Bonjour {{adopterName}},',
        'Votre réservation de {{petName}} se termine le {{expiresOn}}. Contactez-nous si vous souhaitez la garder.',
        '{{shelter}}',
      ],
    },
    signed_contract: {
      subject: 'Votre {{document}} signé pour {{petName}}',
      paragraphs: [
        'Bonjour {{adopterName}},',
        'Voici le {{document}} de {{petName}} que vous avez signé le {{signedAt}}, en PDF. Gardez-le : c’est votre exemplaire.',
        'Merci, {{shelter}}',
      ],
    },
    follow_up: {
      subject: 'Comment va {{petName}} ?',
      paragraphs: [
        'Bonjour {{adopterName}},',
        'Cela fait {{days}} jours que {{petName}} est arrivé chez vous, le {{adoptedOn}}. Nous serions heureux d’avoir de ses nouvelles.',
        '{{questions}}',
        '{{shelter}}',
      ],
    },
    dose_due_foster: {
      subject: '{{petName}} : {{vaccine}} prévu le {{dueOn}}',
      paragraphs: [
        'Bonjour {{fosterName}},',
        '{{petName}}, dont vous prenez soin, doit recevoir {{vaccine}} le {{dueOn}}. Merci de nous l’amener ou de nous contacter.',
        '{{shelter}}',
      ],
    },
    dose_due_adopter: {
      subject: '{{petName}} : {{vaccine}} prévu le {{dueOn}}',
      paragraphs: [
        'Bonjour {{adopterName}},',
        'Un rappel : {{petName}} doit recevoir {{vaccine}} le {{dueOn}}.',
        '{{shelter}}',
      ],
    },
    staff_new_application: {
      subject: 'Nouvelle demande pour {{petName}}',
      paragraphs: ['{{applicantName}} a envoyé une demande pour {{petName}}. Elle attend dans la file d’examen.'],
    },
    staff_signed_contract: {
      subject: '{{petName}} : {{document}} signé par {{adopterName}}',
      paragraphs: ['{{adopterName}} a signé le {{document}} de {{petName}} le {{signedAt}}.'],
    },
  },
  es: {
    application_received: {
      subject: 'Hemos recibido su solicitud para {{petName}}',
      paragraphs: [
        'Estimado/a {{applicantName}}:',
        'Gracias por su solicitud para adoptar a {{petName}}. La leeremos y le responderemos pronto.',
        '{{shelter}}',
      ],
    },
    application_approved: {
      subject: 'Su solicitud para {{petName}} ha sido aprobada',
      paragraphs: [
        'Estimado/a {{applicantName}}:',
        'Buenas noticias: su solicitud para {{petName}} ha sido aprobada. Le contactaremos para los siguientes pasos.',
        '{{shelter}}',
      ],
    },
    application_declined: {
      subject: 'Su solicitud para {{petName}}',
      paragraphs: [
        'Estimado/a {{applicantName}}:',
        'Gracias por su interés en {{petName}}. Lamentamos no poder seguir adelante con su solicitud.',
        '{{shelter}}',
      ],
    },
    reservation_confirmed: {
      subject: '{{petName}} está reservado para usted',
      paragraphs: [
        'Estimado/a {{adopterName}}:',
        '{{petName}} está reservado para usted. Fin de la reserva: {{expiresOn}}.',
        '{{shelter}}',
      ],
    },
    reservation_expiring: {
      subject: 'Su reserva de {{petName}} termina pronto',
      paragraphs: [
        'Estimado/a {{adopterName}}:',
        'Su reserva de {{petName}} termina el {{expiresOn}}. Contáctenos si desea mantenerla.',
        '{{shelter}}',
      ],
    },
    signed_contract: {
      subject: 'Su {{document}} firmado para {{petName}}',
      paragraphs: [
        'Hola, {{adopterName}}:',
        'Le enviamos en PDF el {{document}} de {{petName}} que firmó el {{signedAt}}. Guárdelo: es su copia.',
        'Gracias, {{shelter}}',
      ],
    },
    follow_up: {
      subject: '¿Qué tal está {{petName}}?',
      paragraphs: [
        'Estimado/a {{adopterName}}:',
        'Han pasado {{days}} días desde que {{petName}} se fue a casa con usted el {{adoptedOn}}. Nos encantaría saber cómo va todo.',
        '{{questions}}',
        '{{shelter}}',
      ],
    },
    dose_due_foster: {
      subject: '{{petName}}: {{vaccine}} el {{dueOn}}',
      paragraphs: [
        'Estimado/a {{fosterName}}:',
        '{{petName}}, a su cuidado, debe recibir {{vaccine}} el {{dueOn}}. Tráigalo o contáctenos, por favor.',
        '{{shelter}}',
      ],
    },
    dose_due_adopter: {
      subject: '{{petName}}: {{vaccine}} el {{dueOn}}',
      paragraphs: [
        'Estimado/a {{adopterName}}:',
        'Un recordatorio: {{petName}} debe recibir {{vaccine}} el {{dueOn}}.',
        '{{shelter}}',
      ],
    },
    staff_new_application: {
      subject: 'Nueva solicitud para {{petName}}',
      paragraphs: ['{{applicantName}} envió una solicitud para {{petName}}. Espera en la cola de revisión.'],
    },
    staff_signed_contract: {
      subject: '{{petName}}: {{document}} firmado por {{adopterName}}',
      paragraphs: ['{{adopterName}} firmó el {{document}} de {{petName}} el {{signedAt}}.'],
    },
  },
  de: {
    application_received: {
      subject: 'Wir haben Ihre Anfrage für {{petName}} erhalten',
      paragraphs: [
        'Guten Tag {{applicantName}},',
        'vielen Dank für Ihre Anfrage für {{petName}}. Wir lesen sie und melden uns bald bei Ihnen.',
        '{{shelter}}',
      ],
    },
    application_approved: {
      subject: 'Ihre Anfrage für {{petName}} ist angenommen',
      paragraphs: [
        'Guten Tag {{applicantName}},',
        'gute Nachrichten: Ihre Anfrage für {{petName}} ist angenommen. Wir melden uns wegen der nächsten Schritte.',
        '{{shelter}}',
      ],
    },
    application_declined: {
      subject: 'Ihre Anfrage für {{petName}}',
      paragraphs: [
        'Guten Tag {{applicantName}},',
        'vielen Dank für Ihr Interesse an {{petName}}. Leider können wir Ihre Anfrage nicht weiterverfolgen.',
        '{{shelter}}',
      ],
    },
    reservation_confirmed: {
      subject: '{{petName}} ist für Sie reserviert',
      paragraphs: [
        'Guten Tag {{adopterName}},',
        '{{petName}} ist bis {{expiresOn}} für Sie reserviert.',
        '{{shelter}}',
      ],
    },
    reservation_expiring: {
      subject: 'Ihre Reservierung von {{petName}} endet bald',
      paragraphs: [
        'Guten Tag {{adopterName}},',
        'Ihre Reservierung von {{petName}} endet am {{expiresOn}}. Melden Sie sich, wenn Sie sie behalten möchten.',
        '{{shelter}}',
      ],
    },
    signed_contract: {
      subject: '{{document}} für {{petName}}, unterschrieben',
      paragraphs: [
        'Hallo {{adopterName}},',
        'anbei als PDF: {{document}} für {{petName}}, von Ihnen am {{signedAt}} unterschrieben. Bewahren Sie das Dokument auf: Es ist Ihr Exemplar.',
        'Vielen Dank, {{shelter}}',
      ],
    },
    follow_up: {
      subject: 'Wie geht es {{petName}}?',
      paragraphs: [
        'Guten Tag {{adopterName}},',
        'seit dem {{adoptedOn}} ist {{petName}} nun {{days}} Tage bei Ihnen. Wir würden gern hören, wie es läuft.',
        '{{questions}}',
        '{{shelter}}',
      ],
    },
    dose_due_foster: {
      subject: '{{petName}}: {{vaccine}} am {{dueOn}} fällig',
      paragraphs: [
        'Guten Tag {{fosterName}},',
        '{{petName}}, in Ihrer Pflege, bekommt am {{dueOn}} {{vaccine}}. Bitte bringen Sie das Tier vorbei oder melden Sie sich.',
        '{{shelter}}',
      ],
    },
    dose_due_adopter: {
      subject: '{{petName}}: {{vaccine}} am {{dueOn}} fällig',
      paragraphs: [
        'Guten Tag {{adopterName}},',
        'zur Erinnerung: {{petName}} bekommt am {{dueOn}} {{vaccine}}.',
        '{{shelter}}',
      ],
    },
    staff_new_application: {
      subject: 'Neue Anfrage für {{petName}}',
      paragraphs: ['{{applicantName}} hat eine Anfrage für {{petName}} gesendet. Sie wartet in der Prüfliste.'],
    },
    staff_signed_contract: {
      subject: '{{petName}}: {{document}} von {{adopterName}} unterschrieben',
      paragraphs: ['{{adopterName}} hat am {{signedAt}} unterschrieben: {{document}} für {{petName}}.'],
    },
  },
};
