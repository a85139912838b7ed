/**
 * What the API must answer, written by hand from the contract's words (docs/contract.md, "The public
 * API") — never from the server's own schemas — so that the fuzz tests judge the server
 * independently. Each predicate quotes the rule it encodes.
 */

export const PET_STATUSES = ['available', 'pending', 'sold'] as const;
export type PetStatusWord = (typeof PET_STATUSES)[number];

const INT64_MAX = 2n ** 63n - 1n;
const NAME_MAX = 200;
const PAGE_DEFAULT = 20;

/** "`limit` 1..100": a plain decimal integer (the document says `type: integer`; 1e1, +5, 0x10 are not). */
export function isValidLimit(value: string): boolean {
  return /^[0-9]+$/.test(value) && Number(value) >= 1 && Number(value) <= 100;
}

/** "`status` filter": one of the three PetStatus words, exactly. */
export function isPetStatus(value: unknown): value is PetStatusWord {
  return typeof value === 'string' && (PET_STATUSES as readonly string[]).includes(value);
}

/** "A petId that is not a positive integer → 400", and it is an int64: 1..2^63−1, no sign, no leading zero. */
export function isValidPetId(value: string): boolean {
  return /^[1-9][0-9]{0,18}$/.test(value) && BigInt(value) <= INT64_MAX;
}

/**
 * The one rule for names (docs/decisions.md, "Names"): no control character anywhere — Unicode `Cc`
 * (C0, DEL, C1) and the line and paragraph separators U+2028/U+2029 —, no lone surrogate, no
 * noncharacter (U+FDD0–U+FDEF, and U+xFFFE/U+xFFFF of every plane), and at least one visible
 * character: one that is not white space, a control, a format character (`Cf`) or a
 * default-ignorable code point.
 */
const isControl = (character: string) => /^[\p{Cc}\u2028\u2029]$/u.test(character);
const isLoneSurrogate = (character: string) => /^\p{Cs}$/u.test(character);
const isNoncharacter = (character: string) => {
  const code = character.codePointAt(0)!;
  return (code >= 0xfdd0 && code <= 0xfdef) || (code & 0xfffe) === 0xfffe;
};
const isVisible = (character: string) =>
  /^[^\p{White_Space}\p{Cc}\p{Cf}\u2028\u2029\p{Default_Ignorable_Code_Point}]$/u.test(character);

/**
 * True when a name breaks the names rule past its length: a control character, a lone surrogate,
 * a noncharacter, or nothing to see. Such names are refused (and tested in detail in pet-names-api.test.ts).
 */
function breaksNameRules(name: string): boolean {
  const characters = [...name.trim()];
  return (
    characters.some(isControl) ||
    characters.some(isLoneSurrogate) ||
    characters.some(isNoncharacter) ||
    !characters.some(isVisible)
  );
}

/**
 * "`name`: string, trimmed, 1..200 characters", characters being code points, and the names rule
 * above. Returns the name as stored, or undefined when refused.
 */
export function nameVerdict(name: unknown): string | undefined {
  if (typeof name !== 'string') return undefined;
  const trimmed = name.trim();
  const length = [...trimmed].length;
  if (length < 1 || length > NAME_MAX) return undefined;
  if (breaksNameRules(trimmed)) return undefined;
  return trimmed;
}

export type CreateVerdict =
  { status: 201; pet: { name: string; categoryId: number; status: PetStatusWord } } | { status: 400 };

/**
 * POST /pets with Content-Type application/json: "Unknown fields, wrong JSON types, malformed JSON → 400";
 * `categoryId` "positive safe integer of an existing category"; `status` optional, default `available`.
 * A leading byte order mark may be ignored (RFC 8259 §8.1).
 */
export function createVerdict(bodyText: string, categories: ReadonlySet<number>): CreateVerdict {
  // The text as it arrives: sent as UTF-8, where a lone surrogate becomes U+FFFD.
  const received = Buffer.from(bodyText, 'utf8').toString('utf8');
  let body: unknown;
  try {
    body = JSON.parse(received.replace(/^\uFEFF/, ''));
  } catch {
    return { status: 400 };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { status: 400 };
  const fields = body as Record<string, unknown>;
  if (Object.keys(fields).some((field) => !['name', 'categoryId', 'status'].includes(field))) return { status: 400 };
  const name = nameVerdict(fields.name);
  const categoryId = fields.categoryId;
  const validCategory =
    typeof categoryId === 'number' && Number.isSafeInteger(categoryId) && categoryId > 0 && categories.has(categoryId);
  const status = 'status' in fields ? fields.status : 'available';
  if (name === undefined || !validCategory || !isPetStatus(status)) return { status: 400 };
  return { status: 201, pet: { name, categoryId, status } };
}

/** A query component as a server reads it: percent-decoded, "+" as a space; kept as sent where malformed. */
function decodeQueryComponent(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return raw;
  }
}

