import type { Clock } from '../../shared/clock';
import { LIKELY_SCORE, type Report, type ReportKind } from '../../shared/lost-found';
import type { Species } from '../../shared/species';
import { strayDescription, type Descriptions } from './descriptions';
import { quickScore } from './matching';
import type { LostFoundStore, StrayRow } from './store';

/** A chip's 100 is above it, so one threshold keeps both. */
const isLikely = (score: number | null): score is number => score !== null && score >= LIKELY_SCORE;

/**
 * The stored likely matches (lost_found_likely_matches): written when a report is recorded, dropped
 * when it closes or is returned, and brought up to date for the strays before each read of Today's
 * card. A stray's are worked out again only when its description (as matching reads it, its age group
 * on the day included) differs from the one stored with them: an intake, a profile edit, a new day
 * that moves its age group, a change made by another process. Comparing the descriptions of the
 * strays in care costs a few milliseconds; comparing every report with every candidate cost seconds.
 */
export class LikelyMatches {
  constructor(
    private readonly store: LostFoundStore,
    private readonly descriptions: Descriptions,
    private readonly clock: Clock,
  ) {}

  /** A new report's likely matches, both ways round (it may be a likely match of older ones); inside its recording's transaction. */
  storeReport(report: Report): void {
    this.storeReports([report]);
  }

  /** The report's rows and the other reports' rows naming it; inside its closing's transaction. */
  dropReport(reportId: number): void {
    this.store.dropReportLikely(reportId);
  }

  /** Reports written without their matches are stored, strays whose description changed are compared again; answers the strays in care by id. */
  bringUpToDate(): Map<number, StrayRow> {
    return this.store.transaction(() => {
      const unmatched = this.store.unmatched();
      if (unmatched.length > 0) this.storeReports(unmatched);
      return this.reconcileStrays();
    });
  }

  /**
   * Each report compared with the open reports of the other kind (any date, as the card reads them) and,
   * lost, with the strays in care. A candidate itself waiting in `reports` is skipped: the pair is stored
   * when its own turn comes, once.
   */
  private storeReports(reports: Report[]): void {
    const waiting = new Set(reports.map((report) => report.id));
    const open = new Map<string, Report[]>();
    const openOf = (species: Species, kind: ReportKind): Report[] => {
      const key = `${species}\u0000${kind}`;
      let pool = open.get(key);
      if (!pool) {
        pool = this.store.openOf(species, kind);
        open.set(key, pool);
      }
      return pool;
    };
    const strays = new Map<Species, StrayRow[]>();
    const straysOf = (species: Species): StrayRow[] => {
      let pool = strays.get(species);
      if (!pool) {
        pool = this.store.straysOf(species);
        strays.set(species, pool);
      }
      return pool;
    };
    const today = this.descriptions.today();
    const at = this.clock.now();
    for (const report of reports) {
      waiting.delete(report.id);
      const mine = this.descriptions.report(report);
      for (const other of openOf(report.species, report.kind === 'lost' ? 'found' : 'lost')) {
        if (waiting.has(other.id)) continue;
        const score = quickScore(mine, this.descriptions.report(other));
        if (!isLikely(score)) continue;
        this.store.insertLikely(report.id, { reportId: other.id }, score);
        this.store.insertLikely(other.id, { reportId: report.id }, score);
      }
      if (report.kind === 'lost')
        for (const stray of straysOf(report.species)) {
          const score = quickScore(mine, this.descriptions.stray(stray, today));
          if (isLikely(score)) this.store.insertLikely(report.id, { petId: stray.id }, score);
        }
      this.store.markMatched(report.id, at);
    }
  }

  /** Strays whose description is not the stored one are compared with the open lost reports again; strays gone from care lose theirs. */
  private reconcileStrays(): Map<number, StrayRow> {
    const today = this.descriptions.today();
    const stored = this.store.strayDescriptions();
    const inCare = new Map<number, StrayRow>();
    const lost = new Map<Species, Report[]>();
    for (const stray of this.store.straysInCare()) {
      inCare.set(stray.id, stray);
      const description = JSON.stringify(strayDescription(stray, today));
      const kept = stored.get(stray.id);
      stored.delete(stray.id);
      if (kept === description) continue;
      this.store.dropStrayLikely(stray.id);
      let reports = lost.get(stray.species);
      if (!reports) {
        reports = this.store.openOf(stray.species, 'lost');
        lost.set(stray.species, reports);
      }
      const prepared = this.descriptions.stray(stray, today);
      for (const report of reports) {
        const score = quickScore(this.descriptions.report(report), prepared);
        if (isLikely(score)) this.store.insertLikely(report.id, { petId: stray.id }, score);
      }
      this.store.setStrayDescription(stray.id, description);
    }
    for (const petId of stored.keys()) {
      this.store.dropStrayLikely(petId);
      this.store.dropStrayDescription(petId);
    }
    return inCare;
  }
}
