/**
 * What a public form's body must be before anything in it is believed: read up to a bound, decoded
 * as strict UTF-8 (an invalid sequence refuses the whole body, never a replacement character), and
 * not mostly links.
 */
import type { IncomingMessage } from 'node:http';

/** The body, or undefined once it passes `limit` bytes (reading stops there). */
export function readBoundedBody(stream: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        stream.off('data', onData);
        stream.pause();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    };
    stream.on('data', onData);
    stream.once('end', () => resolve(Buffer.concat(chunks)));
    stream.once('error', reject);
  });
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/** `application/x-www-form-urlencoded` as fields, each value strict UTF-8; undefined when any byte sequence is not. */
export function decodeFormBody(body: Buffer): Map<string, string> | undefined {
  const fields = new Map<string, string>();
  try {
    const text = STRICT_UTF8.decode(body);
    for (const pair of text.split('&')) {
      if (pair === '') continue;
      const equals = pair.indexOf('=');
      const name = percentDecoded(equals === -1 ? pair : pair.slice(0, equals));
      const value = percentDecoded(equals === -1 ? '' : pair.slice(equals + 1));
      // A field sent twice keeps its first value: nothing later overrides what was checked.
      if (!fields.has(name)) fields.set(name, value);
    }
  } catch {
    return undefined;
  }
  return fields;
}

function percentDecoded(text: string): string {
  const bytes: number[] = [];
  const plain = Buffer.from(text.replace(/\+/g, ' '), 'utf8');
  for (let index = 0; index < plain.length; index++) {
    const byte = plain[index]!;
    if (byte === 0x25) {
      const hex = plain.subarray(index + 1, index + 3).toString('latin1');
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) throw new Error('bad percent-escape');
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else bytes.push(byte);
  }
  return checkedText(STRICT_UTF8.decode(Uint8Array.from(bytes)));
}

/** Control characters other than tab and line breaks have no place in a form's text. */
function checkedText(decoded: string): string {
  for (const char of decoded) {
    const code = char.charCodeAt(0);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) throw new Error('control character');
  }
  return decoded;
}

/** A file part of a multipart body: the field it was sent as, and its bytes. */
export interface SentFile {
  field: string;
  bytes: Buffer;
}

/**
 * `multipart/form-data` (RFC 7578) as fields and files: each text part strict UTF-8 under the same
 * rules as a urlencoded value, each part with a file name kept as bytes; undefined when the body is
 * not well formed. A field sent twice keeps its first value, as in `decodeFormBody`.
 */
export function decodeMultipartBody(
  body: Buffer,
  boundary: string,
): { fields: Map<string, string>; files: SentFile[] } | undefined {
  if (!/^[0-9A-Za-z'()+_,\-./:=?]{1,70}$/.test(boundary)) return undefined;
  const delimiter = Buffer.from(`--${boundary}`);
  const fields = new Map<string, string>();
  const files: SentFile[] = [];
  let at = body.indexOf(delimiter);
  if (at !== 0) return undefined;
  try {
    for (;;) {
      at += delimiter.length;
      if (body.subarray(at, at + 2).toString('latin1') === '--') return { fields, files };
      if (body.subarray(at, at + 2).toString('latin1') !== '\r\n') return undefined;
      const headersEnd = body.indexOf('\r\n\r\n', at + 2);
      const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headersEnd);
      if (headersEnd === -1 || next === -1) return undefined;
      const headers = STRICT_UTF8.decode(body.subarray(at + 2, headersEnd));
      const disposition = /^content-disposition:\s*form-data;([^\r\n]*)$/im.exec(headers)?.[1] ?? '';
      const name = /(?:^|;)\s*name="([^"]*)"/.exec(disposition)?.[1];
      if (name === undefined) return undefined;
      const content = body.subarray(headersEnd + 4, next);
      if (/(?:^|;)\s*filename="/.test(disposition)) {
        if (content.length > 0) files.push({ field: name, bytes: Buffer.from(content) });
      } else if (!fields.has(name)) fields.set(name, checkedText(STRICT_UTF8.decode(content)));
      at = next + 2;
    }
  } catch {
    return undefined;
  }
}

const LINK = /\b(?:https?:\/\/|www\.)\S+|\[url=|<a\s/gi;

/** More than three links in all, or links making up half the text: the shape of a link farm, not of an application. */
export function mostlyLinks(values: readonly string[]): boolean {
  let links = 0;
  let linkChars = 0;
  let chars = 0;
  for (const value of values) {
    chars += value.trim().length;
    for (const match of value.matchAll(LINK)) {
      links += 1;
      linkChars += match[0].length;
    }
  }
  return links > 3 || (links > 0 && linkChars * 2 >= chars);
}
