import { createHash } from 'node:crypto';
import type SharpModule from 'sharp';
import type { Metadata } from 'sharp';
import { AppError } from '../../shared/errors';
import {
  MAX_PHOTO_BYTES,
  MAX_PHOTO_PIXELS,
  PHOTO_FORMATS,
  PHOTO_LONG_EDGE,
  THUMB_LONG_EDGE,
  type PhotoFormat,
} from '../../shared/photos';
import { PhotoQueue } from './photo-queue';

/** A photo ready to store: what a browser, a PDF library (pdfkit reads JPEG and PNG, not WebP) and the portals all take. */
export interface ProcessedPhoto {
  hash: string;
  full: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
  thumbWidth: number;
  thumbHeight: number;
}

/** Longer than any 100-megapixel photo takes on a slow machine; a pathological file stops here. */
export const PROCESSING_TIMEOUT_SECONDS = 30;
/**
 * Quality 82, progressive: no visible loss at 1600 px. mozjpeg (about a tenth smaller) only for the
 * thumbnail, the image every listing loads: on the full size it doubled a 12 MP import's CPU time.
 */
const FULL_JPEG = { quality: 82, progressive: true } as const;
const THUMB_JPEG = { quality: 82, progressive: true, mozjpeg: true } as const;

/** Photos decoded at once by this process, whichever face sent them (a 24-megapixel photo holds about 40 MiB while it is), and how many wait. */
export const PHOTOS_DECODED_AT_ONCE = 2;
const decoding = new PhotoQueue(PHOTOS_DECODED_AT_ONCE, 4);

let sharpModule: Promise<{ default: typeof SharpModule }> | undefined;
/**
 * libvips loads with the first photo, not when the server starts: tens of MiB a server without photos
 * never needs. Its operation cache is off: every photo is worked on once, and the cache (up to 50 MiB
 * by default) only kept what the next photo would never use, on top of the photos at work.
 */
async function loadSharp(): Promise<typeof SharpModule> {
  sharpModule ??= import('sharp').then((module) => {
    module.default.cache(false);
    return module;
  });
  return (await sharpModule).default;
}

function isPhotoFormat(format: string | undefined): format is PhotoFormat {
  return (PHOTO_FORMATS as readonly string[]).includes(format ?? '');
}

/** The file's size, refused before a byte of it is decoded. */
export function assertPhotoSize(file: string, bytes: number): void {
  if (bytes > MAX_PHOTO_BYTES) {
    const mib = (bytes / 1024 / 1024).toFixed(1);
    throw new AppError(
      'payload_too_large',
      `${file} holds ${mib} MiB; a photo may hold at most ${MAX_PHOTO_BYTES / 1024 / 1024} MiB.`,
      {
        details: { reason: 'photo_bytes', file, bytes, maxBytes: MAX_PHOTO_BYTES },
      },
    );
  }
}

function notAnImage(file: string): AppError {
  return new AppError('unsupported_media_type', `${file} is not an image that can be read (JPEG, PNG or WebP).`, {
    details: { reason: 'not_an_image', file },
  });
}

/** The header alone: format and declared size, so a decompression bomb is refused before any pixel is decoded. */
async function checkHeader(file: string, input: Buffer): Promise<PhotoFormat> {
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage(file);
  }
  if (!isPhotoFormat(metadata.format)) {
    const format = metadata.format ?? 'unknown';
    throw new AppError(
      'unsupported_media_type',
      `${file} is a ${format.toUpperCase()} image; photos must be JPEG, PNG or WebP.`,
      {
        details: { reason: 'photo_format', file, format, accepted: PHOTO_FORMATS },
      },
    );
  }
  const { width = 0, height = 0 } = metadata;
  if (width * height > MAX_PHOTO_PIXELS) {
    throw new AppError(
      'payload_too_large',
      `${file} is ${width} × ${height} pixels; a photo may have at most ${MAX_PHOTO_PIXELS / 1_000_000} megapixels.`,
      {
        details: { reason: 'photo_pixels', file, width, height, maxPixels: MAX_PHOTO_PIXELS },
      },
    );
  }
  return metadata.format;
}

