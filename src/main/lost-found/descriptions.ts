import type { Clock } from '../../shared/clock';
import type { Report } from '../../shared/lost-found';
import { ageGroupOf, ageScaleOf, localDay } from '../../shared/pet-profile';
import { prepare, type Description, type Prepared } from './matching';
import type { StrayRow } from './store';

const POSTCODE = /\b\d{5}\b|\b[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}\b/i;

export const reportDescription = (report: Report): Description => ({
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

/** A stray described as a report would be, on `today` (its age group); where it was found is read from its intake's reason. */
export function strayDescription(stray: StrayRow, today: string): Description {
  const found = [stray.intakeReason, stray.intakeCondition].filter(Boolean).join('\n');
  return {
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
  };
}

/**
 * Reports' and strays' descriptions prepared for scoring, kept: what a report describes never changes
 * once written, and a stray's are kept while its row and the day (its age group) stay the same.
 */
export class Descriptions {
  private readonly reports = new Map<number, Prepared>();
  private readonly strays = new Map<number, { key: string; prepared: Prepared }>();

  constructor(private readonly clock: Clock) {}

  today(): string {
    return localDay(this.clock.now());
  }

  report(report: Report): Prepared {
    let prepared = this.reports.get(report.id);
    if (!prepared) {
      prepared = prepare(reportDescription(report));
      this.reports.set(report.id, prepared);
    }
    return prepared;
  }

  stray(stray: StrayRow, today = this.today()): Prepared {
    const key = `${today}\u0000${JSON.stringify(stray)}`;
    const kept = this.strays.get(stray.id);
    if (kept?.key === key) return kept.prepared;
    const prepared = prepare(strayDescription(stray, today));
    this.strays.set(stray.id, { key, prepared });
    return prepared;
  }
}
