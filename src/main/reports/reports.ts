import type Database from 'better-sqlite3';
import {
  LiveReleaseQuerySchema,
  SacQuerySchema,
  TrendsQuerySchema,
  type LiveRelease,
  type LiveReleaseQuery,
  type ReportTrendMonth,
  type SacMatrix,
  type SacQuery,
  type TrendsQuery,
} from '../../shared/reports';
import type { CsvSeparator } from '../../shared/csv-separator';
import { parseOrThrow } from '../../shared/validation';
import { addMonths, monthSpan, zonedMidnight } from '../../shared/zoned-time';
import { liveReleaseOf, tallySac, totalOf } from './sac-matrix';
import { sacCsv } from './sac-csv';
import { ReportStore } from './store';

/** A month's instants without a zone given: UTC (each face sends the shelter's zone). */
const DEFAULT_TIME_ZONE = 'UTC';

/** The reports: read-only over the movements, the same figures for the CLI and the window. */
export class ReportService {
  private readonly store: ReportStore;

  constructor(sqlite: Database.Database) {
    this.store = new ReportStore(sqlite);
  }

  sac(query: SacQuery): SacMatrix {
    const { month, timeZone = DEFAULT_TIME_ZONE } = parseOrThrow(SacQuerySchema, query, 'query');
    const { from, to } = monthSpan(month, timeZone);
    const rows = tallySac(this.store.staysDuring(from, to), this.store.fostersDuring(from, to), from, to, timeZone);
    return { month, timeZone, from, to, rows };
  }

  /** The matrix as the CSV staff send or keep: one line per row, a column per species and age. */
  sacCsv(query: SacQuery, separator: CsvSeparator = 'comma'): { fileName: string; csv: string } {
    const matrix = this.sac(query);
    return { fileName: `shelter-animals-count-${matrix.month}.csv`, csv: sacCsv(matrix, separator) };
  }

  /** From the first day's midnight to the end of the last day, in the zone. */
  liveRelease(query: LiveReleaseQuery): LiveRelease {
    const { from, to, timeZone = DEFAULT_TIME_ZONE } = parseOrThrow(LiveReleaseQuerySchema, query, 'query');
    const [fromYear = 1970, fromMonth = 1, fromDay = 1] = from.split('-').map(Number);
    const [toYear = 1970, toMonth = 1, toDay = 1] = to.split('-').map(Number);
    const start = zonedMidnight(fromYear, fromMonth, fromDay, timeZone);
    const end = zonedMidnight(toYear, toMonth, toDay + 1, timeZone);
    const rows = tallySac(this.store.staysDuring(start, end), [], start, end, timeZone);
    return { from, to, timeZone, dog: liveReleaseOf(rows, ['dog']), cat: liveReleaseOf(rows, ['cat']), total: liveReleaseOf(rows) };
  }

  /** Month by month, oldest first: intakes, outcomes, the count at each month's end and the live release rate. */
  trends(query: TrendsQuery): ReportTrendMonth[] {
    const { month, months = 12, timeZone = DEFAULT_TIME_ZONE } = parseOrThrow(TrendsQuerySchema, query, 'query');
    const spans = Array.from({ length: months }, (_, index) => {
      const each = addMonths(month, index - months + 1);
      return { month: each, ...monthSpan(each, timeZone) };
    });
    const first = spans[0]?.from ?? 0;
    const last = spans.at(-1)?.to ?? 0;
    // One read for the whole window; each month keeps the stays in care during it.
    const stays = this.store.staysDuring(first, last);
    return spans.map(({ month: each, from, to }) => {
      const rows = tallySac(stays, [], from, to, timeZone);
      return {
        month: each,
        intakes: totalOf(rows.intakes),
        liveOutcomes: totalOf(rows.live_outcomes),
        otherOutcomes: totalOf(rows.other_outcomes),
        ending: totalOf(rows.ending),
        liveReleaseRate: liveReleaseOf(rows).rate,
      };
    });
  }
}
