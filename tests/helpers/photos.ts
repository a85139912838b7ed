/** Test photos made with sharp itself, and a reader of a JPEG's segments (to see which metadata blocks it holds). */
import zlib from 'node:zlib';
import sharp from 'sharp';

/**
 * A 3000 × 2000 JPEG, red on its left half and blue on its right, whose EXIF says "turn me 90°
 * clockwise" (orientation 6) and where it was taken (GPS). Upright, it is 2000 × 3000 with red on top.
 */
export async function phoneJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#ff0000' } })
    .composite([
      { input: { create: { width: 1500, height: 2000, channels: 3, background: '#0000ff' } }, left: 1500, top: 0 },
    ])
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'PawPhone', Model: 'PP-12' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 2680/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3990/100',
      },
    })
    .jpeg({ quality: 90 })
    .toBuffer();
}

export async function transparentPng(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

export async function plainWebp(width = 1200, height = 900, colour = '#884400'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .webp()
    .toBuffer();
}

export async function gif(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 40, channels: 3, background: '#123456' } })
    .gif()
    .toBuffer();
}

/** A 100-byte PNG whose header claims 60,000 × 60,000 pixels (3.6 gigapixels once decoded). */
export async function decompressionBomb(): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000000' } })
    .png()
    .toBuffer();
  // IHDR's data starts at byte 16 (8 signature + 4 length + 4 type); its CRC covers type and data.
  png.writeUInt32BE(60_000, 16);
  png.writeUInt32BE(60_000, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

/** The APPn markers of a JPEG, in order (0xe1 EXIF/XMP, 0xe2 ICC, 0xed IPTC…), up to the image data. */
export function jpegAppMarkers(jpeg: Buffer): number[] {
  const markers: number[] = [];
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1] ?? 0;
    if (marker === 0xda) break;
    if (marker >= 0xe0 && marker <= 0xef) markers.push(marker);
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  return markers;
}
