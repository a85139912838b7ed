import type Database from 'better-sqlite3';
import type { Clock } from '../../shared/clock';
import { AppError } from '../../shared/errors';
import {
  ConfirmInputSchema,
  ReportInputSchema,
  ReportQuerySchema,
  type ConfirmInput,
  type Match,
  type MatchesWaiting,
  type Report,
  type ReportInput,
  type ReportQuery,
  type ReportSource,
  type ReportWithMatches,
  WAITING_MATCHES_SHOWN,
  WAITING_SHOWN,
} from '../../shared/lost-found';
import type { Face } from '../../shared/movements';
import type { Species } from '../../shared/species';
import { parseOrThrow } from '../../shared/validation';
import type { Changes } from '../db/changes';
import type { MovementService } from '../movements/movements';
import { Descriptions } from './descriptions';
import { LikelyMatches } from './likely-matches';
import { quickScore, scoreMatch, type Prepared } from './matching';
import { LostFoundStore, type LikelyRow, type ReportPhoto, type StrayRow } from './store';

/** Below this a candidate is not worth a look; a chip match is always shown. */
const SHOWN_FROM = 25;
const SHOWN_AT_MOST = 10;
/** Today's card looks at the reports and the strays of the last two weeks. */
const WAITING_WINDOW_MS = 14 * 86_400_000;
/**
 * Candidates further apart in time than this are not read for a description match (a chip match is
 * read at any distance, through its index): beyond eight weeks the date earns nothing, and a year
 * keeps the late report while the search reads only what could be the animal.
 */
const CANDIDATE_WINDOW_MS = 365 * 86_400_000;
/** One report's candidates, read and prepared once. */
interface Pool {
  lost: { report: Report; prepared: Prepared }[];
  found: { report: Report; prepared: Prepared }[];
  strays: { stray: StrayRow; prepared: Prepared }[];
}

const strayRef = (stray: StrayRow) => ({ id: stray.id, name: stray.name, intakeAt: stray.intakeAt });

const notAMatch = (report: Report, other: 'pet' | 'report', otherId: number) =>
  new AppError(
    'conflict',
    `Report ${report.id} cannot be ${other} ${otherId}: another kind, species or chip, or no stray in care.`,
    {
      details: { reason: 'not_a_match', reportId: report.id, other, otherId },
    },
  );

const best = (matches: Match[]): Match[] => matches.sort((a, b) => b.score - a.score).slice(0, SHOWN_AT_MOST);

/**
 * Lost and found reports and their matches. A report's or a stray's match search is worked out when it
 * is read; Today's card reads the likely matches stored for every open report (likely-matches.ts) and
 * explains only those it shows. The `lost-found` topic fires with every change of the animals or their
 * movements so the window reads again. Each description's prepared words are kept (descriptions.ts),
 * and candidates are sifted by their bare score before the few worth showing are explained.
 */
export class LostFoundService {
  private readonly store: LostFoundStore;
  private readonly descriptions: Descriptions;
  private readonly likely: LikelyMatches;

  constructor(
    private readonly sqlite: Database.Database,
    private readonly clock: Clock,
    private readonly changes: Changes,
    private readonly movements: MovementService,
  ) {
    this.store = new LostFoundStore(sqlite);
    this.descriptions = new Descriptions(clock);
    this.likely = new LikelyMatches(this.store, this.descriptions, clock);
    changes.on((topic) => {
      if (topic === 'movements' || topic === 'pets') changes.emit('lost-found');
    });
  }

  /** A new report from the desk or the site's form, answered with its matches. */
  /** A new report, with its likely matches stored and its one photo when given (already through the photo pipeline), in one transaction. */
  recordReport(input: ReportInput, source: ReportSource, photo?: ReportPhoto): ReportWithMatches {
    const report = parseOrThrow(ReportInputSchema, input, 'report');
    const at = this.clock.now();
    const id = this.store.transaction(() => {
      const id = this.store.insert(
        {
          kind: report.kind,
          source,
          species: report.species,
          sex: report.sex ?? null,
          colour: report.colour ?? null,
          breed: report.breed ?? null,
          size: report.size ?? null,
          ageGroup: report.ageGroup ?? null,
          microchip: report.microchip?.toUpperCase() ?? null,
          postcode: report.postcode ?? null,
          place: report.place ?? null,
          seenAt: report.seenAt,
          features: report.features ?? null,
          contactName: report.contact.name,
          contactPhone: report.contact.phone ?? null,
          contactEmail: report.contact.email ?? null,
        },
        at,
      );
      if (photo) this.store.insertPhoto(id, photo, at);
      this.likely.storeReport(this.requireReport(id));
      return id;
    });
    this.changes.emit('lost-found');
    return this.get(id);
  }

