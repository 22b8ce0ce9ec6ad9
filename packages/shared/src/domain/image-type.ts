/** Image types accepted for posts (SPEC.md §5), recognised by their first bytes, never by name or header. */
export type ImageType = 'jpeg' | 'png' | 'gif' | 'webp' | 'heic' | 'heif';

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis']);
const HEIF_BRANDS = new Set(['mif1', 'msf1']);

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

/** How many first bytes `detectImageType` needs. */
export const IMAGE_SNIFF_BYTES = 12;

/** Shared by the server's upload check and the browser's HEIC detection, so both agree on what a photo is. */
export function detectImageType(bytes: Uint8Array): ImageType | undefined {
  if (bytes.length < IMAGE_SNIFF_BYTES) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes[0] === 0x89 && ascii(bytes, 1, 4) === 'PNG' && bytes[4] === 0x0d && bytes[5] === 0x0a) return 'png';
  const head6 = ascii(bytes, 0, 6);
  if (head6 === 'GIF87a' || head6 === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (HEIC_BRANDS.has(brand)) return 'heic';
    if (HEIF_BRANDS.has(brand)) return 'heif';
  }
  return undefined;
}
