/**
 * The shared name rules as the public API applies them: 400 with one plain message, nothing stored.
 * The rules apply to the trimmed name (outer tabs and newlines are trimmed); the fuzzed names are
 * judged by the independent oracle.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pet } from '../../src/shared/pet';
import { startTestServer, type TestServer } from '../helpers/api-server';
import { createVerdict, nameVerdict } from '../helpers/contract-oracle';
import { expectError, jsonHeaders } from '../helpers/http';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

const create = (name: string) =>
  fetch(`${server.baseUrl}/pets`, {
    method: 'POST',
    headers: jsonHeaders(server.key),
    body: JSON.stringify({ name, categoryId: 1 }),
  });

const control = (code: string) => `name: must not contain control characters (found U+${code})`;
const NOTHING_VISIBLE = 'name: must contain at least one visible character';

describe('POST /v1/pets names', () => {
  it.each([
    ['an escape sequence', 'Evil\x1b[2J', control('001B')],
    ['a newline inside (a forged second line)', 'Rex\n999 Forged', control('000A')],
    ['a C1 control', 'C1\u009b', control('009B')],
    ['NUL inside', 'Re\u0000x', control('0000')],
    ['a tab inside', 'Mr.\tWhiskers', control('0009')],
    ['a newline inside', 'Line\nbreak', control('000A')],
    ['BEL', 'Rex\u0007', control('0007')],
    ['U+001F at the start (not trimmed)', '\u001FRex', control('001F')],
    ['DEL', 'Rex\u007F', control('007F')],
    ['only ZWSP, ZWJ and a word joiner', '\u200b\u200d\u2060', NOTHING_VISIBLE],
    ['only a zero-width space', '\u200B', NOTHING_VISIBLE],
    ['only ZWNJ and ZWJ', '\u200C\u200D', NOTHING_VISIBLE],
    ['only a word joiner', '\u2060', NOTHING_VISIBLE],
    ['zero-width spaces between outer spaces', '  \u200B\u200B  ', NOTHING_VISIBLE],
    ['zero-width spaces with a space between', '\u200B \u200B', NOTHING_VISIBLE],
    ['only spaces and a newline', ' \n ', 'name: must not be empty'],
    [
      'U+FFFF, which no XML parser reads (the Atom feed broke on it)',
      'Api\uffffpet',
      'name: must not contain Unicode noncharacters (found U+FFFF)',
    ],
    ['a noncharacter of plane 16', 'Rex\u{10fffe}', 'name: must not contain Unicode noncharacters (found U+10FFFE)'],
    ['an Arabic-block noncharacter', '\ufdd0Rex', 'name: must not contain Unicode noncharacters (found U+FDD0)'],
  ])(
    'refuses a name with %s: 400 validation_failed saying which rule, nothing stored',
    async (_label, name, message) => {
      // The oracle knows the contract's C0 and DEL; C1 controls are the server's own, stricter rule.
      if (!/[\u0080-\u009f]/.test(name)) expect(nameVerdict(name)).toBeUndefined();
      const body = await expectError(await create(name), 400, 'validation_failed');
      expect(body.message).toBe(message);
      expect(server.engine.services.pets.count()).toBe(0);
    },
  );

  it.each([
    ['an emoji ZWJ sequence and a space', '👩‍👩‍👧 Family', '👩‍👩‍👧 Family'],
    ['an emoji ZWJ sequence alone', '👩‍👩‍👧‍👦', '👩‍👩‍👧‍👦'],
    ['letters beyond ASCII', 'Señor Whiskers', 'Señor Whiskers'],
    ['a right-to-left mark between scripts', 'שלום\u200f Rex', 'שלום\u200f Rex'],
    ['a ZWJ between letters', 'Zo\u200De', 'Zo\u200De'],
    ['a non-breaking space inside', 'Mr.\u00A0Whiskers', 'Mr.\u00A0Whiskers'],
    ['outer tabs and newlines, trimmed', '\t\nRex\n', 'Rex'],
  ])('stores %s exactly', async (_label, name, stored) => {
    expect(nameVerdict(name)).toBe(stored);
    const response = await create(name);
    expect(response.status).toBe(201);
    expect(((await response.json()) as Pet).name).toBe(stored);
  });

  it('names mixing letters, control and invisible characters: 201 exactly when the oracle accepts the name', async () => {
    const letter = fc.constantFrom('a', 'Z', 'é', '🐶', '猫', ' ');
    const controlCharacter = fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code));
    const invisible = fc.constantFrom('\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF');
    const name = fc.oneof(
      fc
        .array(fc.oneof(letter, controlCharacter, invisible, fc.constant('\u007F')), { minLength: 1, maxLength: 12 })
        .map((parts) => parts.join('')),
      fc.array(invisible, { minLength: 1, maxLength: 6 }).map((parts) => ` ${parts.join('')} `),
    );
    await fc.assert(
      fc.asyncProperty(name, async (candidate) => {
        const body = JSON.stringify({ name: candidate, categoryId: 1 });
        const verdict = createVerdict(body, new Set([1]));
        const response = await create(candidate);
        const text = await response.text();
        expect(response.status, `${JSON.stringify(candidate)} → ${text}`).toBe(verdict.status);
        if (verdict.status === 201) expect(JSON.parse(text)).toMatchObject({ name: verdict.pet.name });
      }),
      { numRuns: 200 },
    );
  });
});
