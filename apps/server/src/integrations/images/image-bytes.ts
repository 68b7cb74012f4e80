/*
 * Checks on image bytes from outside. Everything downstream (the article_images table, the
 * WordPress upload with image/png, the .png file name) assumes PNG, so a remote image is kept
 * only when it is a complete PNG; other formats are named so the fallback's reason is precise.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// The last chunk of every PNG: length 0, type IEND, fixed CRC. Missing means a truncated file.
const PNG_IEND = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
const MAX_SIDE = 16_384;

export type SniffedFormat = 'png' | 'jpeg' | 'webp' | 'gif' | 'unknown';

export function sniffImageFormat(bytes: Buffer): SniffedFormat {
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'gif';
  return 'unknown';
}

/** The size of a complete PNG; throws a message fit for the generation log otherwise. */
export function pngDimensions(bytes: Buffer): { width: number; height: number } {
  const format = sniffImageFormat(bytes);
  if (format !== 'png') {
    throw new Error(
      format === 'unknown'
        ? 'the answer is not an image'
        : `the image is a ${format.toUpperCase()}; only PNG images can be stored`,
    );
  }
  if (bytes.length < 8 + 25 + PNG_IEND.length || bytes.subarray(12, 16).toString('latin1') !== 'IHDR')
    throw new Error('the PNG image is damaged (no IHDR header)');
  if (!bytes.subarray(bytes.length - PNG_IEND.length).equals(PNG_IEND))
    throw new Error('the PNG image is truncated (no IEND chunk)');
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE)
    throw new Error(`the PNG image has an impossible size (${width}×${height})`);
  return { width, height };
}
