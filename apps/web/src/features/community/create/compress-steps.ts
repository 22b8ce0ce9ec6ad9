import { detectImageType } from '@saathi/shared';

/** SPEC.md §5 photo rules: size box, quality ladder and accepted types. */
export const MAX_IMAGE_WIDTH = 1920;
export const MAX_IMAGE_HEIGHT = 1080;
export const TARGET_IMAGE_BYTES = 1024 * 1024;
export const START_QUALITY = 0.7;
export const MIN_QUALITY = 0.1;
export const QUALITY_STEP = 0.1;

export const ALLOWED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/heic', 'image/heif'] as const;
const ALLOWED_EXTENSIONS = /\.(jpe?g|png|gif|webp|heic|heif)$/i;

/** Browsers often report HEIC photos with an empty type, so the extension decides then. */
export function isAllowedImage(file: { type: string; name: string }): boolean {
  if (file.type) return (ALLOWED_IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase());
  return ALLOWED_EXTENSIONS.test(file.name);
}

export function isHeic(file: { type: string; name: string }): boolean {
  return /^image\/hei[cf]$/i.test(file.type) || /\.hei[cf]$/i.test(file.name);
}

/** Whether a file's first bytes are a HEIC/HEIF photo: one renamed .jpg or typed octet-stream is still HEIC. */
export function hasHeifBrand(head: Uint8Array): boolean {
  const type = detectImageType(head);
  return type === 'heic' || type === 'heif';
}

/** Scales (width, height) down to fit 1920x1080, keeping the aspect ratio; never scales up. */
export function fitWithin(width: number, height: number, maxWidth = MAX_IMAGE_WIDTH, maxHeight = MAX_IMAGE_HEIGHT): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** 0.7, 0.6, ... 0.1: rounded so floating point never adds an 0.09999 step. */
export function qualityLadder(start = START_QUALITY, min = MIN_QUALITY, step = QUALITY_STEP): number[] {
  const ladder: number[] = [];
  for (let q = start; q >= min - 1e-9; q -= step) ladder.push(Math.round(q * 10) / 10);
  return ladder;
}

/**
 * Encodes at each quality of the ladder until the result is at most the target size; the
 * last (smallest) attempt is kept when even quality 0.1 is too big.
 */
export async function encodeUntilSmallEnough<T extends { size: number }>(
  encode: (quality: number) => Promise<T>,
  targetBytes = TARGET_IMAGE_BYTES,
): Promise<{ result: T; quality: number }> {
  let last: { result: T; quality: number } | null = null;
  for (const quality of qualityLadder()) {
    const result = await encode(quality);
    last = { result, quality };
    if (result.size <= targetBytes) return last;
  }
  if (!last) throw new Error('empty quality ladder');
  return last;
}
