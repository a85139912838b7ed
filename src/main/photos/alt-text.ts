/**
 * What a photo's alt text says when staff wrote none. The engine builds the subject of a pet
 * (engine.ts, `subjectOf`): its name and its profile's primary breed.
 */
export interface PhotoSubject {
  name: string;
  /** The pet's primary breed, from its profile. */
  breed?: string | null;
}

/** "Luna, Labrador Retriever", or "Luna". */
export function defaultAltText(subject: PhotoSubject): string {
  const breed = subject.breed?.trim();
  return breed ? `${subject.name}, ${breed}` : subject.name;
}
