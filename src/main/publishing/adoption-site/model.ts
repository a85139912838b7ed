/**
 * What the adoption site is made from: the public face of the shelter and of each of its pets (the
 * available ones listed, the pending and adopted ones keeping their pages so shared links live on).
 * Built by the caller from the shelter profile, the pets' public profiles (never their private
 * fields) and the photo store; the generator only words and lays it out.
 */
import type { Species } from '../../../shared/species';
import type { AgeGroup, PetSex, PetSize } from '../../../shared/pet-profile';
import type { YesNoUnknown } from '../pet-words';
import type { PublishedWords } from '../words/words';
import type { PublicPhoto } from '../public-pet';

/**
 * The pet's status as the public reads it: the records' `sold` is "adopted" on every face; `gone`, an
 * animal that left care other than by adoption, whose page says only that it is no longer here.
 */
export type Availability = 'available' | 'pending' | 'adopted' | 'gone';

export interface SiteShelter {
  name: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  openingHours: string | null;
  howToAdopt: string | null;
  /** ISO 4217, for the fees; null until the shelter profile names one (fees then show as plain amounts). */
  currency: string | null;
  /** The logo's bytes, written beside the pages. */
  logo: { bytes: Buffer; extension: string } | null;
}

export type SitePhoto = PublicPhoto;

export interface SitePet {
  id: number;
  name: string;
  availability: Availability;
  /** The shelter's own category, and the species it holds (said in the site's language on the pet's page). */
  category: { id: number; name: string; species: Species };
  breed: string | null;
  sex: PetSex | null;
  ageGroup: AgeGroup | null;
  /** "3 years", "5 months": said from the birth date or its estimate. */
  age: string | null;
  size: PetSize | null;
  colour: string | null;
  coat: string | null;
  goodWith: { kids: YesNoUnknown; dogs: YesNoUnknown; cats: YesNoUnknown };
  houseTrained: YesNoUnknown;
  spayedNeutered: YesNoUnknown;
  specialNeeds: string | null;
  description: string | null;
  /** In the shelter's currency; null when none is asked or not said. */
  fee: number | null;
  /** When the pet came in or its profile last changed: the feeds' dates. */
  updatedAt: number;
  /** The shelter paused its applications: the page says so and offers no form. */
  applicationsPaused?: boolean;
  photos: SitePhoto[];
}

export interface AdoptionSiteInput {
  shelter: SiteShelter;
  pets: SitePet[];
  /** The live address the site is reached at (no trailing slash): absolute links for sharing, the sitemap and the feeds. */
  baseUrl: string;
  renderedAt: number;
  /** The shelter's language's words; English when not given. */
  words?: PublishedWords;
}
