/** The quota lab: its clock, header profiles, the requests log, scenarios and the compliance report. */
import type { ComplianceReport } from '../compliance';
import type { HeaderProfile } from '../header-profiles';
import type { HarLog, LabClockState, LoggedRequest, ScenarioProgress } from '../lab';
import { API, answer, area } from './declare';

export const LAB_CHANNELS = area({
  'lab.clock': {
    input: ({ input }) => input({}),
    answer: answer<LabClockState>(),
    may: API,
  },
  'lab.moveClock': {
    input: ({ z, input, CLOCK_MOVES }) => input({ move: z.enum(CLOCK_MOVES) }),
    answer: answer<LabClockState>(),
    may: API,
    writes: 'Moved the quota lab’s clock',
    topics: ['lab', 'usage'],
  },
  'lab.advanceClock': {
    input: ({ input, DurationSchema }) => input({ duration: DurationSchema }),
    answer: answer<LabClockState>(),
    may: API,
    writes: 'Advanced the quota lab’s clock',
    topics: ['lab', 'usage'],
  },
  'lab.headerProfile': {
    input: ({ input }) => input({}),
    answer: answer<{ profile: HeaderProfile }>(),
    may: API,
  },
  'lab.setHeaderProfile': {
    input: ({ input, HeaderProfileSchema }) => input({ profile: HeaderProfileSchema }),
    answer: answer<{ profile: HeaderProfile }>(),
    may: API,
    writes: 'Changed the header profile',
    topics: ['lab'],
  },
  'lab.requests': {
    input: ({ input, RequestFilterSchema }) => input({ filter: RequestFilterSchema }),
    answer: answer<LoggedRequest[]>(),
    may: API,
  },
  'lab.har': {
    input: ({ input, RequestFilterSchema }) => input({ filter: RequestFilterSchema }),
    answer: answer<HarLog>(),
    may: API,
  },
  'lab.report': {
    input: ({ z, id, input }) =>
      input({ keyId: id, from: z.int().nonnegative().optional(), to: z.int().nonnegative().optional() }),
    answer: answer<ComplianceReport>(),
    may: API,
  },
  'lab.scenarioStart': {
    input: ({ input, ScenarioSchema }) => input({ scenario: ScenarioSchema }),
    answer: answer<ScenarioProgress>(),
    may: API,
    writes: 'Started a lab scenario',
    topics: ['lab', 'keys'],
  },
  'lab.scenarios': {
    input: ({ input }) => input({}),
    answer: answer<ScenarioProgress[]>(),
    may: API,
  },
  'lab.scenarioCancel': {
    input: ({ id, input }) => input({ id }),
    answer: answer<ScenarioProgress>(),
    may: API,
    writes: 'Cancelled a lab scenario',
    topics: ['lab'],
  },
});
