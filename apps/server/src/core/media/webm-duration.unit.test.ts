import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { webmDurationMs } from './webm-duration';

/** 3.5 s from ffmpeg (libvpx and Opus, 24 fps), which writes Info > Duration: 3508 ms. */
const ffmpegFile = () => fs.readFile(new URL('./fixtures/ffmpeg-libvpx.webm', import.meta.url));
/**
 * 2 s recorded by Chromium's MediaRecorder (vp9/opus, fake camera) exactly as the recorder
 * page records: Segment and Clusters of unknown size, no Duration. Chromium's own <video>
 * reports 1.947 s for it once seeked to the end.
 */
const chromiumRecording = () => fs.readFile(new URL('./fixtures/chromium-mediarecorder.webm', import.meta.url));
const CHROMIUM_DURATION_MS = 1947;

function* chunksOf(bytes: Buffer, size: number): Generator<Buffer> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

// A small EBML writer for hand-made files: ids as numbers, sizes as 8-byte vints.
const idBytes = (id: number) => Buffer.from(id.toString(16).padStart(id > 0xffffff ? 8 : id > 0xffff ? 6 : id > 0xff ? 4 : 2, '0'), 'hex');
const size8 = (n: number) => Buffer.concat([Buffer.from([0x01, 0, 0]), Buffer.from(n.toString(16).padStart(10, '0'), 'hex')]);
const UNKNOWN = Buffer.from('01ffffffffffffff', 'hex');
const el = (id: number, ...data: Buffer[]) => {
  const body = Buffer.concat(data);
  return Buffer.concat([idBytes(id), size8(body.length), body]);
};
const streamed = (id: number, ...data: Buffer[]) => Buffer.concat([idBytes(id), UNKNOWN, ...data]);
const uint = (n: number) => Buffer.from(n.toString(16).padStart(8, '0'), 'hex');
const float64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(n);
  return b;
};
const block = (relative: number) => {
  const b = Buffer.from([0x81, 0, 0, 0x80, 0xde, 0xad]);
  b.writeInt16BE(relative, 1);
  return b;
};
const header = el(0x1a45dfa3, el(0x4282, Buffer.from('webm')));
const tracks = el(0x1654ae6b, el(0xae, el(0xd7, uint(1)), el(0x86, Buffer.from('V_VP8'))));

/** The offsets of a known-size file's top-level Segment children, read with known sizes. */
function topLevel(bytes: Buffer): { id: number; at: number; sizeAt: number; sizeLength: number; end: number }[] {
  const vlen = (b: number) => Math.clz32(b) - 23;
  const readVint = (at: number) => {
    const length = vlen(bytes[at]!);
    let value = bytes[at]! & (0xff >> length);
    for (let i = 1; i < length; i++) value = value * 256 + bytes[at + i]!;
    return { value, length };
  };
  const element = (at: number) => {
    const idLength = vlen(bytes[at]!);
    const size = readVint(at + idLength);
    const dataAt = at + idLength + size.length;
    return { id: bytes.readUIntBE(at, idLength), at, sizeAt: at + idLength, sizeLength: size.length, dataAt, end: dataAt + size.value };
  };
  const segment = element(element(0).end);
  const out = [segment];
  for (let at = segment.dataAt; at < segment.end;) {
    const child = element(at);
    out.push(child);
    at = child.end;
  }
  return out;
}

/**
 * An ffmpeg file turned into what MediaRecorder writes: Duration blanked out with a Void
 * element of the same length, and the Segment and every Cluster marked "unknown size".
 */
function asStreamed(original: Buffer): Buffer {
  const bytes = Buffer.from(original);
  const duration = bytes.indexOf(Buffer.from([0x44, 0x89, 0x88]));
  expect(duration).toBeGreaterThan(0);
  Buffer.from([0xec, 0x89, ...Array<number>(9).fill(0)]).copy(bytes, duration);
  for (const { id, sizeAt, sizeLength } of topLevel(original)) {
    if (id !== 0x18538067 && id !== 0x1f43b675) continue;
    bytes[sizeAt] = 0xff >> (sizeLength - 1);
    bytes.fill(0xff, sizeAt + 1, sizeAt + sizeLength);
  }
  return bytes;
}

