import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { webmHeaderProblem, webmProblem } from './webm-check';

/** 3.5 s from ffmpeg: a Segment of known size, with Cues and Duration. */
const ffmpegFile = () => fs.readFile(new URL('./fixtures/ffmpeg-libvpx.webm', import.meta.url));
/** 2 s from Chromium's MediaRecorder: Segment and Clusters of unknown size. */
const chromiumRecording = () => fs.readFile(new URL('./fixtures/chromium-mediarecorder.webm', import.meta.url));

function* chunksOf(bytes: Buffer, size: number): Generator<Buffer> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

const check = (bytes: Buffer) => webmProblem(chunksOf(bytes, 1000));

describe('webmProblem', () => {
  it('passes a whole recording from ffmpeg and from MediaRecorder, streamed in any chunk size', async () => {
    for (const bytes of [await ffmpegFile(), await chromiumRecording()]) {
      expect(await check(bytes)).toBeUndefined();
      expect(await webmProblem(chunksOf(bytes, 7))).toBeUndefined();
      expect(await webmProblem([bytes])).toBeUndefined();
    }
  });

  it('finds a recording cut in the middle, in its last frame, or after its header', async () => {
    for (const bytes of [await ffmpegFile(), await chromiumRecording()]) {
      for (const length of [bytes.length >> 1, bytes.length - 3, 0x30, 20]) {
        expect(await check(bytes.subarray(0, length)), `cut at ${length}`).toMatchObject({ kind: 'truncated' });
      }
    }
    expect(await check(Buffer.alloc(0))).toMatchObject({ kind: 'truncated', reason: 'the file is empty' });
  });

  it('finds other bytes appended to a recording or mixed into it (a polyglot)', async () => {
    const html = Buffer.from('<!DOCTYPE html><html><script>alert(document.cookie)</script></html>');
    for (const bytes of [await ffmpegFile(), await chromiumRecording()]) {
      expect(await check(Buffer.concat([bytes, html]))).toMatchObject({ kind: 'not_webm' });
      // Two recordings joined: a second EBML header where a Segment child belongs.
      expect(await check(Buffer.concat([bytes, bytes]))).toMatchObject({ kind: 'not_webm' });
    }
    const recording = await chromiumRecording();
    const header = recording.subarray(0, 0x24);
    expect(await check(Buffer.concat([header, html]))).toMatchObject({ kind: 'not_webm', reason: 'no Segment follows the EBML header' });
  });

  it('finds files that are not WebM at all, or another Matroska type', async () => {
    const recording = await chromiumRecording();
    expect(await check(Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj'))).toMatchObject({ kind: 'not_webm' });
    expect(await check(Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.from('webm<html>')]))).toMatchObject({ kind: 'not_webm' });
    // The same header with DocType "matroska" (0x88 bytes) in place of "webm".
    const docTypeAt = recording.indexOf('webm');
    const matroska = Buffer.concat([
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3, recording[4]! + 4]),
      recording.subarray(5, docTypeAt - 1),
      Buffer.from([0x88]),
      Buffer.from('matroska'),
      recording.subarray(docTypeAt + 4),
    ]);
    expect(await check(matroska)).toMatchObject({ kind: 'not_webm', reason: 'a matroska file, not WebM' });
  });
});

describe('webmHeaderProblem', () => {
  it("takes a recorder's first chunk cut anywhere after the Segment starts", async () => {
    const recording = await chromiumRecording();
    for (const length of [0x30, 0x40, 500, recording.length]) expect(await webmHeaderProblem(recording.subarray(0, length))).toBeUndefined();
  });

  it('refuses a first chunk cut inside its header, a forged header and other files', async () => {
    const recording = await chromiumRecording();
    expect(await webmHeaderProblem(recording.subarray(0, 20))).toMatchObject({ kind: 'truncated' });
    expect(await webmHeaderProblem(recording.subarray(0, 0x24))).toMatchObject({ kind: 'truncated' });
    expect(await webmHeaderProblem(recording.subarray(0, 0x2c))).toMatchObject({ kind: 'truncated' });
    expect(await webmHeaderProblem(Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.from('<html><body>hi</body></html>')]))).toMatchObject({
      kind: 'not_webm',
    });
    expect(await webmHeaderProblem(Buffer.from('\x89PNG\r\n\x1a\n0000IHDR', 'latin1'))).toMatchObject({ kind: 'not_webm' });
  });
});
