/** A pet's photos: the limits every face checks against and what the engine hands back. */
import { z } from 'zod';
import { base64Bytes } from './site-upload';

/** Petfinder's cap per animal; the first photo is the cover. */
export const MAX_PHOTOS_PER_PET = 6;
/** Checked before anything is decoded. */
export const MAX_PHOTO_BYTES = 25 * 1024 * 1024;
/** Decoded pixels at most (100 megapixels: a 108 MP phone's photo, not a decompression bomb). */
export const MAX_PHOTO_PIXELS = 100_000_000;
/** The stored photo's long edge at most (never enlarged), and the thumbnail's. */
export const PHOTO_LONG_EDGE = 1600;
export const THUMB_LONG_EDGE = 400;
export const MAX_ALT_TEXT = 300;
/** What staff may give; HEIC is refused: sharp's bundled libheif decodes AVIF only (no HEVC codec). */
export const PHOTO_FORMATS = ['jpeg', 'png', 'webp'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

export interface PetPhoto {
  id: number;
  petId: number;
  /** 1-based, in the order shown; 1 is the cover. */
  position: number;
  /** SHA-256 (hex) of the stored JPEG: its name on disk and in the image addresses. */
  hash: string;
  /** What staff wrote, or '' when the pet's own words stand in (`altText`). */
  alt: string;
  /** The alt text to show: `alt`, or the pet's name (and breed) when empty. */
  altText: string;
  width: number;
  height: number;
  bytes: number;
  thumbWidth: number;
  thumbHeight: number;
  createdAt: number;
}

/** The two stored sizes of a photo. */
export const PHOTO_SIZES = ['full', 'thumb'] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];

/** A photo's file name in the photos folder and in the admin server's addresses (lower-case hex, then the size). */
export function photoFileName(hash: string, size: PhotoSize): string {
  return size === 'full' ? `${hash}.jpg` : `${hash}-thumb.jpg`;
}

/** Where a photo's file lies inside its environment's photos folder: `ab/<hash>.jpg`, under the hash's first two digits ('/'-separated). */
export function photoFilePath(hash: string, size: PhotoSize): string {
  return `${hash.slice(0, 2)}/${photoFileName(hash, size)}`;
}

export const PHOTO_FILE_NAME = /^([0-9a-f]{64})(-thumb)?\.jpg$/;

export const AltTextSchema = z
  .string({ error: 'must be a string' })
  .trim()
  .max(MAX_ALT_TEXT, { error: `must be at most ${MAX_ALT_TEXT} characters` })
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  .refine((text) => !/[\u0000-\u001f\u007f]/.test(text), { error: 'must not contain control characters' });

/**
 * A photo sent from the window as base64. The size is the engine's to refuse (payload_too_large with
 * its details); this cap only keeps an absurd payload from being decoded at all.
 */
/** The bytes of an upload's photo. */
export function photoUploadBytes(data: string | Uint8Array): number {
  return typeof data === 'string' ? base64Bytes(data) : data.length;
}

/** Base64 in one pass: zod's own pattern backtracks per four characters, 46 MB more for a 25 MiB photo. */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export const PhotoUploadSchema = z.strictObject({
  /** The file's name as picked, for the refusal's words. */
  name: z.string({ error: 'must be a string' }).max(255, { error: 'must be at most 255 characters' }),
  /** Base64; browser mode's server hands the photo's bytes themselves, decoded as the body was read. */
  data: z
    .union(
      [
        z.string().refine((data) => data.length % 4 === 0 && BASE64.test(data), { error: 'must be base64' }),
        z.instanceof(Uint8Array),
      ],
      { error: 'must be base64' },
    )
    .refine((data) => photoUploadBytes(data) <= 2 * MAX_PHOTO_BYTES, {
      error: `must be at most ${(2 * MAX_PHOTO_BYTES) / 1024 / 1024} MiB`,
    }),
  alt: AltTextSchema.optional(),
});
export type PhotoUpload = z.infer<typeof PhotoUploadSchema>;
