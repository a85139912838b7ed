import type { NewPet, Pet } from '../../shared/pet';
import type { PetService } from './pets';

interface Pending {
  input: NewPet;
  resolve: (pet: Pet) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for the API's creations: requests that arrive in the same turn of the event loop are
 * written in one transaction, and each promise settles only after that commit (so a 201 is durable).
 */
export class PetCreateQueue {
  private pending: Pending[] = [];

  constructor(private readonly pets: PetService) {}

  create(input: NewPet): Promise<Pet> {
    return new Promise((resolve, reject) => {
      this.pending.push({ input, resolve, reject });
      if (this.pending.length === 1) setImmediate(() => this.commit());
    });
  }

  private commit(): void {
    const batch = this.pending;
    this.pending = [];
    let results: (Pet | Error)[];
    try {
      results = this.pets.createMany(batch.map((item) => item.input));
    } catch {
      // A failure inside the shared transaction (say a category removed meanwhile) must not fail the rest.
      results = batch.map((item) => {
        try {
          return this.pets.create(item.input);
        } catch (error) {
          return error as Error;
        }
      });
    }
    results.forEach((result, index) => {
      const item = batch[index];
      if (!item) return;
      if (result instanceof Error) item.reject(result);
      else item.resolve(result);
    });
  }
}
