/**
 * Names staff and clients give things (pets, categories, accounts, key labels): what they may
 * contain, and how two names compare (search, uniqueness).
 */
import { z } from 'zod';

/** C0, DEL and C1 controls, and the line and paragraph separators: they break lines or drive terminals. */
const CONTROL_CHARACTER = /[\p{Cc}\p{Zl}\p{Zp}]/u;
/** Half of a surrogate pair on its own is not text: it cannot be stored as UTF-8. */
const LONE_SURROGATE = /\p{Cs}/u;
/**
 * Unicode's 66 noncharacters (U+FDD0–U+FDEF and the last two code points of every plane): reserved
 * for a program's own use, never for interchange; U+FFFE and U+FFFF are not even XML.
 */
const NONCHARACTER =
  /[\uFDD0-\uFDEF\uFFFE\uFFFF\u{1FFFE}\u{1FFFF}\u{2FFFE}\u{2FFFF}\u{3FFFE}\u{3FFFF}\u{4FFFE}\u{4FFFF}\u{5FFFE}\u{5FFFF}\u{6FFFE}\u{6FFFF}\u{7FFFE}\u{7FFFF}\u{8FFFE}\u{8FFFF}\u{9FFFE}\u{9FFFF}\u{AFFFE}\u{AFFFF}\u{BFFFE}\u{BFFFF}\u{CFFFE}\u{CFFFF}\u{DFFFE}\u{DFFFF}\u{EFFFE}\u{EFFFF}\u{FFFFE}\u{FFFFF}\u{10FFFE}\u{10FFFF}]/u;
/** Anything that leaves a mark: not white space, not a control, format or default-ignorable character. */
const VISIBLE_CHARACTER = /[^\p{White_Space}\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;
const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
const FINAL_SIGMA = /ς/g;

export const NAME_RULES = {
  control: 'must not contain control characters',
  loneSurrogate: 'must be valid Unicode text (it holds half of a surrogate pair)',
  noncharacter: 'must not contain Unicode noncharacters',
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
    .refine((value) => !LONE_SURROGATE.test(value), { error: NAME_RULES.loneSurrogate, abort: true })
    .refine((value) => !NONCHARACTER.test(value), {
      error: (issue) => {
        const found = typeof issue.input === 'string' ? NONCHARACTER.exec(issue.input)?.[0] : undefined;
        return found === undefined
          ? NAME_RULES.noncharacter
          : `${NAME_RULES.noncharacter} (found ${codePointLabel(found)})`;
      },
      abort: true,
    });
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
 * The form every search compares in (the window's and the CLI's pet search, the site's search box):
 * `foldName`'s case folding, and accents and other marks dropped as well, so "zoe" finds "Zoë",
 * "cle" "Cléo" and "SENOR" "Señor"; letters no decomposition reaches (ø, ł, đ, ħ, æ, œ) are spelled
 * as a keyboard without them would. Uniqueness keeps `foldName`: "Zoe" and "Zoë" are two names.
 * Self-contained (no name from outside its body): the site's script embeds its source.
 */
export function foldForSearch(text: string): string {
  // Printable ASCII (most names) has no marks, no ignorables and no compatibility forms: lower case is all (every API creation folds its name).
  if (/^[ -~]*$/.test(text)) return text.toLowerCase();
  const spelled: Record<string, string> = { ø: 'o', ł: 'l', đ: 'd', ħ: 'h', æ: 'ae', œ: 'oe' };
  return text
    .normalize('NFKD')
    .toLowerCase()
    .toUpperCase()
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\p{Mn}\p{Me}\p{Default_Ignorable_Code_Point}]/gu, '')
    .replace(/ς/g, 'σ')
    .replace(/[øłđħæœ]/g, (letter) => spelled[letter] || letter)
    .normalize('NFC');
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