  /** The report's photo as a data URL for the window, or null when it has none. */
  photo(reportId: number): { src: string; width: number; height: number } | null {
    this.get(reportId);
    const photo = this.store.photo(reportId);
    return photo
      ? { src: `data:image/jpeg;base64,${photo.jpeg.toString('base64')}`, width: photo.width, height: photo.height }
      : null;
  }

  list(query: ReportQuery = {}): Report[] {
    const { kind, state, limit } = parseOrThrow(ReportQuerySchema, query, 'query');
    return this.store.list(kind ?? null, state ?? null, limit ?? 200);
  }

  /** One report and its candidates, best first (none once it is no longer open). */
  get(id: number): ReportWithMatches {
    const report = this.requireReport(id);
    return { report, matches: report.state === 'open' ? this.matchesOf(report) : [] };
  }

  /** The open lost reports a stray in care may be, best first. */
  matchesOfPet(petId: number): Match[] {
    const stray = this.store.stray(petId);
    if (!stray) return [];
    const prepared = this.descriptions.stray(stray);
    return best(
      this.candidates(stray.species, 'lost', prepared).flatMap((report) => {
        const score = this.explained(prepared, this.descriptions.report(report), SHOWN_FROM);
        return score ? [{ ...score, pet: null, report }] : [];
      }),
    );
  }

  /**
   * Today's card: the open reports of the last two weeks, and those a stray taken in since may be, with a
   * likely match, read from the stored likely matches. SQL ranks them and cuts them to the few listed and
   * their best few matches, so only those are read and explained: at 5,000 open reports the whole card
   * was 6.4 MB of JSON, most of it matches no one sees.
   */
  waiting(): MatchesWaiting {
    const strays = this.likely.bringUpToDate();
    const { entries, total } = this.store.waiting(this.clock.now() - WAITING_WINDOW_MS, WAITING_SHOWN);
    const ids = entries.map((entry) => entry.reportId);
    const best = this.store.bestLikely(ids, WAITING_MATCHES_SHOWN);
    const others = new Set<number>(ids);
    for (const rows of best.values())
      for (const row of rows) if (row.otherReportId !== null) others.add(row.otherReportId);
    const read = this.store.many(others);
    return {
      entries: entries.map(({ reportId, likely }) => {
        const report = read.get(reportId)!;
        return { report, matches: this.explainedLikely(report, best.get(reportId) ?? [], strays, read), likely };
      }),
      more: total - entries.length,
    };
  }

  /**
   * Confirms a match: a lost report and the stray it is go home (the return-to-owner outcome, on the
   * animal's movements), or a lost and a found report are both returned. All of it or none.
   */
  confirm(input: ConfirmInput, by: Face): ReportWithMatches {
    const confirm = parseOrThrow(ConfirmInputSchema, input, 'confirm');
    const report = this.requireOpen(confirm.reportId);
    const at = this.clock.now();
    this.sqlite.transaction(() => {
      if (confirm.petId !== undefined) {
        const stray = this.store.stray(confirm.petId);
        if (!stray || report.kind !== 'lost') throw notAMatch(report, 'pet', confirm.petId);
        const score = this.scoreOrRefuse(report, this.descriptions.stray(stray), 'pet', stray.id);
        this.movements.outcome(
          { petId: stray.id, type: 'return_to_owner', reason: `Claimed through lost report ${report.id}` },
          by,
        );
        this.store.setState(report.id, 'returned', stray.id, at);
        this.likely.dropReport(report.id);
        this.store.recordConfirmation(report.id, { petId: stray.id, otherReportId: null, score }, at, by);
        return;
      }
      const other = this.requireOpen(confirm.otherReportId ?? 0);
      if (other.kind === report.kind) throw notAMatch(report, 'report', other.id);
      const score = this.scoreOrRefuse(report, this.descriptions.report(other), 'report', other.id);
      for (const [one, two] of [
        [report, other],
        [other, report],
      ] as const) {
        this.store.setState(one.id, 'returned', null, at);
        this.likely.dropReport(one.id);
        this.store.recordConfirmation(one.id, { petId: null, otherReportId: two.id, score }, at, by);
      }
    })();
    this.changes.emit('lost-found');
    return this.get(report.id);
  }

