/** A project's slug, made from its name, is cut at a word boundary when the name is long. */
import { describe, expect, it } from 'vitest';
import { slugOf } from '../../src/main/sites/projects';

describe('slugs of long names', () => {
  it('end at the last whole word that fits in 40 characters', () => {
    expect(slugOf('Happy Paws Rescue and Rehoming Centre for Cats')).toBe('happy-paws-rescue-and-rehoming-centre');
    expect(slugOf('Tierheim München und Umgebung e.V. Tierschutzverein')).toBe('tierheim-munchen-und-umgebung-e-v');
  });

  it('keep a name that fits, a word ending exactly at the limit, and cut a single over-long word inside it', () => {
    expect(slugOf('Happy Paws')).toBe('happy-paws');
    const forty = `${'a'.repeat(19)} ${'b'.repeat(20)}`;
    expect(slugOf(`${forty} more`)).toBe(`${'a'.repeat(19)}-${'b'.repeat(20)}`);
    expect(slugOf('a'.repeat(80))).toBe('a'.repeat(40));
    expect(slugOf(`${'x'.repeat(45)} shelter`)).toBe('x'.repeat(40));
  });
});
