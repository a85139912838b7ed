import type { PetService } from '../pets/pets';
import type { MovementStore } from './store';

/**
 * A reservation past its expiry no longer holds the animal (docs/decisions.md): once the engine sees
 * it (before every movement read or write, and every second in a serving engine), its `pending` pet
 * is `available` again. The reservation itself stays open, listed as expired on the Today page,
 * until staff cancel it, renew it (reserve again) or an adoption ends it. Each is released once, so a
 * status staff set by hand afterwards stands. Returns how many were released.
 */
export function releaseLapsedReservations(store: MovementStore, pets: PetService, now: number): number {
  // The common case, nothing lapsed, takes no write lock.
  if (store.lapsedReservations(now).length === 0) return 0;
  return store.immediateTransaction(() => {
    const lapsed = store.lapsedReservations(now);
    for (const { id, petId } of lapsed) {
      store.markLapsed(id, now);
      if (pets.get(petId)?.status === 'pending') pets.changeStatus(petId, 'available');
    }
    return lapsed.length;
  });
}
