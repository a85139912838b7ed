/** The SNI context cache: least recently used names go first, misses are kept only briefly. */
import { describe, expect, it } from 'vitest';
import { SniContexts } from '../../src/main/sites/certificates/sni-contexts';
import { waitFor } from '../helpers/wait-for';

describe('SniContexts', () => {
  it('holds at most its capacity, forgetting the least recently used name first', () => {
    const asked: string[] = [];
    const contexts = new SniContexts((name) => void asked.push(name), 3, 60_000);
    for (const name of ['a', 'b', 'c']) contexts.contextFor(name);
    contexts.contextFor('a');
    contexts.contextFor('d');
    expect(contexts.size).toBe(3);
    asked.length = 0;
    for (const name of ['a', 'c', 'd']) contexts.contextFor(name);
    expect(asked).toEqual([]);
    contexts.contextFor('b');
    expect(asked).toEqual(['b']);
    expect(contexts.size).toBe(3);
  });

  it('looks a miss up again once its time is up', async () => {
    let lookups = 0;
    const contexts = new SniContexts(() => void (lookups += 1), 10, 50);
    expect(contexts.contextFor('unknown.example')).toBeUndefined();
    contexts.contextFor('unknown.example');
    expect(lookups).toBe(1);
    await waitFor(() => (contexts.contextFor('unknown.example'), lookups === 2), 2_000);
  });

  it('forgets everything on clear', () => {
    const contexts = new SniContexts(() => undefined);
    contexts.contextFor('x.example');
    contexts.clear();
    expect(contexts.size).toBe(0);
  });
});
