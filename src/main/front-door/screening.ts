/**
 * What a public form's body must be before anything in it is believed: read up to a bound, decoded
 * as strict UTF-8 (an invalid sequence refuses the whole body, never a replacement character), and
 * not mostly links.
 */
import type { IncomingMessage } from 'node:http';
import busboy, { type Busboy } from 'busboy';

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

/** The transfer encodings of a part sent as it is (RFC 7578 §4.7): busboy decodes no other. */
const AS_SENT = new Set(['7bit', '8bit', 'binary']);

export interface MultipartBounds {
  /** The whole body, in bytes: reading stops there. */
  bodyLimit: number;
  /** One text field's value, in bytes. */
  fieldLimit: number;
  /** How many text fields, and how many files. */
  fields: number;
  files: number;
}

/**
 * `multipart/form-data` (RFC 7578) read as it arrives by busboy, with the same rules as a urlencoded
 * body: each text part strict UTF-8 without control characters, a field sent twice keeps its first
 * value, an empty file part (a file input left empty) is no file. 'tooLarge' once the body passes its
 * bound (reading stops there); 'unreadable' when it is not well formed, is cut short, or passes a
 * field or file bound.
 */
export function readMultipartBody(
  stream: IncomingMessage,
  bounds: MultipartBounds,
): Promise<{ fields: Map<string, string>; files: SentFile[] } | 'tooLarge' | 'unreadable'> {
  return new Promise((resolve) => {
    const fields = new Map<string, string>();
    const files: SentFile[] = [];
    let settled = false;
    let parser: Busboy;
    const settle = (outcome: Parameters<typeof resolve>[0]) => {
      if (settled) return;
      settled = true;
      stream.off('data', onData);
      if (outcome !== 'unreadable' || !stream.complete) stream.pause();
      parser?.destroy();
      resolve(outcome);
    };
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > bounds.bodyLimit) return settle('tooLarge');
      parser.write(chunk);
    };
    try {
      parser = busboy({
        headers: stream.headers,
        // Bytes as sent, each checked as strict UTF-8 below: busboy's own UTF-8 decoding would replace
        // an invalid sequence instead of refusing it. A part naming another charset is refused.
        defCharset: 'latin1',
        limits: {
          fields: bounds.fields,
          fieldSize: bounds.fieldLimit,
          files: bounds.files,
          fileSize: bounds.bodyLimit,
          parts: bounds.fields + bounds.files,
        },
      });
    } catch {
      return settle('unreadable');
    }
    const refuse = () => settle('unreadable');
    parser.on('field', (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated || !AS_SENT.has(info.encoding)) return refuse();
      const text = strictText(value);
      if (text === undefined) return refuse();
      if (!fields.has(name)) fields.set(name, text);
    });
    parser.on('file', (name, file, info) => {
      if (!AS_SENT.has(info.encoding)) {
        file.resume();
        return refuse();
      }
      const chunks: Buffer[] = [];
      file.on('data', (chunk: Buffer) => chunks.push(chunk));
      file.on('limit', refuse);
      file.on('error', refuse);
      file.on('end', () => {
        const bytes = Buffer.concat(chunks);
        if (bytes.length > 0) files.push({ field: name, bytes });
      });
    });
    parser.on('fieldsLimit', refuse);
    parser.on('filesLimit', refuse);
    parser.on('partsLimit', refuse);
    parser.on('error', refuse);
    parser.on('close', () => settle({ fields, files }));
    stream.on('data', onData);
    stream.once('end', () => parser.end());
    stream.once('aborted', refuse);
    stream.once('error', refuse);
  });
}

/** A value busboy gave as Latin-1 (one character a byte) as the strict UTF-8 text it must be. */
function strictText(bytesAsLatin1: string): string | undefined {
  // A character past 0xFF means the part named a charset of its own: not what a form sends.
  if (/[\u0100-\u{10ffff}]/u.test(bytesAsLatin1)) return undefined;
  try {
    return checkedText(STRICT_UTF8.decode(Buffer.from(bytesAsLatin1, 'latin1')));
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
