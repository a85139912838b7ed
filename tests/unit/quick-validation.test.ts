import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { newPetAsZodReadsIt, quickValidatorCompiler } from '../../src/main/http/api/quick-validation';
import { petJson } from '../../src/main/http/api/routes/pets';
import { ListPetsQuerySchema, NewPetSchema, PetSchema, type Pet } from '../../src/shared/pet';

/** What Fastify's querystring parser hands the validator: a plain object, an array for a repeated name. */
type ParsedQuery = Record<string, string | string[]>;

const route = <S>(schema: S, httpPart = 'querystring') => ({ schema, method: 'GET', url: '/v1/pets', httpPart });

const QUERIES: ParsedQuery[] = [
  {},
  { limit: '20', status: 'available' },
  { status: 'available', limit: '20' },
  { limit: '5' },
  { limit: '0x10' },
  { limit: '0' },
  { limit: '20', status: 'gone' },
  { limit: ['20', '30'] },
  { cursor: 'x'.repeat(201) },
  { cursor: 'YWZ0ZXI6MjA' },
  { limit: '2', status: 'pending' },
  { '2:limit': '0', limit: '3' },
];

describe("the busiest routes' checks", () => {
  it('answer every query exactly as zod does, asked once or many times', () => {
    const plain = validatorCompiler(route(ListPetsQuerySchema));
    const once = quickValidatorCompiler(route(ListPetsQuerySchema));
    for (let round = 0; round < 3; round++) {
      for (const query of QUERIES) {
        const expected = plain({ ...query }) as { value?: unknown; error?: unknown };
        const got = once({ ...query }) as { value?: unknown; error?: unknown };
        expect(got.value, JSON.stringify(query)).toEqual(expected.value);
        expect(String(got.error), JSON.stringify(query)).toBe(String(expected.error));
      }
    }
  });

  it('parse an accepted query once, and a refused one every time', () => {
    let parses = 0;
    const counted = z.object({ limit: z.string().refine((limit) => (parses++, limit !== 'no')) });
    const once = quickValidatorCompiler(route(counted));
    for (let i = 0; i < 5; i++) expect(once({ limit: '20' })).toEqual({ value: { limit: '20' } });
    expect(parses).toBe(1);
    for (let i = 0; i < 5; i++) expect(once({ limit: 'no' })).toHaveProperty('error');
    expect(parses).toBe(6);
  });

  it('share a kept query frozen, so that no request can change what the next one reads', () => {
    const once = quickValidatorCompiler(route(ListPetsQuerySchema));
    once({ limit: '7' });
    const { value } = once({ limit: '7' }) as { value: object };
    expect(Object.isFrozen(value)).toBe(true);
  });

  it('leave the other parts of a request to zod as they were', () => {
    const body = z.object({ name: z.string() });
    let parses = 0;
    const counted = body.refine(() => (parses++, true));
    const once = quickValidatorCompiler(route(counted, 'body'));
    once({ name: 'Rex' });
    once({ name: 'Rex' });
    expect(parses).toBe(2);
  });

  it('take headers naming none of the optional ones as sent, and check the others as zod does', () => {
    const schema = z.looseObject({
      'idempotency-key': z
        .string()
        .regex(/^[A-Za-z0-9-]{1,64}$/)
        .optional(),
    });
    const plain = validatorCompiler(route(schema, 'headers'));
    const quick = quickValidatorCompiler(route(schema, 'headers'));
    const sent = { host: '127.0.0.1', 'content-type': 'application/json' };
    expect(quick(sent)).toEqual({});
    expect(plain(sent)).toEqual({ value: sent });
    for (const key of ['abc-1', 'not a key!', '']) {
      const headers = { ...sent, 'idempotency-key': key };
      expect(JSON.stringify(quick(headers))).toBe(JSON.stringify(plain(headers)));
    }
  });

  it('leave headers to zod when one of them is required or has a default', () => {
    const required = quickValidatorCompiler(route(z.looseObject({ 'x-a': z.string() }), 'headers'));
    expect(required({ host: 'h' })).toHaveProperty('error');
    const defaulted = quickValidatorCompiler(route(z.looseObject({ 'x-a': z.string().default('x') }), 'headers'));
    expect(defaulted({ host: 'h' })).toEqual({ value: { host: 'h', 'x-a': 'x' } });
  });

  it('read a new pet of the common shape by hand, to the very value zod makes (fields and their order), and leave every other body to zod', () => {
    const common: unknown[] = [
      { name: 'Rex', categoryId: 1 },
      { name: 'Rex', categoryId: 1, status: 'available' },
      { status: 'sold', categoryId: 7, name: '  Mr. Whiskers (2) ' },
      { name: 'x'.repeat(200), categoryId: Number.MAX_SAFE_INTEGER, status: 'pending' },
      { name: ` ${'y'.repeat(200)} `, categoryId: 3 },
      { name: '~!@#$%^&*()_+{}|:"<>?`-=[]\\;\',./', categoryId: 2 },
    ];
    const others: unknown[] = [
      null,
      [],
      'Rex',
      12,
      {},
      { name: 'Rex' },
      { categoryId: 1 },
      { name: 'Rex', categoryId: 1, extra: true },
      { name: 'Rex', categoryId: 1, ['__proto__']: {} },
      { name: '', categoryId: 1 },
      { name: '   ', categoryId: 1 },
      { name: 'x'.repeat(201), categoryId: 1 },
      { name: 'Zoë', categoryId: 1 },
      { name: 'Rex\t', categoryId: 1 },
      { name: '\u00a0Rex', categoryId: 1 },
      { name: 'Re\u0000x', categoryId: 1 },
      { name: 'Rex', categoryId: 0 },
      { name: 'Rex', categoryId: -0 },
      { name: 'Rex', categoryId: -3 },
      { name: 'Rex', categoryId: 1.5 },
      { name: 'Rex', categoryId: 2 ** 53 },
      { name: 'Rex', categoryId: '1' },
      { name: 'Rex', categoryId: Number.NaN },
      { name: 'Rex', categoryId: 1, status: 'adopted' },
      { name: 'Rex', categoryId: 1, status: null },
      { name: 'Rex', categoryId: 1, status: 'Sold' },
      { name: 42, categoryId: 1 },
    ];
    for (const body of common) {
      const zod = NewPetSchema.safeParse(body);
      const quick = newPetAsZodReadsIt(body);
      expect(zod.success, JSON.stringify(body)).toBe(true);
      expect(quick, JSON.stringify(body)).toStrictEqual(zod.data);
      expect(Object.keys(quick ?? {})).toEqual(Object.keys(zod.data ?? {}));
    }
    for (const body of others) expect(newPetAsZodReadsIt(body), JSON.stringify(body)).toBeUndefined();

    // Through the compiler: the same answers as zod's own, refusals worded by zod.
    const plain = validatorCompiler({ ...route(NewPetSchema, 'body'), method: 'POST' });
    const quick = quickValidatorCompiler({ ...route(NewPetSchema, 'body'), method: 'POST' });
    for (const body of [...common, ...others]) {
      const expected = plain(body) as { value?: unknown; error?: unknown };
      const got = quick(body) as { value?: unknown; error?: unknown };
      expect(got.value, JSON.stringify(body)).toStrictEqual(expected.value);
      expect(String(got.error), JSON.stringify(body)).toBe(String(expected.error));
    }
  });

  it('write a created pet as the very text zod serialises, whatever its name holds', () => {
    const pets: Pet[] = [
      { id: 1, name: 'Rex', categoryId: 1, status: 'available' },
      { id: Number.MAX_SAFE_INTEGER, name: 'Say "woof" \\ \u2028 Zoë 🐕‍🦺 \ud83d', categoryId: 9, status: 'sold' },
      { id: 3, name: '</script>', categoryId: 2, status: 'pending' },
    ];
    for (const pet of pets) expect(petJson(pet)).toBe(JSON.stringify(PetSchema.parse(pet)));
  });
});
