/**
 * Kinds of file recognised by their first bytes. Used where bytes cannot be checked as a whole
 * (a later chunk of a recording streamed in pieces starts anywhere in the recording): they
 * can at least not be another kind of file. Every signature is long enough (3 bytes or more)
 * that a slice of a recording starts with one by chance about once in tens of millions.
 */

const latin1 = (bytes: Buffer, start: number, end: number) => bytes.toString('latin1', start, Math.min(end, bytes.length));

const SIGNATURES: readonly (readonly [string, (bytes: Buffer) => boolean])[] = [
  ['a PDF document', (b) => latin1(b, 0, 5) === '%PDF-'],
  ['a PNG picture', (b) => latin1(b, 0, 8) === '\x89PNG\r\n\x1a\n'],
  ['a JPEG picture', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ['a GIF picture', (b) => /^GIF8[79]a/.test(latin1(b, 0, 6))],
  ['a ZIP archive', (b) => latin1(b, 0, 4) === 'PK\x03\x04'],
  ['a RIFF file (WebP, WAV or AVI)', (b) => latin1(b, 0, 4) === 'RIFF'],
  ['an MP4, MOV or HEIF file', (b) => latin1(b, 4, 8) === 'ftyp'],
  ['an Ogg file', (b) => latin1(b, 0, 4) === 'OggS'],
  ['an executable', (b) => latin1(b, 0, 4) === '\x7fELF'],
  // Text documents, after an optional byte-order mark and white space.
  ['an HTML or XML document', (b) => /^(?:\xef\xbb\xbf)?\s*<(?:!doctype|html|head|body|script|svg|iframe|\?xml)/i.test(latin1(b, 0, 256))],
];

/** The kind of file the bytes start as (for a message: "a PNG picture"), or undefined. */
export function fileSignature(head: Buffer): string | undefined {
  return SIGNATURES.find(([, matches]) => matches(head))?.[0];
}
