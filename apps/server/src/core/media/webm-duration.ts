import { ByteCursor } from './byte-cursor';

/** Matroska element ids (https://www.matroska.org/technical/elements.html) the reader needs. */
const ID = {
  ebml: 0x1a45dfa3,
  segment: 0x18538067,
  info: 0x1549a966,
  timestampScale: 0x2ad7b1,
  duration: 0x4489,
  cluster: 0x1f43b675,
  clusterTimestamp: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
} as const;

const DEFAULT_TIMESTAMP_SCALE_NS = 1_000_000;
/** The largest value the incidents.duration_ms column (integer) holds. */
const MAX_DURATION_MS = 2 ** 31 - 1;

/** Thrown on bytes that cannot be Matroska; the caller turns it into "no duration". */
class Malformed extends Error {}

interface Header {
  id: number;
  /** null: "unknown size", all value bits set, as MediaRecorder writes Segment and Cluster. */
  size: number | null;
}

export type ByteChunks = AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

/**
 * A WebM file's playing time in milliseconds, or null when it cannot be read from the bytes.
 *
 * The Segment's Info > Duration is used when present (ffmpeg writes it). Browser MediaRecorder
 * files have none, and write Segment and Clusters with unknown sizes because they are streamed
 * as recorded, so then every Cluster is walked and the latest block timestamp wins. The chunks
 * are consumed in order and dropped as they go, and reading stops as soon as Duration is known.
 * A file cut short after its first blocks still yields the time up to where it was cut.
 */
export async function webmDurationMs(chunks: ByteChunks): Promise<number | null> {
  const iterator = Symbol.asyncIterator in chunks ? chunks[Symbol.asyncIterator]() : chunks[Symbol.iterator]();
  try {
    return await readDuration(new ByteCursor(iterator));
  } catch (error) {
    if (error instanceof Malformed) return null;
    throw error;
  } finally {
    // Closes a file or network stream that was not read to its end.
    await iterator.return?.();
  }
}

async function readDuration(cursor: ByteCursor): Promise<number | null> {
  const ebml = await readHeader(cursor);
  if (ebml?.id !== ID.ebml || ebml.size === null || !(await cursor.skip(ebml.size))) return null;
  const segment = await readHeader(cursor);
  if (segment?.id !== ID.segment) return null;
  const segmentEnd = segment.size === null ? Infinity : cursor.position + segment.size;

  let scale = DEFAULT_TIMESTAMP_SCALE_NS;
  let clusterTime: number | undefined;
  let latest: number | undefined;
  const ticksToMs = (ticks: number) => toMs((ticks * scale) / 1e6);
  try {
    // Flat walk: Segment, Cluster and BlockGroup are entered rather than skipped, so unknown
    // sizes need no end offset; a Cluster simply ends where the next top-level element starts.
    while (cursor.position < segmentEnd) {
      const header = await readHeader(cursor);
      if (!header) break;
      const { id, size } = header;
      if (id === ID.cluster) {
        clusterTime = undefined;
        continue;
      }
      if (size === null) throw new Malformed(`unknown size for element ${id.toString(16)}`);
      if (id === ID.blockGroup) continue;
      if (id === ID.info) {
        const info = await readInfo(cursor, size);
        scale = info.scale;
        const stated = info.duration !== undefined && info.duration > 0 ? ticksToMs(info.duration) : null;
        if (stated !== null) return stated;
      } else if (id === ID.clusterTimestamp) {
        clusterTime = readUint(await need(cursor, size));
      } else if (id === ID.simpleBlock || id === ID.block) {
        const relative = await readBlockTime(cursor, size);
        if (relative === undefined) break;
        if (clusterTime !== undefined) latest = Math.max(latest ?? -Infinity, clusterTime + relative);
      } else if (!(await cursor.skip(size))) {
        break;
      }
    }
  } catch (error) {
    // Damage after the first blocks: what was read so far is still the best answer.
    if (!(error instanceof Malformed) || latest === undefined) throw error;
  }
  return latest === undefined ? null : ticksToMs(latest);
}

