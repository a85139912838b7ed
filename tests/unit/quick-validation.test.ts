import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { quickValidatorCompiler } from '../../src/main/http/api/quick-validation';
import { ListPetsQuerySchema } from '../../src/shared/pet';

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
    const schema = z.looseObject({ 'idempotency-key': z.string().regex(/^[A-Za-z0-9-]{1,64}$/).optional() });
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
});
