/** Publishing: kennel cards and the listings sent to adoption portals. */
import type { KennelCardsPdf, PortalExportResult, PortalId, PortalListing, PortalStatus } from '../portals';
import { STAFF, answer, area } from './declare';

export const PUBLISHING_CHANNELS = area({
  // Publishing, the staff's work (the cards print only the public profile, no kennel location).
  'pets.kennelCards': {
    input: ({ z, id, input, CARD_PAPERS, MAX_KENNEL_CARDS }) =>
      input({
        ids: z.array(id).min(1).max(MAX_KENNEL_CARDS),
        paper: z.enum(CARD_PAPERS),
        perPage: z.union([z.literal(1), z.literal(2)]),
      }),
    answer: answer<KennelCardsPdf>(),
    may: STAFF,
    topics: [],
  },
  'portals.listings': {
    input: ({ input }) => input({}),
    answer: answer<Record<PortalId, PortalListing[]>>(),
    may: STAFF,
  },
  /** Every portal's last export per animal, whether it is the first export, and what an export now would do. */
  'portals.status': {
    input: ({ input }) => input({}),
    answer: answer<PortalStatus[]>(),
    may: STAFF,
  },
  /** Writes a portal's files into the environment's export folder in the data folder (`dir` says where). */
  'portals.export': {
    input: ({ z, input, PORTAL_IDS }) =>
      input({ portal: z.enum(PORTAL_IDS), allowDrops: z.boolean(), confirmFirstUpload: z.boolean() }),
    answer: answer<PortalExportResult>(),
    may: STAFF,
    writes: 'Exported to a portal',
    topics: ['pets'],
  },
});