  /** Closes a report without a match: found at home, withdrawn, given up. */
  close(id: number): Report {
    this.requireOpen(id);
    this.store.transaction(() => {
      this.store.setState(id, 'closed', null, this.clock.now());
      this.likely.dropReport(id);
    });
    this.changes.emit('lost-found');
    return this.requireReport(id);
  }

  /** The shown matches explained; the stored rows name only strays in care and open reports (bringUpToDate). */
  private explainedLikely(
    report: Report,
    rows: LikelyRow[],
    strays: Map<number, StrayRow>,
    reports: Map<number, Report>,
  ): Match[] {
    const prepared = this.descriptions.report(report);
    return rows.flatMap((row): Match[] => {
      const stray = row.petId === null ? undefined : strays.get(row.petId);
      if (stray) {
        const score = scoreMatch(prepared, this.descriptions.stray(stray));
        return score ? [{ ...score, pet: strayRef(stray), report: null }] : [];
      }
      const other = row.otherReportId === null ? undefined : reports.get(row.otherReportId);
      const score = other && scoreMatch(prepared, this.descriptions.report(other));
      return other && score ? [{ ...score, pet: null, report: other }] : [];
    });
  }

  /** One report's candidates: the other kind's open reports in its time window or with its chip, and strays in care when it is lost. */
  private matchesOf(report: Report): Match[] {
    const prepared = this.descriptions.report(report);
    const described = (other: Report) => ({ report: other, prepared: this.descriptions.report(other) });
    const pool: Pool = {
      lost: report.kind === 'found' ? this.candidates(report.species, 'lost', prepared).map(described) : [],
      found: report.kind === 'lost' ? this.candidates(report.species, 'found', prepared).map(described) : [],
      strays:
        report.kind === 'lost'
          ? this.store.straysOf(report.species).map((stray) => ({ stray, prepared: this.descriptions.stray(stray) }))
          : [],
    };
    return this.matchesIn(report, prepared, pool, SHOWN_FROM);
  }

  /** The open reports of one species and kind that could be the animal described: near it in time, or with its chip. */
  private candidates(species: Species, kind: 'lost' | 'found', of: Prepared): Report[] {
    const at = of.description.at;
    return this.store.openNear(species, kind, at - CANDIDATE_WINDOW_MS, at + CANDIDATE_WINDOW_MS, of.chip);
  }

  /** The candidates in `pool` scoring at least `from` (a chip match always), best first and explained. */
  private matchesIn(report: Report, prepared: Prepared, pool: Pool, from: number): Match[] {
    const reports = (report.kind === 'lost' ? pool.found : pool.lost).flatMap(({ report: other, prepared: them }) => {
      if (other.id === report.id) return [];
      const score = this.explained(prepared, them, from);
      return score ? [{ ...score, pet: null, report: other }] : [];
    });
    const strays =
      report.kind === 'lost'
        ? pool.strays.flatMap(({ stray, prepared: them }): Match[] => {
            const score = this.explained(prepared, them, from);
            return score ? [{ ...score, pet: strayRef(stray), report: null }] : [];
          })
        : [];
    return best([...strays, ...reports]);
  }

  /** The explained score when the bare one reaches `from` (100 is a chip's and always shown), else null. */
  private explained(a: Prepared, b: Prepared, from: number) {
    const bare = quickScore(a, b);
    return bare !== null && (bare === 100 || bare >= from) ? scoreMatch(a, b) : null;
  }

  private scoreOrRefuse(report: Report, other: Prepared, kind: 'pet' | 'report', otherId: number): number {
    const score = scoreMatch(this.descriptions.report(report), other);
    if (!score) throw notAMatch(report, kind, otherId);
    return score.score;
  }

  private requireReport(id: number): Report {
    const report = this.store.one(id);
    if (!report)
      throw new AppError('not_found', `No lost or found report ${id}.`, {
        details: { missing: 'report', reportId: id },
      });
    return report;
  }

  private requireOpen(id: number): Report {
    const report = this.requireReport(id);
    if (report.state !== 'open')
      throw new AppError('conflict', `Report ${id} is ${report.state}, not open.`, {
        details: { reason: 'report_not_open', reportId: id, state: report.state },
      });
    return report;
  }
}
