/**
 * What a photo's alt text says when staff wrote none. The engine builds the subject of a pet
 * (engine.ts, `photoSubject`): today its name; once pet profiles land, their primary breed too.
 */
export interface PhotoSubject {
  name: string;
  /** The pet's primary breed, from its profile; absent until profiles exist. */
  breed?: string | null;
}

/** "Luna, Labrador Retriever", or "Luna". */
export function defaultAltText(subject: PhotoSubject): string {
  const breed = subject.breed?.trim();
  return breed ? `${subject.name}, ${breed}` : subject.name;
}
