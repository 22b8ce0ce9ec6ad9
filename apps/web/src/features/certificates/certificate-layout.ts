/**
 * The pure parts of the certificate (SPEC.md §"Certificate page"): its size on screen and in
 * the download, how the name is written, which face draws it and what the file is called.
 */

/** The certificate is drawn in these units; the screen and the download scale them. */
export const CERTIFICATE_WIDTH = 1200;
/** Height ratio 847:1200 (SPEC.md), close to A4 landscape. */
export const CERTIFICATE_HEIGHT = 847;
/** The JPEG is drawn at twice the design size (2400×1694 px): sharp when printed on A4. */
export const DOWNLOAD_PIXEL_RATIO = 2;
/** The page keeps 16 px of margin on each side of the certificate (SPEC.md: window width minus 32 px). */
const SIDE_MARGINS_PX = 32;

/** The on-screen size in CSS pixels: the smaller of (window width − 32) and 1200, at 847:1200. */
export function certificateDisplaySize(windowWidth: number): { width: number; height: number } {
  const width = Math.max(0, Math.min(windowWidth - SIDE_MARGINS_PX, CERTIFICATE_WIDTH));
  return { width, height: Math.round((width * CERTIFICATE_HEIGHT) / CERTIFICATE_WIDTH) };
}

/** Which letters a name is written in: it picks the face that has those letters. */
export type NameScript = 'latin' | 'devanagari' | 'gujarati' | 'other';

const SCRIPT_LETTERS: readonly [Exclude<NameScript, 'other'>, RegExp][] = [
  ['latin', /\p{Script=Latin}/gu],
  ['devanagari', /\p{Script=Devanagari}/gu],
  ['gujarati', /\p{Script=Gujarati}/gu],
];

/** The script most of the name's letters are in ('other' for names in none of ours, or no letters). */
export function nameScript(name: string): NameScript {
  let best: NameScript = 'other';
  let most = 0;
  for (const [script, letters] of SCRIPT_LETTERS) {
    const count = name.match(letters)?.length ?? 0;
    if (count > most) [best, most] = [script, count];
  }
  return best;
}

/** Noto Sans, bold, for Indian scripts: Great Vibes has only Latin letters. */
const SCRIPT_FACES: Record<NameScript, { family: string; weight: number; size: number }> = {
  latin: { family: '"Great Vibes", cursive', weight: 400, size: 92 },
  devanagari: { family: '"Noto Sans Devanagari", sans-serif', weight: 700, size: 64 },
  gujarati: { family: '"Noto Sans Gujarati", sans-serif', weight: 700, size: 64 },
  other: { family: 'Roboto, sans-serif', weight: 700, size: 64 },
};

/** The canvas font for the name at `size` design units (default: the face's own size). */
export function nameFont(script: NameScript, size = SCRIPT_FACES[script].size): string {
  const face = SCRIPT_FACES[script];
  return `${face.weight} ${size}px ${face.family}`;
}

/** The face's preferred size for the name, in design units. */
export function nameFontSize(script: NameScript): number {
  return SCRIPT_FACES[script].size;
}

/**
 * The largest size from `preferred` down to `smallest` at which `measure(size)` fits `maxWidth`
 * (a long name shrinks instead of running off the border).
 */
export function fitFontSize(measure: (size: number) => number, preferred: number, maxWidth: number, smallest = preferred / 2): number {
  for (let size = preferred; size > smallest; size -= 2) {
    if (measure(size) <= maxWidth) return size;
  }
  return smallest;
}

/** Each word with its first letter upper case and the rest lower case, single spaces between words. */
export function capitaliseName(name: string): string {
  return name
    .trim()
    .split(/\s+/u)
    .filter(Boolean)
    .map((word) => {
      const [first = '', ...rest] = Array.from(word);
      return first.toLocaleUpperCase('en-IN') + rest.join('').toLocaleLowerCase('en-IN');
    })
    .join(' ');
}

/** Characters no file system takes in a name (Windows is the strictest), and control characters. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what must go
const UNSAFE_IN_FILE_NAME = /[\\/:*?"<>|\u0000-\u001f\u007f]/gu;

/** `Saathi-certificate-Asha-Patel.jpg`: the capitalised name with '-' for spaces, safe in any file system. */
export function certificateFileName(name: string): string {
  // Dots and dashes at the ends would make '-.' pairs or hidden-looking parts once joined.
  const trimmed = name.replace(UNSAFE_IN_FILE_NAME, ' ').replace(/^[\s.-]+|[\s.-]+$/gu, '');
  const safeName = capitaliseName(trimmed).replace(/\s+/gu, '-').replace(/-+/g, '-');
  // Long names leave room for the prefix within the usual 255-byte limit (whole characters only).
  const shortName = Array.from(safeName).slice(0, 80).join('');
  return shortName ? `Saathi-certificate-${shortName}.jpg` : 'Saathi-certificate.jpg';
}

/** The verification address as printed under the QR code: without `https://` and a trailing slash. */
export function shortUrl(url: string): string {
  return url.replace(/^[a-z]+:\/\//i, '').replace(/\/$/, '');
}
