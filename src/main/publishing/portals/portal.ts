import fs from 'node:fs';
import path from 'node:path';
import type { PortalProblem } from '../../../shared/portals';
import { copyFileAtomically, writeFileAtomically } from '../../files/atomic-write';
import { csvText, type CsvOptions } from '../../files/csv';
import type { YesNoUnknown } from '../pet-words';
import type { PublicPet } from '../public-pet';

/**
 * The base every adoption portal's file is made on (after Animal Shelter Manager's publishers):
 * which animals go in, the pre-flight reasons one is kept out, what the last file listed and this
 * one would drop, and the writer of the file and its photos. A portal is one small file of its own
 * columns and rules (rescuegroups.ts).
 */

/** What a portal reads of a pet: its public profile, worded by the profile's own values. */
export interface PortalAnimal {
  id: number;
  name: string;
  status: 'available' | 'pending' | 'sold';
  /** Left care other than by adoption (died, transferred, returned to its owner): never listed, not even as adopted. */
  leftCare?: boolean;
  category: string;
  breedPrimary: string | null;
  breedSecondary: string | null;
  breedMixed: boolean | null;
  sex: 'female' | 'male' | 'unknown' | null;
  ageGroup: 'baby' | 'young' | 'adult' | 'senior' | null;
  size: 'small' | 'medium' | 'large' | 'xlarge' | null;
  color: string | null;
  coat: string | null;
  description: string | null;
  goodWith: { kids: YesNoUnknown | null; dogs: YesNoUnknown | null; cats: YesNoUnknown | null };
  houseTrained: boolean | null;
  spayedNeutered: boolean | null;
  specialNeeds: string | null;
  /** Photo files, the cover first. */
  photos: string[];
}

/** A public pet as the portals read it. */
export function portalAnimalOf(pet: PublicPet): PortalAnimal {
  const { profile } = pet;
  return {
    id: pet.id,
    name: pet.name,
    status: pet.status,
    // As on the adoption site: "sold" with a last stay that ended otherwise is no adoption.
    leftCare: pet.status === 'sold' && pet.leftCare,
    category: pet.category.name,
    breedPrimary: profile.breedPrimary ?? null,
    breedSecondary: profile.breedSecondary ?? null,
    breedMixed: profile.breedMixed ?? null,
    sex: profile.sex ?? null,
    ageGroup: pet.ageGroup,
    size: profile.size ?? null,
    color: profile.color ?? null,
    coat: profile.coat ?? null,
    description: profile.description ?? null,
    goodWith: { kids: profile.goodWithKids ?? null, dogs: profile.goodWithDogs ?? null, cats: profile.goodWithCats ?? null },
    houseTrained: profile.houseTrained ?? null,
    spayedNeutered: profile.spayedNeutered ?? null,
    specialNeeds: profile.specialNeeds ?? null,
    photos: pet.photos.map((photo) => photo.full.file),
  };
}

/** One portal's file: its name, columns, rules and how many photos an animal it takes. */
export interface Portal<Column extends string> {
  /** Its key in portal_listings. */
  id: 'rescuegroups';
  /** As staff know it, in the refusal of an export that would drop animals. */
  name: string;
  file: string;
  columns: readonly Column[];
  photos: number;
  csv: CsvOptions;
  /** The pre-flight: what would make the portal refuse or mangle the animal; none, and it is listed. */
  problems: (animal: PortalAnimal) => PortalProblem[];
  row: (animal: PortalAnimal) => Record<Column, string>;
}

export interface ExportPlan<Column extends string = string> {
  listed: Array<{ animal: PortalAnimal; row: Record<Column, string> }>;
  refused: Array<{ animal: PortalAnimal; problems: PortalProblem[] }>;
  /** Animals the previous file listed that this one leaves out by mistake (refused now, or gone): the portal would delete them. */
  dropped: Array<{ id: number; name: string; reason: 'refused' | 'gone' }>;
  /** Animals the previous file listed that left care other than by adoption: left out on purpose, so the portal deletes them. */
  removed: Array<{ id: number; name: string }>;
}

/**
 * Which animals go into the file: every available or pending pet, and an adopted one the last file
 * listed (so the portal shows it adopted rather than deleting it). One that left care otherwise is
 * left out (the portal deletes a listing the file leaves out). An animal with a problem is left
 * out, whole.
 */
export function planExport<Column extends string>(portal: Portal<Column>, animals: readonly PortalAnimal[], previouslyListed: ReadonlyMap<number, string>): ExportPlan<Column> {
  const plan: ExportPlan<Column> = { listed: [], refused: [], dropped: [], removed: [] };
  const seen = new Set<number>();
  for (const animal of animals) {
    const before = previouslyListed.has(animal.id);
    if (animal.status === 'sold' && !before) continue;
    seen.add(animal.id);
    if (animal.leftCare) {
      plan.removed.push({ id: animal.id, name: animal.name });
      continue;
    }
    const problems = portal.problems(animal);
    if (problems.length > 0) {
      plan.refused.push({ animal, problems });
      if (before) plan.dropped.push({ id: animal.id, name: animal.name, reason: 'refused' });
    } else {
      plan.listed.push({ animal, row: portal.row(animal) });
    }
  }
  for (const [id, name] of previouslyListed) if (!seen.has(id)) plan.dropped.push({ id, name, reason: 'gone' });
  return plan;
}

/** The file's text: the portal's columns, one line an animal (files/csv.ts keeps formulas text). */
export function portalCsv<Column extends string>(portal: Portal<Column>, plan: ExportPlan<Column>): string {
  return csvText(
    portal.columns,
    plan.listed.map(({ row }) => portal.columns.map((column) => row[column])),
    portal.csv,
  );
}

/** An export is public content the staff upload: readable by all, like any file they save. */
const PUBLIC_FILE = 0o644;

export const photoFileName = (animal: Pick<PortalAnimal, 'id'>, index: number) => `adoption-desk-${animal.id}-${index + 1}.jpg`;

/**
 * Writes the file and the listed animals' photos into `dir` (every file through files/atomic-write.ts).
 * Returns the file's path and, per listed animal, how many photos went with it.
 */
export function writePortalFiles<Column extends string>(portal: Portal<Column>, plan: ExportPlan<Column>, dir: string): { file: string; listed: Array<{ id: number; name: string; photos: number }> } {
  fs.mkdirSync(dir, { recursive: true });
  const listed = plan.listed.map(({ animal }) => {
    const photos = animal.photos.slice(0, portal.photos);
    // The stored photos are JPEG already (photos/process-photo.ts): copied under the names the file gives, readable for the upload.
    photos.forEach((file, index) => copyFileAtomically(file, path.join(dir, photoFileName(animal, index)), PUBLIC_FILE));
    return { id: animal.id, name: animal.name, photos: photos.length };
  });
  const file = path.join(dir, portal.file);
  writeFileAtomically(file, portalCsv(portal, plan), PUBLIC_FILE);
  return { file, listed };
}
