import { photoUploadBytes } from '../../shared/photos';
import type { AppHost } from '../host/app-host';
import { assertPhotoSize } from '../photos/process-photo';
import type { AdminHandlers } from './dispatch';

type PhotoChannel = Extract<keyof AdminHandlers, `photos.${string}`>;

/** A pet's photos: the window sends one file per call (base64), so each file is refused on its own. */
export function photoHandlers(host: AppHost): Pick<AdminHandlers, PhotoChannel> {
  const photos = (environment: Parameters<AppHost['engine']>[0]) => host.engine(environment).services.photos;
  return {
    'photos.list': ({ environment, petId }) => photos(environment).list(petId),
    'photos.add': async ({ environment, petId, photo }) => {
      assertPhotoSize(photo.name, photoUploadBytes(photo.data));
      const bytes =
        typeof photo.data === 'string'
          ? Buffer.from(photo.data, 'base64')
          : Buffer.from(photo.data.buffer, photo.data.byteOffset, photo.data.byteLength);
      const [added] = await photos(environment).add(petId, [{ name: photo.name, bytes, alt: photo.alt }]);
      if (!added) throw new Error('add returned no photo');
      return added;
    },
    'photos.remove': ({ environment, petId, photoId }) => photos(environment).remove(petId, photoId),
    'photos.move': ({ environment, petId, photoId, position }) => photos(environment).move(petId, photoId, position),
    'photos.setAlt': ({ environment, petId, photoId, alt }) => photos(environment).setAlt(petId, photoId, alt),
  };
}
