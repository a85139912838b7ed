/**
 * Names staff and clients give things (pets, categories, accounts, key labels): what they may
 * contain, and how two names compare (search, uniqueness).
 */
import { z } from 'zod';

/** C0, DEL and C1 controls, and the line and paragraph separators: they break lines or drive terminals. */
const CONTROL_CHARACTER = /[\p{Cc}\p{Zl}\p{Zp}]/u;
/** Half of a surrogate pair on its own is not text: it cannot be stored as UTF-8. */
const LONE_SURROGATE = /\p{Cs}/u;
/** Anything that leaves a mark: not white space, not a control, format or default-ignorable character. */
const VISIBLE_CHARACTER = /[^\p{White_Space}\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;
const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
const FINAL_SIGMA = /ς/g;

export const NAME_RULES = {
  control: 'must not contain control characters',
  loneSurrogate: 'must be valid Unicode text (it holds half of a surrogate pair)',
  empty: 'must not be empty',
  invisible: 'must contain at least one visible character',
} as const;

/** "U+001B": how a message points at one character without printing it. */
export function codePointLabel(character: string): string {
  return `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

export function hasVisibleCharacter(text: string): boolean {
  return VISIBLE_CHARACTER.test(text);
}

/**
 * A name: trimmed, then refused with one message naming the first rule it breaks. Otherwise stored
 * exactly: format characters inside visible text (the ZWJ of an emoji sequence, say) stay.
 */
export function nameSchema(max: number, options: { optional?: boolean } = {}) {
  const text = z
    .string({ error: 'must be a string' })
    .trim()
    .refine((value) => !CONTROL_CHARACTER.test(value), {
      error: (issue) => {
        const found = typeof issue.input === 'string' ? CONTROL_CHARACTER.exec(issue.input)?.[0] : undefined;
        return found === undefined ? NAME_RULES.control : `${NAME_RULES.control} (found ${codePointLabel(found)})`;
      },
      abort: true,
    })
    .refine((value) => !LONE_SURROGATE.test(value), { error: NAME_RULES.loneSurrogate, abort: true });
  const present = options.optional ? text : text.min(1, { error: NAME_RULES.empty, abort: true });
  return present
    .refine((value) => value === '' || hasVisibleCharacter(value), { error: NAME_RULES.invisible, abort: true })
    .max(max, { error: `must be at most ${max} characters` });
}

/**
 * The form names are compared in, for search and uniqueness: compatibility-normalised (NFKC),
 * case-folded beyond ASCII ("SEÑOR" = "señor", "STRASSE" = "straße", "ΣΟΦΟΣ" = "σοφος") and
 * without default-ignorable characters — close to Unicode's NFKC_Casefold. Never shown.
 */
export function foldName(name: string): string {
  // Lower, upper, lower: reaches the full case folding of ß and ẞ (→ ss), which toLowerCase alone misses.
  const cased = name.normalize('NFKC').toLowerCase().toUpperCase().toLowerCase();
  return cased.replace(FINAL_SIGMA, 'σ').replace(DEFAULT_IGNORABLE, '').normalize('NFKC');
}

/**
 * `base`, or `base (2)`, `base (3)`, … : the first whose folded form `isTaken` refuses, kept within
 * `max` characters by shortening `base` (whole code points) when a suffix is needed.
 */
export function firstFreeName(base: string, isTaken: (folded: string) => boolean, max: number): string {
  if (!isTaken(foldName(base))) return base;
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = `${shortenTo(base, max - suffix.length).trimEnd()}${suffix}`;
    if (!isTaken(foldName(candidate))) return candidate;
  }
}

function shortenTo(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = '';
  for (const character of text) {
    if (out.length + character.length > max) break;
    out += character;
  }
  return out;
}
