import type { PublishedLanguage } from '../../shared/shelter';
import { escapeHtml } from './compose';
import { OUTBOX_WORDS } from './words';

/** What the unsubscribe link's page says: the question (GET), the answer (POST), or why it was not looked at. */
export type UnsubscribeStep = 'confirm' | 'done' | 'tooMany' | 'tooLarge';

/**
 * The small page the unsubscribe link opens, in the person's language (else the shelter's): every
 * word escaped, and never the token, which the form posts back to the address it came from.
 */
export function unsubscribePage(step: UnsubscribeStep, language: PublishedLanguage, shelterName: string): string {
  const words = OUTBOX_WORDS[language];
  const said = (text: string) => escapeHtml(text.replaceAll('{{shelter}}', shelterName));
  const [title, body] =
    step === 'confirm'
      ? [words.unsubscribeConfirm.title, words.unsubscribeConfirm.body]
      : step === 'done'
        ? [words.unsubscribedPage.title, words.unsubscribedPage.body]
        : [shelterName, words.unsubscribeRefused[step]];
  // One-click's own body (RFC 8058 §3.2), so the button and a mail client post the same thing.
  const form =
    step === 'confirm'
      ? `<form method="post" action=""><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(words.unsubscribeConfirm.button)}</button></form>`
      : '';
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><title>${said(title)}</title><link rel="stylesheet" href="/forms/form.css"></head>
<body><main><h1>${said(title)}</h1><p>${said(body)}</p>${form}</main></body>
</html>
`;
}
