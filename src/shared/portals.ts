/** Exports to the adoption portals: what every face shows of them (the engine is src/main/publishing/portals). */

/** The portals we write files for: each keeps its own last export. */
export type PortalId = 'rescuegroups' | 'petfinder';

/** Why an animal is kept out of a portal's file: a code and the field; each face words it. */
export type PortalProblem =
  | { field: 'breed' | 'sex' | 'age' | 'photo'; problem: 'missing' }
  | { field: 'breed'; problem: 'unmapped'; value: string }
  | { field: 'species'; problem: 'unmapped'; value: string }
  | { field: 'name' | 'breed' | 'color'; problem: 'too_long'; limit: number };

/** What the last export did with one animal. */
export interface PortalListing {
  petId: number;
  name: string;
  state: 'listed' | 'refused';
  problems: PortalProblem[];
  exportedAt: number;
}

/**
 * What kennel cards were made despite, a code and its details; each face words it. `local_address`:
 * the QR codes open a `localhost` address, which only this computer reaches (a custom domain fixes it).
 */
export interface KennelCardWarning {
  code: 'local_address';
  details: { project: string; address: string };
}

/** Kennel cards made for the window: the PDF as base64, whose address the QR codes open, and what to warn of. */
export interface KennelCardsPdf {
  pdf: string;
  cards: number;
  project: string;
  address: string;
  warnings: KennelCardWarning[];
}

export const CARD_PAPERS = ['a4', 'letter'] as const;
export const MAX_KENNEL_CARDS = 500;
