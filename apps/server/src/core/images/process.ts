import sharp, { type Sharp } from 'sharp';
import { detectImageType, type ImageType } from '@saathi/shared';
import { ImageRejectedError } from './errors';
import { decodeHeic } from './heic';
import { hiddenDocument, pngEnding } from './hidden-content';

export interface ProcessedImage {
  sourceType: ImageType;
  /** Re-encoded JPEG without metadata (no EXIF, GPS, XMP or ICC comments). */
  full: { bytes: Buffer; width: number; height: number };
  thumbnail: { bytes: Buffer; width: number; height: number };
}

/** The box the picture is fitted inside, and the thumbnail's size (cropped to fill it). */
export interface ImageSizes {
  full: { width: number; height: number };
  thumbnail: { width: number; height: number };
}

/** SPEC.md §5 sizes: at most 1920x1080 for the photo; the feed grid needs small squares. */
const POST_SIZES: ImageSizes = { full: { width: 1920, height: 1080 }, thumbnail: { width: 320, height: 320 } };
/** Refuse decompression bombs: 40 megapixels is more than any phone camera makes. */
const MAX_INPUT_PIXELS = 40_000_000;

async function openImage(bytes: Buffer, type: ImageType): Promise<Sharp> {
  if (type === 'heic' || type === 'heif') {
    const { width, height, pixels } = await decodeHeic(bytes, MAX_INPUT_PIXELS);
    return sharp(pixels, { raw: { width, height, channels: 4 } });
  }
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false, failOn: 'error' });
}

/**
 * Checks the bytes are a real image of an allowed type, then re-encodes it: the output keeps
 * only pixels (sharp drops metadata unless asked), oriented by EXIF before EXIF is dropped.
 */
export async function processImage(bytes: Buffer, sizes: ImageSizes = POST_SIZES): Promise<ProcessedImage> {
  const type = detectImageType(bytes);
  if (!type) throw new ImageRejectedError('Only image files are allowed');
  const hidden = hiddenDocument(bytes);
  if (hidden) throw new ImageRejectedError(`The picture also carries ${hidden}: send the picture alone`);
  if (type === 'png') {
    const ending = pngEnding(bytes);
    if (ending === 'truncated') throw new ImageRejectedError('The picture is cut short: it stops before its end');
    if (ending === 'trailing') throw new ImageRejectedError('The picture carries other data after its end: send the picture alone');
  }
  try {
    const image = await openImage(bytes, type);
    const base = image.rotate().flatten({ background: '#ffffff' });
    const [full, thumbnail] = await Promise.all([
      base
        .clone()
        .resize({ width: sizes.full.width, height: sizes.full.height, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 80, mozjpeg: true })
        .toBuffer({ resolveWithObject: true }),
      base
        .clone()
        .resize({ width: sizes.thumbnail.width, height: sizes.thumbnail.height, fit: 'cover' })
        .jpeg({ quality: 70, mozjpeg: true })
        .toBuffer({ resolveWithObject: true }),
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