function processingFailure(file: string, error: unknown): AppError {
  if (error instanceof Error && /timeout/i.test(error.message)) {
    return new AppError(
      'payload_too_large',
      `${file} took over ${PROCESSING_TIMEOUT_SECONDS} s to process, so it was not added.`,
      {
        details: { reason: 'photo_processing_time', file, seconds: PROCESSING_TIMEOUT_SECONDS },
      },
    );
  }
  if (error instanceof Error && /pixel limit/i.test(error.message)) {
    return new AppError('payload_too_large', `${file} has more than ${MAX_PHOTO_PIXELS / 1_000_000} megapixels.`, {
      details: { reason: 'photo_pixels', file, width: 0, height: 0, maxPixels: MAX_PHOTO_PIXELS },
    });
  }
  return notAnImage(file);
}

/**
 * Turned upright by its EXIF orientation, in sRGB, at most 1600 px on its long edge (never enlarged),
 * transparency on white, re-encoded as JPEG: sharp writes no metadata unless asked, so no EXIF (GPS
 * above all), XMP, IPTC or ICC block survives. The thumbnail is made from that result.
 */
export async function processPhoto(file: string, input: Buffer): Promise<ProcessedPhoto> {
  assertPhotoSize(file, input.length);
  return decoding.run(() => decode(file, input));
}

async function decode(file: string, input: Buffer): Promise<ProcessedPhoto> {
  await checkHeader(file, input);
  const sharp = await loadSharp();
  try {
    const full = await sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize({ width: PHOTO_LONG_EDGE, height: PHOTO_LONG_EDGE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg(FULL_JPEG)
      .timeout({ seconds: PROCESSING_TIMEOUT_SECONDS })
      .toBuffer({ resolveWithObject: true });
    const thumb = await sharp(full.data)
      .resize({ width: THUMB_LONG_EDGE, height: THUMB_LONG_EDGE, fit: 'inside', withoutEnlargement: true })
      .jpeg(THUMB_JPEG)
      .timeout({ seconds: PROCESSING_TIMEOUT_SECONDS })
      .toBuffer({ resolveWithObject: true });
    return {
      hash: createHash('sha256').update(full.data).digest('hex'),
      full: full.data,
      thumb: thumb.data,
      width: full.info.width,
      height: full.info.height,
      thumbWidth: thumb.info.width,
      thumbHeight: thumb.info.height,
    };
  } catch (error) {
    throw processingFailure(file, error);
  }
}

/** A logo is shown at 48 px: 512 covers any screen's density. */
const LOGO_LONG_EDGE = 512;

/**
 * The shelter's logo through the same pipeline: header checked, turned upright, in sRGB, at most
 * 512 px, re-encoded in its own format (a PNG or WebP keeps its transparency) with no metadata block
 * at all: no EXIF (GPS, artist), XMP, IPTC, ICC or comment survives.
 */
export async function processLogo(file: string, input: Buffer): Promise<{ format: PhotoFormat; bytes: Buffer }> {
  assertPhotoSize(file, input.length);
  // Waits however busy the photos are: a publish is never refused, nor left without its logo, for it.
  return decoding.run(async () => {
    const format = await checkHeader(file, input);
    const sharp = await loadSharp();
    try {
      const image = sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' })
        .autoOrient()
        .resize({ width: LOGO_LONG_EDGE, height: LOGO_LONG_EDGE, fit: 'inside', withoutEnlargement: true })
        .toColourspace('srgb')
        .timeout({ seconds: PROCESSING_TIMEOUT_SECONDS });
      const encoded =
        format === 'png'
          ? image.png({ compressionLevel: 9 })
          : format === 'webp'
            ? image.webp({ quality: 90 })
            : image.jpeg({ quality: 90 });
      return { format, bytes: await encoded.toBuffer() };
    } catch (error) {
      throw processingFailure(file, error);
    }
  }, true);
}
