import { ByteCursor } from './byte-cursor';
import type { ByteChunks } from './webm-duration';

/**
 * Checks that bytes are a WebM recording, whole, and nothing else, by walking its EBML
 * elements (https://www.matroska.org/technical/elements.html) as they stream:
 *
 * - it starts with a complete EBML header whose DocType is `webm`, then a Segment;
 * - inside the Segment, only the elements a Segment and its Clusters hold, each within the
 *   file: an element that runs past the end means the file was cut (`truncated`), an
 *   unexpected element means other bytes follow or are mixed in (`not_webm`: an HTML page or a
 *   second file appended to a recording, a polyglot);
 * - a Segment of known size (ffmpeg writes one) ends the file; MediaRecorder writes the Segment
 *   and its Clusters with unknown sizes, so there the file ends after its last element;
 * - it has its Tracks and at least one frame (a header alone is a cut recording).
 *
 * Only the element headers are read; frames are skipped, so a 50 MB reel costs no memory.
 */

export type WebmProblem = { kind: 'not_webm' | 'truncated'; reason: string };

const ID = {
  ebml: 0x1a45dfa3,
  docType: 0x4282,
  segment: 0x18538067,
  cluster: 0x1f43b675,
  tracks: 0x1654ae6b,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
} as const;

/** What a Segment holds (SeekHead, Info, Tracks, Cluster, Cues, Chapters, Tags, Attachments) and what a Cluster holds, plus Void and CRC-32 anywhere. */
const SEGMENT_ELEMENTS = new Set([
  0x114d9b74, 0x1549a966, 0x1654ae6b, 0x1f43b675, 0x1c53bb6b, 0x1043a770, 0x1254c367, 0x1941a469,
  // Cluster: Timestamp, SilentTracks, Position, PrevSize, SimpleBlock, BlockGroup, EncryptedBlock
  0xe7, 0x5854, 0xa7, 0xab, 0xa3, 0xa0, 0xaf,
  // Void, CRC-32
  0xec, 0xbf,
]);

/** The EBML header is a few dozen bytes; a larger one is not a recorder's. */
const EBML_HEADER_MAX = 1024;

class Problem extends Error {
  constructor(readonly problem: WebmProblem) {
    super(problem.reason);
  }
}
const notWebm = (reason: string) => new Problem({ kind: 'not_webm', reason });
const truncated = (reason: string) => new Problem({ kind: 'truncated', reason });

interface Header {
  id: number;
  /** null: "unknown size" (all value bits set). */
  size: number | null;
  /** Where the element starts, for messages. */
  at: number;
}

/** The next element header; undefined at a clean end of the bytes, a `truncated` problem when they end inside it. */
async function readHeader(cursor: ByteCursor): Promise<Header | undefined> {
  const at = cursor.position;
  const idFirst = await cursor.peek(1);
  if (!idFirst) return undefined;
  const idLength = vintLength(idFirst[0]!, 4, at);
  const idBytes = await cursor.read(idLength);
  if (!idBytes) throw truncated(`the file ends inside the element at byte ${at}`);
  const sizeFirst = await cursor.peek(1);
  if (!sizeFirst) throw truncated(`the file ends inside the element at byte ${at}`);
  const sizeBytes = await cursor.read(vintLength(sizeFirst[0]!, 8, at));
  if (!sizeBytes) throw truncated(`the file ends inside the element at byte ${at}`);
  return { id: idBytes.readUIntBE(0, idLength), size: readSize(sizeBytes, at), at };
}

/** Length of a variable-size integer from its first byte: one more than its leading zero bits. */
function vintLength(first: number, most: number, at: number): number {
  const length = Math.clz32(first) - 23;
  if (first === 0 || length > most) throw notWebm(`byte ${at} does not start an EBML element`);
  return length;
}

function readSize(bytes: Buffer, at: number): number | null {
  const marker = 0xff >> bytes.length;
  const first = bytes[0]! & marker;
  if (first === marker && bytes.subarray(1).every((b) => b === 0xff)) return null;
  let value = first;
  for (const b of bytes.subarray(1)) value = value * 256 + b;
  if (!Number.isSafeInteger(value)) throw notWebm(`the element at byte ${at} has an impossible size`);
  return value;
}

