import type Database from 'better-sqlite3';
import type { Clock } from '../../shared/clock';
import { AppError } from '../../shared/errors';
import {
  ConfirmInputSchema,
  LIKELY_SCORE,
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
} from '../../shared/lost-found';
import type { Face } from '../../shared/movements';
import { ageGroupOf, ageScaleOf, localDay } from '../../shared/pet-profile';
import type { Species } from '../../shared/species';
import { parseOrThrow } from '../../shared/validation';
import type { Changes } from '../db/changes';
import type { MovementService } from '../movements/movements';
import { prepare, quickScore, scoreMatch, type Description, type Prepared } from './matching';
import { LostFoundStore, type ReportPhoto, type StrayRow } from './store';

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
const POSTCODE = /\b\d{5}\b|\b[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}\b/i;

const reportDescription = (report: Report): Description => ({
  species: report.species,
  sex: report.sex,
  colour: report.colour,
  breed: report.breed,
  size: report.size,
  ageGroup: report.ageGroup,
  microchip: report.microchip,
  postcode: report.postcode,
  place: report.place,
  at: report.seenAt,
  features: report.features,
});

/** The candidates of one species, read and prepared once. */
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
 * Lost and found reports and their matches. Matches are worked out when they are read, never stored:
 * a new report, an intake or an edited profile shows in the next read, and the `lost-found` topic
 * fires with every change of the animals or their movements so the window reads again. What is kept
 * is each description's prepared words (a report's never change once written; a stray's are kept
 * while its row and the day are the same), and candidates are sifted by their bare score before
 * the few worth showing are explained.
 */
export class LostFoundService {
  private readonly store: LostFoundStore;
  private readonly preparedReports = new Map<number, Prepared>();
  private readonly preparedStrays = new Map<number, { key: string; prepared: Prepared }>();

  constructor(
    private readonly sqlite: Database.Database,
    private readonly clock: Clock,
    private readonly changes: Changes,
    private readonly movements: MovementService,
  ) {
    this.store = new LostFoundStore(sqlite);
    changes.on((topic) => {
      if (topic === 'movements' || topic === 'pets') changes.emit('lost-found');
    });
  }

