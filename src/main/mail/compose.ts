import MailComposer from 'nodemailer/lib/mail-composer';
import type { MailSettings } from '../../shared/mail';

/** The words of one message in the recipient's language: `{{name}}` placeholders, filled from the values. */
export interface MailWords {
  subject: string;
  paragraphs: string[];
}

export type MailValues = Readonly<Record<string, string | number>>;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A placeholder with no value stays visible as itself: a missing value is seen in the preview, never silently dropped. */
function fill(template: string, values: MailValues, escape: (text: string) => string): string {
  let out = '';
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    out += escape(template.slice(last, match.index));
    const value = values[match[1] ?? ''];
    out += escape(value === undefined ? match[0] : String(value));
    last = match.index + match[0].length;
  }
  return out + escape(template.slice(last));
}

const asIs = (text: string) => text;
/** A value of several lines (the follow-up's questions) keeps its lines in the HTML. */
const escapeLines = (text: string) => escapeHtml(text).replaceAll('\n', '<br>');

/** Plain text and HTML from the same words; in the HTML every piece, words and values, is escaped. */
export function renderMail(words: MailWords, values: MailValues = {}): RenderedMail {
  // A header holds one line: a value cannot add a header (CR/LF would end it).
  const subject = fill(words.subject, values, asIs).replace(/[\r\n]+/g, ' ');
  // A paragraph that only held an empty value (no follow-up questions) is left out, not sent blank.
  const paragraphs = words.paragraphs.filter((paragraph) => fill(paragraph, values, asIs).trim() !== '');
  const text = paragraphs.map((paragraph) => fill(paragraph, values, asIs)).join('\n\n');
  const html = paragraphs.map((paragraph) => `<p>${fill(paragraph, values, escapeLines)}</p>`).join('\n');
  return { subject, text, html };
}

export interface MimeInput {
  messageId: string;
  to: string;
  language: string;
  subject: string;
  text: string;
  html: string;
  /** The person's link, when the message can be unsubscribed from (RFC 2369, one-click RFC 8058). */
  unsubscribe: { url: string; footer: string } | null;
  attachments?: { name: string; contentType: string; content: Buffer }[];
}

/** The message as it goes on the wire: the same Message-ID on every attempt. */
export function mimeMessage(settings: MailSettings, message: MimeInput): Promise<Buffer> {
  const footer = message.unsubscribe?.footer;
  const text = footer ? `${message.text}\n\n-- \n${footer}` : message.text;
  const html = `<!doctype html><html lang="${escapeHtml(message.language)}"><head><meta charset="utf-8"></head><body>${message.html}${
    footer ? `<hr><p style="font-size:small">${escapeHtml(footer)}</p>` : ''
  }</body></html>`;
  const headers: Record<string, string> = {};
  if (message.unsubscribe) {
    headers['List-Unsubscribe'] = `<${message.unsubscribe.url}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  const composer = new MailComposer({
    from: settings.fromName ? { name: settings.fromName, address: settings.fromAddress } : settings.fromAddress,
    to: message.to,
    subject: message.subject,
    messageId: message.messageId,
    text,
    html,
    headers: { ...headers, 'Content-Language': message.language },
    attachments: (message.attachments ?? []).map(({ name, contentType, content }) => ({
      filename: name,
      contentType,
      content,
    })),
  });
  return new Promise((resolve, reject) =>
    composer.compile().build((error, raw) => (error ? reject(error) : resolve(raw))),
  );
}
