import sharp, { type Sharp } from 'sharp';
import { detectImageType, type ImageType } from './detect';

export interface ProcessedImage {
  sourceType: ImageType;
  /** Re-encoded JPEG without metadata (no EXIF, GPS, XMP or ICC comments). */
  full: { bytes: Buffer; width: number; height: number };
  thumbnail: { bytes: Buffer; width: number; height: number };
}

export class ImageRejectedError extends Error {}

/** SPEC.md §5 sizes: at most 1920x1080 for the photo; the feed grid needs small squares. */
const FULL = { width: 1920, height: 1080 } as const;
const THUMB = 320;
/** Refuse decompression bombs: 40 megapixels is more than any phone camera makes. */
const MAX_INPUT_PIXELS = 40_000_000;

async function openImage(bytes: Buffer, type: ImageType): Promise<Sharp> {
  // The prebuilt sharp reads HEIF containers with AV1 only; iPhone HEIC is HEVC, decoded here in WebAssembly.
  if (type === 'heic' || type === 'heif') {
    // Loaded on first use: the WebAssembly decoder is large and most uploads are JPEG.
    const { default: decodeHeic } = await import('heic-decode');
    const decoded = await decodeHeic({ buffer: bytes });
    if (decoded.width * decoded.height > MAX_INPUT_PIXELS) throw new ImageRejectedError('Image is too large');
    return sharp(Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength), {
      raw: { width: decoded.width, height: decoded.height, channels: 4 },
    });
  }
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false, failOn: 'error' });
}

/**
 * Checks the bytes are a real image of an allowed type, then re-encodes it: the output keeps
 * only pixels (sharp drops metadata unless asked), oriented by EXIF before EXIF is dropped.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  const type = detectImageType(bytes);
  if (!type) throw new ImageRejectedError('Only image files are allowed');
  try {
    const image = await openImage(bytes, type);
    const base = image.rotate().flatten({ background: '#ffffff' });
    const [full, thumbnail] = await Promise.all([
      base
        .clone()
        .resize({ width: FULL.width, height: FULL.height, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 80, mozjpeg: true })
        .toBuffer({ resolveWithObject: true }),
      base.clone().resize({ width: THUMB, height: THUMB, fit: 'cover' }).jpeg({ quality: 70, mozjpeg: true }).toBuffer({ resolveWithObject: true }),
    ]);
    return {
      sourceType: type,
      full: { bytes: full.data, width: full.info.width, height: full.info.height },
      thumbnail: { bytes: thumbnail.data, width: thumbnail.info.width, height: thumbnail.info.height },
    };
  } catch (error) {
    if (error instanceof ImageRejectedError) throw error;
    // Right magic bytes but undecodable content (truncated, forged or corrupt).
    throw new ImageRejectedError('Error processing images');
  }
}