describe('webmDurationMs', () => {
  it('reads Info > Duration of an ffmpeg-made file (3.5 s of frames) and stops reading there', async () => {
    const bytes = await ffmpegFile();
    expect(await webmDurationMs([bytes])).toBe(3508);

    let pulled = 0;
    let closed = false;
    async function* counted() {
      try {
        for (const chunk of chunksOf(bytes, 1024)) {
          pulled++;
          yield chunk;
        }
      } finally {
        closed = true;
      }
    }
    expect(await webmDurationMs(counted())).toBe(3508);
    expect(pulled).toBe(1);
    expect(closed).toBe(true);
  });

  it('walks the unknown-size Clusters of a real MediaRecorder file to the length Chromium plays', async () => {
    const bytes = await chromiumRecording();
    // What makes this file hard: Segment and first Cluster sizes are all ones, no Duration.
    expect(bytes.subarray(0, 48).includes(Buffer.from('1853806701ffffffffffffff', 'hex'))).toBe(true);
    expect(bytes.includes(Buffer.from('1f43b67501ffffffffffffff', 'hex'))).toBe(true);
    expect(bytes.includes(Buffer.from([0x44, 0x89]))).toBe(false);

    expect(await webmDurationMs([bytes])).toBe(CHROMIUM_DURATION_MS);
    for (const size of [1, 3, 1000, 65_536]) {
      expect(await webmDurationMs(chunksOf(bytes, size))).toBe(CHROMIUM_DURATION_MS);
    }
  });

  it('gives an ffmpeg file stripped to MediaRecorder form (Cues after streamed Clusters) its length within a frame', async () => {
    const bytes = asStreamed(await ffmpegFile());
    const ms = await webmDurationMs(chunksOf(bytes, 4096));
    // Last frame at 24 fps starts 42 ms before the end; the last 20 ms Opus packet even closer.
    expect(ms).toBeGreaterThanOrEqual(3508 - 42);
    expect(ms).toBeLessThanOrEqual(3508);
  });

  it('adds Cluster timestamps to SimpleBlock and BlockGroup times, in TimestampScale units', async () => {
    const cluster = (time: number, ...blocks: Buffer[]) => streamed(0x1f43b675, el(0xe7, uint(time)), ...blocks);
    const file = (scaleNs: number | null, ...clusters: Buffer[]) =>
      Buffer.concat([
        header,
        streamed(
          0x18538067,
          el(0x1549a966, ...(scaleNs === null ? [] : [el(0x2ad7b1, uint(scaleNs))]), el(0x4d80, Buffer.from('Chrome'))),
          tracks,
          ...clusters,
          el(0x1c53bb6b, el(0xbb)),
        ),
      ]);
    const clusters = [
      cluster(0, el(0xa3, block(0)), el(0xa3, block(33))),
      cluster(32_000, el(0xa3, block(500)), el(0xa0, el(0xa1, block(700)), el(0x9b, uint(33))), el(0xa3, block(-40))),
    ];
    expect(await webmDurationMs([file(null, ...clusters)])).toBe(32_700);
    expect(await webmDurationMs([file(500_000, ...clusters)])).toBe(16_350);
    // Known-size Clusters and a Segment of known size read the same.
    const known = Buffer.concat([header, el(0x18538067, el(0x1549a966), el(0x1f43b675, el(0xe7, uint(1000)), el(0xa3, block(250))))]);
    expect(await webmDurationMs([known])).toBe(1250);
    // A Duration of zero is no Duration.
    const zero = Buffer.concat([header, streamed(0x18538067, el(0x1549a966, el(0x4489, float64(0))), cluster(0, el(0xa3, block(90))))]);
    expect(await webmDurationMs([zero])).toBe(90);
  });

  it('answers null, never throws, for garbage, other formats and files without frames', async () => {
    const bytes = await chromiumRecording();
    const random = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919 + 13) % 256));
    const mp4 = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');
    const noFrames = Buffer.concat([header, streamed(0x18538067, el(0x1549a966, el(0x2ad7b1, uint(1_000_000))), tracks)]);
    const unknownInfo = Buffer.concat([header, streamed(0x18538067, streamed(0x1549a966, el(0x2ad7b1, uint(1_000_000))))]);
    const hugeSize = Buffer.concat([header, Buffer.from('1853806701f0000000000000', 'hex'), el(0x1549a966)]);
    const hugeElement = Buffer.concat([header, streamed(0x18538067, Buffer.from('1549a96601f0000000000000', 'hex'))]);
    const zeroByte = Buffer.concat([header, streamed(0x18538067, Buffer.from([0x00, 0x81, 0x00]))]);
    const absurd = Buffer.concat([header, streamed(0x18538067, el(0x1549a966, el(0x4489, float64(1e30))))]);
    for (const input of [Buffer.alloc(0), random, mp4, header, noFrames, unknownInfo, hugeSize, hugeElement, zeroByte, absurd, bytes.subarray(0, 40)]) {
      await expect(webmDurationMs([input])).resolves.toBeNull();
    }
  });

  it('reads a recording cut anywhere up to the cut, without throwing', async () => {
    const bytes = await chromiumRecording();
    let previous = 0;
    for (let cut = 0; cut <= bytes.length; cut += 97) {
      const ms = await webmDurationMs([bytes.subarray(0, cut)]);
      if (ms === null) {
        expect(previous).toBe(0);
        continue;
      }
      expect(ms).toBeGreaterThanOrEqual(previous);
      expect(ms).toBeLessThanOrEqual(CHROMIUM_DURATION_MS);
      previous = ms;
    }
    expect(previous).toBeGreaterThan(CHROMIUM_DURATION_MS - 100);
  });

  it('passes on a failing stream instead of guessing', async () => {
    async function* failing() {
      yield (await chromiumRecording()).subarray(0, 1000);
      throw new Error('connection reset');
    }
    await expect(webmDurationMs(failing())).rejects.toThrow('connection reset');
  });
});
