import { useQuery } from '@tanstack/react-query';
import { ADMIN_PHOTOS_PREFIX } from '../../../../shared/admin-contract';
import type { Environment } from '../../../../shared/environments';
import { photoFileName, type PetPhoto, type PhotoSize } from '../../../../shared/photos';
import { useAction } from '../../client/action';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { call } from '../../client/transport';
import { windowI18n } from '../../i18n/i18n';
import { useTranslation } from 'react-i18next';

/** Where the window loads a stored photo: the admin server in browser mode, app:// in the desktop app (same path). */
export function photoAddress(environment: Environment, photo: PetPhoto, size: PhotoSize): string {
  return `${ADMIN_PHOTOS_PREFIX}${environment}/${photoFileName(photo.hash, size)}`;
}

export function usePetPhotos(petId: number | null) {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'pets', 'photos', petId],
    queryFn: () => call('photos.list', { environment, petId: petId ?? 0 }),
    enabled: petId !== null,
  });
}

/** The file as the contract's base64. */
export function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () =>
      reject(
        new Error(
          windowI18n.t('pets:photos.unreadable', {
            file: file.name,
            reason: reader.error?.message ?? windowI18n.t('pets:photos.unknownReason'),
          }),
        ),
      );
    reader.readAsDataURL(file);
  });
}

export function useMovePhoto() {
  const { t } = useTranslation('pets');
  return useAction({
    run: ({ petId, photo, position }: { petId: number; photo: PetPhoto; position: number }, environment) =>
      call('photos.move', { environment, petId, photoId: photo.id, position }),
    progress: ({ position }) => t('photos.moving', { position }),
    success: (_, { position }) => (position === 1 ? t('photos.nowCover') : t('photos.moved', { position })),
    invalidates: ['pets'],
  });
}

export function useRemovePhoto() {
  const { t } = useTranslation('pets');
  return useAction({
    run: ({ petId, photo }: { petId: number; photo: PetPhoto }, environment) =>
      call('photos.remove', { environment, petId, photoId: photo.id }),
    progress: t('photos.removing'),
    success: () => t('photos.removed'),
    invalidates: ['pets'],
  });
}

export function useSetPhotoAlt() {
  const { t } = useTranslation('pets');
  return useAction({
    run: ({ petId, photo, alt }: { petId: number; photo: PetPhoto; alt: string }, environment) =>
      call('photos.setAlt', { environment, petId, photoId: photo.id, alt }),
    progress: t('photos.savingAlt'),
    success: () => t('photos.altSaved'),
    invalidates: ['pets'],
  });
}
