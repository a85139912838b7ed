/** A pet as the adoption site gets it, with nothing known beyond what a test gives: a dog of the category Chiens. */
import type { SitePet } from '../../src/main/publishing/adoption-site/model';

export function sitePet(given: Partial<SitePet> & Pick<SitePet, 'id' | 'name'>): SitePet {
  return {
    availability: 'available',
    category: { id: 1, name: 'Chiens', species: 'dog' },
    breed: null,
    sex: 'female',
    ageGroup: 'adult',
    age: null,
    size: null,
    colour: null,
    coat: null,
    goodWith: { kids: 'unknown', dogs: 'unknown', cats: 'unknown' },
    houseTrained: 'unknown',
    spayedNeutered: 'unknown',
    specialNeeds: null,
    description: null,
    fee: null,
    updatedAt: Date.UTC(2026, 10, 1),
    photos: [],
    ...given,
  };
}