/** The EBML header (DocType webm) and the Segment's header after it; returns the Segment's size (null: unknown). */
async function readStart(cursor: ByteCursor): Promise<number | null> {
  const ebml = await readHeader(cursor);
  if (!ebml) throw truncated('the file is empty');
  if (ebml.id !== ID.ebml) throw notWebm('the file does not start with an EBML header');
  if (ebml.size === null || ebml.size > EBML_HEADER_MAX) throw notWebm('the EBML header has no usable size');
  const body = await cursor.read(ebml.size);
  if (!body) throw truncated('the file ends inside its EBML header');
  const docType = readDocType(body);
  if (docType !== 'webm') throw notWebm(docType === undefined ? 'the EBML header names no document type' : `a ${docType} file, not WebM`);
  const segment = await readHeader(cursor);
  if (!segment) throw truncated('the file ends after its EBML header');
  if (segment.id !== ID.segment) throw notWebm('no Segment follows the EBML header');
  return segment.size;
}

function readDocType(header: Buffer): string | undefined {
  let offset = 0;
  while (offset < header.length) {
    const idLength = vintLength(header[offset]!, 4, offset);
    const sizeFirst = header[offset + idLength];
    if (sizeFirst === undefined) throw notWebm('the EBML header is malformed');
    const sizeLength = vintLength(sizeFirst, 8, offset);
    const size = readSize(header.subarray(offset + idLength, offset + idLength + sizeLength), offset);
    const start = offset + idLength + sizeLength;
    if (size === null || start + size > header.length) throw notWebm('the EBML header is malformed');
    if (header.readUIntBE(offset, idLength) === ID.docType) return header.toString('latin1', start, start + size).replace(/\0+$/, '');
    offset = start + size;
  }
  return undefined;
}

/**
 * What is wrong with the first chunk of a streamed recording (MediaRecorder's first
 * timeslice), or undefined: it must hold the whole EBML header, DocType webm, and the start of
 * the Segment. The rest of the chunk may stop anywhere (the next chunk continues it).
 */
export async function webmHeaderProblem(head: Buffer): Promise<WebmProblem | undefined> {
  try {
    await readStart(new ByteCursor([head][Symbol.iterator]()));
    return undefined;
  } catch (error) {
    if (error instanceof Problem) return error.problem;
    throw error;
  }
}

/** What is wrong with a whole WebM file, or undefined when it is a recording, whole, and nothing else. */
export async function webmProblem(chunks: ByteChunks): Promise<WebmProblem | undefined> {
  const iterator = Symbol.asyncIterator in chunks ? chunks[Symbol.asyncIterator]() : chunks[Symbol.iterator]();
  try {
    const cursor = new ByteCursor(iterator);
    const segmentSize = await readStart(cursor);
    const segmentEnd = segmentSize === null ? Infinity : cursor.position + segmentSize;
    let tracks = false;
    let frames = 0;
    while (cursor.position < segmentEnd) {
      const element = await readHeader(cursor);
      if (!element) {
        if (segmentEnd !== Infinity) throw truncated(`the file ends at byte ${cursor.position}, before its Segment does`);
        break;
      }
      if (!SEGMENT_ELEMENTS.has(element.id)) throw notWebm(`byte ${element.at} holds something other than WebM (element ${element.id.toString(16)})`);
      // Clusters are entered, not skipped: their blocks are counted, and MediaRecorder's have no size.
      if (element.id === ID.cluster) continue;
      if (element.size === null) throw notWebm(`the element at byte ${element.at} has an unknown size`);
      if (element.id === ID.tracks) tracks = true;
      if (element.id === ID.simpleBlock || element.id === ID.blockGroup) frames += 1;
      if (!(await cursor.skip(element.size))) throw truncated(`the file ends inside the element at byte ${element.at}`);
    }
    if (cursor.position > segmentEnd) throw notWebm('an element runs past the end of its Segment');
    if (segmentEnd !== Infinity && (await cursor.peek(1))) throw notWebm(`other bytes follow the recording at byte ${cursor.position}`);
    if (!tracks || frames === 0) throw truncated('the file has no video or audio frames');
    return undefined;
  } catch (error) {
    if (error instanceof Problem) return error.problem;
    throw error;
  } finally {
    // Closes a file or network stream that was not read to its end.
    await iterator.return?.();
  }
}
