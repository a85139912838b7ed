/**
 * The audit trail's kinds of action in every language of the window: each write a channel declares has
 * its words in each catalogue, and the English catalogue says exactly what the declaration says (the
 * declaration stays the one source of the English; the other languages are translations of it).
 */
import { describe, expect, it } from 'vitest';
import { ADMIN_CHANNEL_DECLARATIONS } from '../../src/shared/channels';
import type { ChannelDeclaration } from '../../src/shared/channels/declare';
import en from '../../src/renderer/src/locales/en/audit.json';
import fr from '../../src/renderer/src/locales/fr/audit.json';
import es from '../../src/renderer/src/locales/es/audit.json';
import de from '../../src/renderer/src/locales/de/audit.json';

const writes = Object.entries(ADMIN_CHANNEL_DECLARATIONS).flatMap(
  ([channel, declaration]: [string, ChannelDeclaration]) =>
    typeof declaration.writes === 'string' ? [[channel, declaration.writes] as const] : [],
);

function wordsOf(catalogue: { actions: Record<string, Record<string, string>> }, channel: string): string | undefined {
  const [area = '', action = ''] = channel.split('.');
  return catalogue.actions[area]?.[action];
}

describe('the audit trail’s action words', () => {
  it('has the declarations’ own English for every write', () => {
    expect(writes.length).toBeGreaterThan(50);
    for (const [channel, english] of writes) expect(wordsOf(en, channel), channel).toBe(english);
  });

  it.each([
    ['fr', fr],
    ['es', es],
    ['de', de],
  ])('has words in %s for every write, none of them the English', (_language, catalogue) => {
    for (const [channel, english] of writes) {
      const words = wordsOf(catalogue, channel);
      expect(words, channel).toBeTruthy();
      expect(words, channel).not.toBe(english);
    }
  });

  it('names no channel that declares no write', () => {
    const declared = new Set(writes.map(([channel]) => channel));
    for (const catalogue of [en, fr, es, de])
      for (const [area, actions] of Object.entries(catalogue.actions))
        for (const action of Object.keys(actions))
          expect(declared.has(`${area}.${action}`), `${area}.${action}`).toBe(true);
  });
});
