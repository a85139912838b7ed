/** Reports to funders and councils. */
import type { LiveRelease, ReportTrendMonth, SacMatrix } from '../reports';
import { MANAGERS, answer, area } from './declare';

export const REPORT_CHANNELS = area({
  /** The Shelter Animals Count basic data matrix of a month, in the zone given (UTC without one). */
  'reports.sac': {
    input: ({ input, SacQuerySchema }) => input({ query: SacQuerySchema }),
    answer: answer<SacMatrix>(),
    may: MANAGERS,
  },
  /** The same matrix as the CSV file staff download. */
  'reports.sacCsv': {
    input: ({ input, CsvSeparatorSchema, SacQuerySchema }) =>
      input({ query: SacQuerySchema, separator: CsvSeparatorSchema.optional() }),
    answer: answer<{ fileName: string; csv: string }>(),
    may: MANAGERS,
  },
  /** The live release rate (Asilomar Accords) of a period of whole days. */
  'reports.liveRelease': {
    input: ({ input, LiveReleaseQuerySchema }) => input({ query: LiveReleaseQuerySchema }),
    answer: answer<LiveRelease>(),
    may: MANAGERS,
  },
  /** Month by month up to the one given: intakes, outcomes, the count at the end, the live release rate. */
  'reports.trends': {
    input: ({ input, TrendsQuerySchema }) => input({ query: TrendsQuerySchema }),
    answer: answer<ReportTrendMonth[]>(),
    may: MANAGERS,
  },
});
