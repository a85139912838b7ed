/**
 * Lost and found: reports and their matches. A volunteer may read them, to recognise a stray, cut of
 * the reporter's contact and the microchip; recording, confirming and closing are the staff's.
 */
import type { Match, MatchesWaiting, Report, ReportWithMatches } from '../lost-found';
import { STAFF, VOLUNTEERS, answer, area } from './declare';

export const LOST_FOUND_CHANNELS = area({
  /** Reports, newest first, by kind and state. */
  'lostFound.list': {
    input: ({ input, ReportQuerySchema }) => input({ query: ReportQuerySchema }),
    answer: answer<Report[]>(),
    may: VOLUNTEERS,
    volunteerSees: 'reports',
  },
  /** One report and its candidates (strays in care, the other kind's reports), best first, each explained. */
  'lostFound.get': {
    input: ({ id, input }) => input({ reportId: id }),
    answer: answer<ReportWithMatches>(),
    may: VOLUNTEERS,
    volunteerSees: 'report-matches',
  },
  /** The report's one photo (sent with it from the site), or null. */
  'lostFound.photo': {
    input: ({ id, input }) => input({ reportId: id }),
    answer: answer<{ src: string; width: number; height: number } | null>(),
    may: VOLUNTEERS,
  },
  /** The open lost reports a stray in care may be: its record's card. */
  'lostFound.ofPet': {
    input: ({ id, input }) => input({ petId: id }),
    answer: answer<Match[]>(),
    may: VOLUNTEERS,
    volunteerSees: 'matches',
  },
  /** Today's card: recent reports and strays with a likely match, the first twenty and how many more. */
  'lostFound.waiting': {
    input: ({ input }) => input({}),
    answer: answer<MatchesWaiting>(),
    may: VOLUNTEERS,
    volunteerSees: 'matches-waiting',
  },
  'lostFound.add': {
    input: ({ input, ReportInputSchema }) => input({ report: ReportInputSchema }),
    answer: answer<ReportWithMatches>(),
    may: STAFF,
    writes: 'Recorded a lost or found report',
    topics: ['lost-found'],
  },
  /** A stray goes home (return to owner), or a lost and a found report are one animal. */
  'lostFound.confirm': {
    input: ({ input, ConfirmInputSchema }) => input({ confirm: ConfirmInputSchema }),
    answer: answer<ReportWithMatches>(),
    may: STAFF,
    writes: 'Confirmed a lost and found match',
    topics: ['lost-found', 'movements', 'pets'],
  },
  'lostFound.close': {
    input: ({ id, input }) => input({ reportId: id }),
    answer: answer<Report>(),
    may: STAFF,
    writes: 'Closed a lost or found report',
    topics: ['lost-found'],
  },
});