export type ListVerdict =
  | { status: 200; limit: number; filter: PetStatusWord | undefined; cursor: string | undefined }
  | { status: 400; fields: string[] };

/**
 * GET /pets?query: `limit` 1..100 (default 20), `status` a PetStatus, `cursor` one this server issued;
 * each at most once; "Unknown query parameters are ignored". (Whether a malformed escape is decoded
 * or kept cannot turn a value into a valid one, since valid values contain no "%".)
 */
export function listVerdict(query: string, issuedCursors: ReadonlySet<string>): ListVerdict {
  const values = new Map<string, string[]>();
  for (const part of query.split('&')) {
    if (part === '') continue;
    const equals = part.indexOf('=');
    const key = decodeQueryComponent(equals === -1 ? part : part.slice(0, equals));
    const value = equals === -1 ? '' : decodeQueryComponent(part.slice(equals + 1));
    values.set(key, [...(values.get(key) ?? []), value]);
  }
  const invalid: string[] = [];
  const single = (key: string, valid: (value: string) => boolean): string | undefined => {
    const given = values.get(key);
    if (given === undefined) return undefined;
    if (given.length !== 1 || !valid(given[0] ?? '')) invalid.push(key);
    return given[0];
  };
  const limit = single('limit', isValidLimit);
  const filter = single('status', isPetStatus);
  const cursor = single('cursor', (value) => issuedCursors.has(value));
  if (invalid.length > 0) return { status: 400, fields: invalid };
  return {
    status: 200,
    limit: limit === undefined ? PAGE_DEFAULT : Number(limit),
    filter: filter as PetStatusWord | undefined,
    cursor,
  };
}

export type RouteVerdict =
  | { status: 400; reason: 'encoding' | 'petId' }
  | { status: 404 | 200 | 201 | 204 }
  | { status: 405; allow: string[] }
  | { status: 'pet'; petId: string };

const ROUTES: { path: (segments: string[]) => boolean; methods: string[] }[] = [
  { path: (s) => s.length === 3 && s[1] === 'v1' && s[2] === 'pets', methods: ['GET', 'HEAD', 'POST'] },
  { path: (s) => s.length === 4 && s[1] === 'v1' && s[2] === 'pets', methods: ['GET', 'HEAD'] },
  { path: (s) => s.length === 3 && s[1] === 'v1' && s[2] === 'openapi.json', methods: ['GET', 'HEAD'] },
];

/**
 * A request with a valid key (and, for POST /pets, a valid NewPet) to a path sent as-is: malformed
 * percent-encoding → 400; "Unknown path → 404; known path, wrong method → 405 with an Allow header";
 * OPTIONS on a known path → 204 with Allow; GET /pets/{petId} is judged by isValidPetId and whether
 * the pet exists ('pet'). Paths are compared segment by segment after percent-decoding, with no
 * normalisation of dot segments or empty segments.
 */
export function routeVerdict(method: string, rawPath: string): RouteVerdict {
  const segments: string[] = [];
  for (const raw of rawPath.split('/')) {
    try {
      segments.push(decodeURIComponent(raw));
    } catch {
      return { status: 400, reason: 'encoding' };
    }
  }
  const route = ROUTES.find((candidate) => candidate.path(segments));
  if (!route) return { status: 404 };
  if (method === 'OPTIONS') return { status: 204 };
  if (!route.methods.includes(method)) return { status: 405, allow: route.methods };
  if (segments.length === 4)
    return isValidPetId(segments[3] ?? '')
      ? { status: 'pet', petId: segments[3] ?? '' }
      : { status: 400, reason: 'petId' };
  return { status: method === 'POST' ? 201 : 200 };
}

/** "Authorization: Bearer <key>": the scheme in any case (RFC 9110 §11.1), then whitespace and the key. */
export function isBearerOf(header: string, key: string): boolean {
  const match = /^\s*(\S+)\s+(\S+)\s*$/.exec(header);
  return match !== null && match[1]?.toLowerCase() === 'bearer' && match[2] === key;
}