function toMs(ms: number): number | null {
  const rounded = Math.round(ms);
  return Number.isFinite(rounded) && rounded >= 0 && rounded <= MAX_DURATION_MS ? rounded : null;
}

async function readInfo(cursor: ByteCursor, size: number): Promise<{ scale: number; duration: number | undefined }> {
  const end = cursor.position + size;
  let scale = DEFAULT_TIMESTAMP_SCALE_NS;
  let duration: number | undefined;
  while (cursor.position < end) {
    const child = await readHeader(cursor);
    if (!child || child.size === null || cursor.position + child.size > end) throw new Malformed('bad Info child');
    if (child.id === ID.timestampScale) {
      scale = readUint(await need(cursor, child.size));
      if (scale === 0) throw new Malformed('zero TimestampScale');
    } else if (child.id === ID.duration) {
      duration = readFloat(await need(cursor, child.size));
    } else {
      await cursor.skip(child.size);
    }
  }
  return { scale, duration };
}

/** A (Simple)Block's timestamp relative to its Cluster: after the track number, a signed 16-bit value. */
async function readBlockTime(cursor: ByteCursor, size: number): Promise<number | undefined> {
  const start = cursor.position;
  const first = await cursor.peek(1);
  if (!first) return undefined;
  const trackLength = vintLength(first[0]!);
  if (trackLength + 2 > size) throw new Malformed('block shorter than its header');
  const head = await cursor.read(trackLength + 2);
  if (!head) return undefined;
  const relative = head.readInt16BE(trackLength);
  return (await cursor.skip(size - (cursor.position - start))) ? relative : undefined;
}

/** An element's id and data size; undefined at the end of the stream. */
async function readHeader(cursor: ByteCursor): Promise<Header | undefined> {
  const idFirst = await cursor.peek(1);
  if (!idFirst) return undefined;
  const idLength = vintLength(idFirst[0]!);
  if (idLength > 4) throw new Malformed('element id longer than 4 bytes');
  const idBytes = await cursor.read(idLength);
  if (!idBytes) return undefined;
  const sizeFirst = await cursor.peek(1);
  if (!sizeFirst) return undefined;
  const sizeBytes = await cursor.read(vintLength(sizeFirst[0]!));
  if (!sizeBytes) return undefined;
  return { id: idBytes.readUIntBE(0, idLength), size: readSize(sizeBytes) };
}

/** Length of a variable-size integer from its first byte: one more than its leading zero bits. */
function vintLength(first: number): number {
  if (first === 0) throw new Malformed('variable-size integer longer than 8 bytes');
  return Math.clz32(first) - 23;
}

function readSize(bytes: Buffer): number | null {
  const length = bytes.length;
  const marker = 0xff >> length;
  const firstValue = bytes[0]! & marker;
  if (firstValue === marker && bytes.subarray(1).every((b) => b === 0xff)) return null;
  let value = firstValue;
  for (const b of bytes.subarray(1)) value = value * 256 + b;
  if (!Number.isSafeInteger(value)) throw new Malformed('element size too large');
  return value;
}

async function need(cursor: ByteCursor, size: number): Promise<Buffer> {
  if (size > 8) throw new Malformed('number longer than 8 bytes');
  const bytes = await cursor.read(size);
  if (!bytes) throw new Malformed('cut short');
  return bytes;
}

function readUint(bytes: Buffer): number {
  let value = 0;
  for (const b of bytes) value = value * 256 + b;
  if (!Number.isSafeInteger(value)) throw new Malformed('integer too large');
  return value;
}

function readFloat(bytes: Buffer): number {
  if (bytes.length === 0) return 0;
  if (bytes.length === 4) return bytes.readFloatBE(0);
  if (bytes.length === 8) return bytes.readDoubleBE(0);
  throw new Malformed('float of odd length');
}
