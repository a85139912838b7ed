/**
 * Today's lost-and-found card worked out from scratch, as the engine made it before its likely matches
 * were stored: every open report against every candidate, then ranked and cut as the card's contract
 * says (shared/lost-found.ts). The oracle the stored, SQL-cut card is held to.
 */
import type { Engine } from '../../src/main/engine/engine';
import { reportDescription, strayDescription } from '../../src/main/lost-found/descriptions';
import { prepare, quickScore, scoreMatch, type Prepared } from '../../src/main/lost-found/matching';
import { LostFoundStore, type StrayRow } from '../../src/main/lost-found/store';
import {
  LIKELY_SCORE,
  WAITING_MATCHES_SHOWN,
  WAITING_SHOWN,
  type Match,
  type MatchesWaiting,
  type Report,
  type WaitingEntry,
} from '../../src/shared/lost-found';
import { localDay } from '../../src/shared/pet-profile';

const WINDOW = 14 * 86_400_000;

/** Best first; at one score strays before reports, then the lower id. */
const matchOrder = (a: Match, b: Match) =>
  b.score - a.score || (a.pet ? 0 : 1) - (b.pet ? 0 : 1) || (a.pet?.id ?? a.report!.id) - (b.pet?.id ?? b.report!.id);

/** Every report the card could list, each with all its likely matches, best first (the newer at one score). */
export function wholeCard(engine: Engine, now: number): { report: Report; matches: Match[] }[] {
  const store = new LostFoundStore(engine.sqlite);
  const today = localDay(now);
  const since = now - WINDOW;
  const ofReport = (report: Report) => prepare(reportDescription(report));
  const ofStray = (stray: StrayRow) => prepare(strayDescription(stray, today));
  const likely = (a: Prepared, b: Prepared) => (quickScore(a, b) ?? -1) >= LIKELY_SCORE;
  const strays = store.straysInCare();
  const matchesOf = (report: Report): Match[] => {
    const mine = ofReport(report);
    const others = store.openOf(report.species, report.kind === 'lost' ? 'found' : 'lost');
    const reports = others.flatMap((other): Match[] => {
      const them = ofReport(other);
      return likely(mine, them) ? [{ ...scoreMatch(mine, them)!, pet: null, report: other }] : [];
    });
    const pets = strays.flatMap((stray): Match[] => {
      const them = ofStray(stray);
      if (report.kind !== 'lost' || stray.species !== report.species || !likely(mine, them)) return [];
      return [
        { ...scoreMatch(mine, them)!, pet: { id: stray.id, name: stray.name, intakeAt: stray.intakeAt }, report: null },
      ];
    });
    return [...pets, ...reports].sort(matchOrder);
  };
  const card = new Map<number, { report: Report; matches: Match[] }>();
  for (const report of store.openSince(since)) {
    const matches = matchesOf(report);
    if (matches.length > 0) card.set(report.id, { report, matches });
  }
  for (const stray of strays.filter((one) => one.intakeAt >= since))
    for (const report of store.openOf(stray.species, 'lost'))
      if (!card.has(report.id) && likely(ofStray(stray), ofReport(report)))
        card.set(report.id, { report, matches: matchesOf(report) });
  return [...card.values()].sort((a, b) => b.matches[0]!.score - a.matches[0]!.score || b.report.id - a.report.id);
}

/** The card's answer from the whole card: its first reports, each with its best few matches and its count. */
export function fromScratch(engine: Engine, now: number): MatchesWaiting {
  const whole = wholeCard(engine, now);
  const entries = whole.slice(0, WAITING_SHOWN).map(({ report, matches }): WaitingEntry => ({
    report,
    matches: matches.slice(0, WAITING_MATCHES_SHOWN),
    likely: matches.length,
  }));
  return { entries, more: whole.length - entries.length };
}
