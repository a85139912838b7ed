/** What the phone's pages read and write: the due list, the animals, one animal's record and photos, the care marks. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ADMIN_PHOTOS_PREFIX } from '../../../../shared/admin-contract';
import type { Dose } from '../../../../shared/care';
import type { Environment } from '../../../../shared/environments';
import { photoFileName, type PetPhoto, type PhotoSize } from '../../../../shared/photos';
import { topicsOf } from '../../client/action';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { call, callWithProgress } from '../../client/transport';

/** The phone's day is the phone's clock's, as the desk's Today. */
const utcOffsetMinutes = () => -new Date().getTimezoneOffset();
/** What the phone lists as coming: the week ahead. */
const DAYS_AHEAD = 7;

export function useDue() {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'care', 'due', 'phone'],
    queryFn: () => call('care.due', { environment, query: { days: DAYS_AHEAD, utcOffsetMinutes: utcOffsetMinutes() } }),
  });
}

export function useAnimals() {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'pets', 'phone'],
    queryFn: () => call('pets.browse', { environment, query: { sort: 'name', direction: 'asc', limit: 100 } }),
  });
}

export function useAnimal(petId: number) {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'pets', 'profile', petId],
    queryFn: () => call('pets.profile', { environment, id: petId }),
  });
}

export function usePhotos(petId: number) {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'pets', 'photos', petId],
    queryFn: () => call('photos.list', { environment, petId }),
  });
}

/** Where a stored photo loads from (the admin server's photo path, app:// in the desktop app). */
export function photoAddress(environment: Environment, photo: PetPhoto, size: PhotoSize): string {
  return `${ADMIN_PHOTOS_PREFIX}${environment}/${photoFileName(photo.hash, size)}`;
}

function useRefresh(channel: 'care.give' | 'care.skip' | 'photos.add') {
  const queryClient = useQueryClient();
  const environment = useEnvironment();
  return () =>
    Promise.all(topicsOf(channel).map((topic) => queryClient.invalidateQueries({ queryKey: [environment, topic] })));
}

/** One dose given with its vial's batch (no vet, no notes: a volunteer's mark). */
export function useGiveDose() {
  const environment = useEnvironment();
  const refresh = useRefresh('care.give');
  return useMutation({
    mutationFn: ({ dose, batch }: { dose: Dose; batch: string }) =>
      call('care.give', {
        environment,
        round: { doses: [{ petId: dose.petId, vaccine: dose.vaccine, batch, doseId: dose.id }] },
      }),
    onSettled: refresh,
  });
}

export function useSkipDose() {
  const environment = useEnvironment();
  const refresh = useRefresh('care.skip');
  return useMutation({
    mutationFn: ({ dose, reason }: { dose: Dose; reason: string }) =>
      call('care.skip', { environment, skip: { doseId: dose.id, reason } }),
    onSettled: refresh,
  });
}

/** The file as the contract's base64. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error(file.name));
    reader.readAsDataURL(file);
  });
}

/** A photo sent with its progress (0 to 1, null when not sending); the engine keeps all of it or nothing. */
export function useAddPhoto(petId: number) {
  const environment = useEnvironment();
  const refresh = useRefresh('photos.add');
  const [sent, setSent] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: async (file: File) => {
      setSent(0);
      const data = await base64Of(file);
      return callWithProgress('photos.add', { environment, petId, photo: { name: file.name, data } }, setSent);
    },
    onSettled: async () => {
      setSent(null);
      await refresh();
    },
  });
  return { ...mutation, sent };
}

/** The last batch typed for a vaccine on this phone: the next dose of it is then two taps. */
const BATCH_KEY = (vaccine: string) => `adoption-desk:phone-batch:${vaccine}`;

export function rememberedBatch(vaccine: string): string {
  return window.localStorage.getItem(BATCH_KEY(vaccine)) ?? '';
}

export function rememberBatch(vaccine: string, batch: string): void {
  window.localStorage.setItem(BATCH_KEY(vaccine), batch);
}
