-- A pet created without an intake gets its `unknown` stay on the first read or write of movements (src/main/movements/store.ts, openStaysForNewPets), not from a trigger on every creation: the trigger cost every POST /v1/pets 10 µs and more.
DROP TRIGGER IF EXISTS `pets_open_stay`;
