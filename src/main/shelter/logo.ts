import { AppError } from '../../shared/errors';
import { LOGO_MAX_BYTES, logoMediaType, type LogoMediaType } from '../../shared/shelter';
import { processLogo } from '../photos/process-photo';

declare const prepared: unique symbol;

/** A logo as stored: only prepareLogo makes one, so no logo reaches the database with its metadata. */
export type PreparedLogo = { mediaType: LogoMediaType; bytes: Buffer } & { readonly [prepared]: true };

const MEDIA_TYPES = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

/** The logo file's bytes checked (PNG, JPEG or WebP by its first bytes, at most 1 MiB), then through the photo pipeline. */
export async function prepareLogo(bytes: Uint8Array): Promise<PreparedLogo> {
  if (bytes.length === 0)
    throw new AppError('validation_failed', 'logo: the file is empty', { details: { field: 'logo' } });
  if (bytes.length > LOGO_MAX_BYTES)
    throw new AppError(
      'payload_too_large',
      `logo: ${bytes.length} bytes is over the ${LOGO_MAX_BYTES / 1024 / 1024} MiB a logo may be`,
    );
  if (!logoMediaType(bytes)) throw new AppError('unsupported_media_type', 'logo: must be a PNG, JPEG or WebP image');
  const processed = await processLogo('logo', Buffer.from(bytes));
  return { mediaType: MEDIA_TYPES[processed.format], bytes: processed.bytes } as PreparedLogo;
}

/**
 * The logo as the adoption site publishes it: through the pipeline again, whatever the database
 * holds (a logo stored before logos were re-encoded still carries its EXIF there). Its format, so
 * the pages' `logo.<extension>`, stays; one that no longer decodes is left out.
 */
export async function publishedLogo<L extends { bytes: Buffer }>(logo: L | null): Promise<L | null> {
  if (!logo) return null;
  try {
    return { ...logo, bytes: (await processLogo('logo', logo.bytes)).bytes };
  } catch {
    return null;
  }
}
