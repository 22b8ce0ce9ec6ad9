/**
 * A picture that is also something else (a polyglot): bytes a decoder reads as a photo while a
 * browser, a PDF reader or an unzip tool reads the same bytes as a page, a document or an
 * archive. The server never stores what was sent (it re-encodes the pixels), so such a file
 * cannot reach anyone through Saathi; it is still refused, because nobody sends one by
 * accident and it should not get as far as the image decoder.
 *
 * What counts: HTML or script markup anywhere in the file (a comment, a metadata block or
 * bytes appended after the picture), a PDF header within the first kilobyte (where PDF readers
 * look for it), a ZIP archive's end record within the last 64 KB (where unzip tools look for
 * it), and for PNG, bytes after its IEND chunk. Bytes after a JPEG's end are allowed: phones
 * append the video of a "motion photo" there.
 */

/** Markup a browser would render or run. The character after the tag name keeps random bytes from matching. */
const MARKUP = /<(?:script|html|head|body|iframe|frame|svg|object|embed|img|meta|style|link|form)[\s/>]|<\?php|<!doctype\s+html|javascript:/i;
const PDF_HEADER = Buffer.from('%PDF-', 'latin1');
const PDF_HEADER_WINDOW = 1024;
/** The end-of-central-directory record that unzip tools (and Java, for a GIFAR) find a ZIP archive by. */
const ZIP_END = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
/** The record is 22 bytes and its comment at most 65,535. */
const ZIP_END_WINDOW = 22 + 65_535;

/** What else the bytes hold (for the error message), or undefined for a plain picture. */
export function hiddenDocument(bytes: Buffer): string | undefined {
  if (MARKUP.test(bytes.toString('latin1'))) return 'HTML or script markup';
  if (bytes.subarray(0, PDF_HEADER_WINDOW).includes(PDF_HEADER)) return 'a PDF document';
  if (bytes.subarray(Math.max(0, bytes.length - ZIP_END_WINDOW)).includes(ZIP_END)) return 'a ZIP archive';
  return undefined;
}

const PNG_SIGNATURE_BYTES = 8;
const IEND = 0x49454e44;

/**
 * Where a PNG's chunks end against where its bytes end: `truncated` when the file stops before
 * its IEND chunk (a decoder may still show the rows it got), `trailing` when bytes follow it.
 */
export function pngEnding(bytes: Buffer): 'complete' | 'truncated' | 'trailing' {
  let offset = PNG_SIGNATURE_BYTES;
  while (offset + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.readUInt32BE(offset + 4);
    // length, type, data, CRC
    const end = offset + 12 + length;
    if (end > bytes.length) return 'truncated';
    if (type === IEND) return end === bytes.length ? 'complete' : 'trailing';
    offset = end;
  }
  return 'truncated';
}
