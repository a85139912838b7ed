/** Exports to the adoption portals: what every face shows of them (the engine is src/main/publishing/portals). */

/** The portals we write files for: each keeps its own last export. */
export const PORTAL_IDS = ['rescuegroups', 'petfinder', 'adoptapet'] as const;
export type PortalId = (typeof PORTAL_IDS)[number];

/** The portals as staff know them: their own brands, the same in every language. */
export const PORTAL_NAMES: Readonly<Record<PortalId, string>> = {
  rescuegroups: 'RescueGroups.org',
  petfinder: 'Petfinder',
  adoptapet: 'Adopt-a-Pet',
};

/** Why an animal is kept out of a portal's file: a code and the field; each face words it. */
export type PortalProblem =
  | { field: 'breed' | 'sex' | 'age' | 'photo'; problem: 'missing' }
  | { field: 'breed'; problem: 'unmapped'; value: string }
  | { field: 'species'; problem: 'unmapped'; value: string }
  | { field: 'name' | 'breed' | 'color'; problem: 'too_long'; limit: number }
  /** A breed the portal does not list (publishing/portals/breeds/): `suggestions` are its closest names, to pick instead. */
  | {
      field: 'breed' | 'secondaryBreed';
      problem: 'not_listed';
      value: string;
      portal: PortalId;
      suggestions: string[];
    };

/** What the last export did with one animal. */
export interface PortalListing {
  petId: number;
  name: string;
  state: 'listed' | 'refused';
  problems: PortalProblem[];
  exportedAt: number;
}

/** What an export wrote into `dir`, kept out (and why), and left out of what the last file listed. */
export interface PortalExportResult {
  dir: string;
  file: string;
  listed: Array<{ id: number; name: string; photos: number }>;
  refused: Array<{ id: number; name: string; problems: PortalProblem[] }>;
  /** Listed before, left out now by mistake (refused, or gone): the portal deletes them. */
  dropped: Array<{ id: number; name: string; reason: 'refused' | 'gone' }>;
  /** Listed before, left care other than by adoption since: left out, so the portal deletes them. */
  removed: Array<{ id: number; name: string }>;
  /** The photo links open an address the portal cannot fetch (portals that fetch photos); none for files beside the file. */
  warnings: LocalAddressWarning[];
}

/** One portal's side of the window's export panel: its last export per animal, and what this export would do. */
export interface PortalStatus {
  portal: PortalId;
  /** No export to it yet: for Adopt-a-Pet, the first upload from any software erases what it listed. */
  firstExport: boolean;
  listings: PortalListing[];
  /** What an export now would list, keep out (and why) and drop. */
  plan: {
    listed: Array<{ id: number; name: string }>;
    refused: Array<{ id: number; name: string; problems: PortalProblem[] }>;
    dropped: Array<{ id: number; name: string; reason: 'refused' | 'gone' }>;
  };
}

/**
 * What kennel cards or a portal's files were made despite, a code and its details; each face words
 * it. `local_address`: the QR codes or the photo links open a `localhost` address, which only this
 * computer reaches (a custom domain fixes it).
 */
export interface LocalAddressWarning {
  code: 'local_address';
  details: { project: string; address: string };
}
export type KennelCardWarning = LocalAddressWarning;

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