  /** A new report from the desk or the site's form, answered with its matches. */
  /** A new report, with its one photo when given (already through the photo pipeline), in one transaction. */
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
    const prepared = this.strayPrepared(stray);
    return best(
      this.candidates(stray.species, 'lost', prepared).flatMap((report) => {
        const score = this.explained(prepared, this.reportPrepared(report), SHOWN_FROM);
        return score ? [{ ...score, pet: null, report }] : [];
      }),
    );
  }

  /**
   * Today's card: the open reports of the last two weeks, and those a stray taken in since may be,
   * with a likely match. Every candidate is read and prepared once per species for the whole card,
   * not once per report: the card compares hundreds of reports with the same strays.
   */
  waiting(): MatchesWaiting {
    const since = this.clock.now() - WAITING_WINDOW_MS;
    const pools = new Map<Species, Pool>();
    const poolOf = (species: Species): Pool => {
      let pool = pools.get(species);
      if (!pool) {
        pool = this.poolOf(species);
        pools.set(species, pool);
      }
      return pool;
    };
    const found = new Map<number, ReportWithMatches>();
    for (const report of this.store.openSince(since)) {
      const matches = this.matchesIn(report, this.reportPrepared(report), poolOf(report.species), LIKELY_SCORE);
      if (matches.length > 0) found.set(report.id, { report, matches });
    }
    for (const stray of this.store.straysSince(since)) {
      const pool = poolOf(stray.species);
      const prepared = this.strayPrepared(stray);
      for (const { report, prepared: described } of pool.lost) {
        if (found.has(report.id)) continue;
        if ((quickScore(prepared, described) ?? -1) < LIKELY_SCORE) continue;
        const matches = this.matchesIn(report, described, pool, LIKELY_SCORE);
        if (matches.length > 0) found.set(report.id, { report, matches });
      }
    }
    return [...found.values()].sort((a, b) => (b.matches[0]?.score ?? 0) - (a.matches[0]?.score ?? 0));
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
        const score = this.scoreOrRefuse(report, this.strayPrepared(stray), 'pet', stray.id);
        this.movements.outcome(
          { petId: stray.id, type: 'return_to_owner', reason: `Claimed through lost report ${report.id}` },
          by,
        );
        this.store.setState(report.id, 'returned', stray.id, at);
        this.store.recordConfirmation(report.id, { petId: stray.id, otherReportId: null, score }, at, by);
        return;
      }
      const other = this.requireOpen(confirm.otherReportId ?? 0);
      if (other.kind === report.kind) throw notAMatch(report, 'report', other.id);
      const score = this.scoreOrRefuse(report, this.reportPrepared(other), 'report', other.id);
      for (const [one, two] of [
        [report, other],
        [other, report],
      ] as const) {
        this.store.setState(one.id, 'returned', null, at);
        this.store.recordConfirmation(one.id, { petId: null, otherReportId: two.id, score }, at, by);
      }
    })();
    this.changes.emit('lost-found');
    return this.get(report.id);
  }

  /** Closes a report without a match: found at home, withdrawn, given up. */
  close(id: number): Report {
    this.requireOpen(id);
    this.store.setState(id, 'closed', null, this.clock.now());
    this.changes.emit('lost-found');
    return this.requireReport(id);
  }

  /** One report's candidates: the other kind's open reports in its time window or with its chip, and strays in care when it is lost. */
  private matchesOf(report: Report): Match[] {
    const prepared = this.reportPrepared(report);
    const described = (other: Report) => ({ report: other, prepared: this.reportPrepared(other) });
    const pool: Pool = {
      lost: report.kind === 'found' ? this.candidates(report.species, 'lost', prepared).map(described) : [],
      found: report.kind === 'lost' ? this.candidates(report.species, 'found', prepared).map(described) : [],
      strays:
        report.kind === 'lost'
          ? this.store.straysOf(report.species).map((stray) => ({ stray, prepared: this.strayPrepared(stray) }))
          : [],
    };
    return this.matchesIn(report, prepared, pool, SHOWN_FROM);
  }

  /** The open reports of one species and kind that could be the animal described: near it in time, or with its chip. */
  private candidates(species: Species, kind: 'lost' | 'found', of: Prepared): Report[] {
    const at = of.description.at;
    return this.store.openNear(species, kind, at - CANDIDATE_WINDOW_MS, at + CANDIDATE_WINDOW_MS, of.chip);
  }

  /** The open reports and strays in care of one species, each prepared for scoring (Today's card compares many reports with them). */
  private poolOf(species: Species): Pool {
    const described = (report: Report) => ({ report, prepared: this.reportPrepared(report) });
    return {
      lost: this.store.openOf(species, 'lost').map(described),
      found: this.store.openOf(species, 'found').map(described),
      strays: this.store.straysOf(species).map((stray) => ({ stray, prepared: this.strayPrepared(stray) })),
    };
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

  /** A report's prepared words: what a report describes never changes once written, so they are worked out once. */
  private reportPrepared(report: Report): Prepared {
    let prepared = this.preparedReports.get(report.id);
    if (!prepared) {
      prepared = prepare(reportDescription(report));
      this.preparedReports.set(report.id, prepared);
    }
    return prepared;
  }

  /** A stray described as a report would be, kept while its row and the day (its age group) stay the same. */
  private strayPrepared(stray: StrayRow): Prepared {
    const today = localDay(this.clock.now());
    const key = `${today}\u0000${JSON.stringify(stray)}`;
    const kept = this.preparedStrays.get(stray.id);
    if (kept?.key === key) return kept.prepared;
    const prepared = this.describeStray(stray, today);
    this.preparedStrays.set(stray.id, { key, prepared });
    return prepared;
  }

  /** Where a stray was found is read from its intake's reason. */
  private describeStray(stray: StrayRow, today: string): Prepared {
    const found = [stray.intakeReason, stray.intakeCondition].filter(Boolean).join('\n');
    return prepare({
      species: stray.species,
      sex: stray.sex,
      colour: stray.colour,
      breed: [stray.breedPrimary, stray.breedSecondary].filter(Boolean).join(' ') || null,
      size: stray.size,
      ageGroup: ageGroupOf(stray.birthDate ?? undefined, ageScaleOf(stray.species), today),
      microchip: stray.microchip,
      postcode: POSTCODE.exec(found)?.[0] ?? null,
      place: stray.intakeReason,
      at: stray.intakeAt,
      features: [stray.description, found].filter(Boolean).join('\n') || null,
    });
  }

  private scoreOrRefuse(report: Report, other: Prepared, kind: 'pet' | 'report', otherId: number): number {
    const score = scoreMatch(this.reportPrepared(report), other);
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
