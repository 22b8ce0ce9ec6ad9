import { describe, expect, it, vi } from 'vitest';
import type { EvidenceHeld, EvidenceUploadResponse } from '@saathi/shared';
import { ApiError } from '../../../lib/api-client';
import { answerOf, apiErrorOf } from '../../../test/contract-answers';
import { ChunkUploadQueue, type EvidenceChunkItem, type RecordingSlot } from './upload-queue';

/** An error POST /sos/:id/evidence answers. */
const refused = (status: number, code: string, message: string) => apiErrorOf('POST /sos/:id/evidence', status, code, message);

/** POST /sos/:id/evidence's answer: chunk `sequence` of recording 0 stored, and what the server now holds. */
const stored = (sequence: number, held: EvidenceHeld): EvidenceUploadResponse =>
  answerOf('POST /sos/:id/evidence', { id: sequence + 1, kind: 'video', sequence, sizeBytes: 10, createdAt: '2026-01-10T10:00:00.000Z', recording: 0, held });

const chunk = (sequence: number, bytes = 10, recording: RecordingSlot = { recorder: 'a', number: 0 }): EvidenceChunkItem => ({
  recording,
  sequence,
  kind: 'video',
  blob: new Blob([new Uint8Array(bytes)], { type: 'video/webm' }),
});

describe('evidence upload queue', () => {
  it('uploads chunks in order, one at a time', async () => {
    const order: number[] = [];
    let inFlight = 0;
    const upload = vi.fn(async (item: EvidenceChunkItem) => {
      inFlight += 1;
      expect(inFlight).toBe(1);
      await Promise.resolve();
      order.push(item.sequence);
      inFlight -= 1;
    });
    const queue = new ChunkUploadQueue(upload);
    queue.push(chunk(0));
    queue.push(chunk(1));
    queue.push(chunk(2, 5));
    await queue.whenIdle();
    expect(order).toEqual([0, 1, 2]);
    expect(queue.snapshot).toEqual({ uploaded: 3, pending: 0, bytesUploaded: 25, stopped: false, held: null, lost: 0 });
  });

  it('retries network failures with backoff and keeps the order', async () => {
    const sleep = vi.fn(() => Promise.resolve());
    const upload = vi
      .fn<(item: EvidenceChunkItem) => Promise<void>>()
      .mockRejectedValueOnce(new ApiError(0, 'NETWORK_ERROR', 'offline'))
      .mockRejectedValueOnce(refused(503, 'starting', 'busy'))
      .mockResolvedValue(undefined);
    const queue = new ChunkUploadQueue(upload, { sleep, retryDelaysMs: [100, 200] });
    queue.push(chunk(0));
    queue.push(chunk(1));
    await queue.whenIdle();
    expect(upload.mock.calls.map(([item]) => item.sequence)).toEqual([0, 0, 0, 1]);
    expect(sleep.mock.calls).toEqual([[100], [200]]);
    expect(queue.snapshot.uploaded).toBe(2);
  });

  it('counts what the server says it holds, not what was sent', async () => {
    const held = (chunks: number): EvidenceHeld => ({ chunks, sizeBytes: chunks * 10, recordings: 2 });
    // The server held 4 chunks from the page before a reload; a retry after a lost answer is 200 with the same count.
    const upload = vi
      .fn<(item: EvidenceChunkItem) => Promise<EvidenceUploadResponse>>()
      .mockResolvedValueOnce(stored(0, held(5)))
      .mockRejectedValueOnce(new ApiError(0, 'NETWORK_ERROR', 'answer lost'))
      .mockResolvedValueOnce(stored(1, held(6)));
    const queue = new ChunkUploadQueue(upload, { sleep: () => Promise.resolve() });
    queue.push(chunk(0));
    queue.push(chunk(1));
    await queue.whenIdle();
    expect(queue.snapshot).toMatchObject({ uploaded: 2, pending: 0, held: held(6), lost: 0 });
  });

  it('moves a restarted recorder whose number is taken to a free one, with every chunk after it', async () => {
    const stored = new Map<string, number>();
    // The server holds recording 3 already (another page's recorder), so its chunk 0 clashes once.
    const upload = vi.fn(async (item: EvidenceChunkItem) => {
      const id = `${item.recording.number}:${item.sequence}`;
      if (item.recording.number === 3 && item.sequence === 0) throw refused(409, 'evidence_chunk_exists', 'taken');
      stored.set(id, item.blob.size);
    });
    const renumber = vi.fn((taken: number) => taken + 1);
    const queue = new ChunkUploadQueue(upload, { renumber });
    const recording: RecordingSlot = { recorder: 'b', number: 3 };
    queue.push(chunk(0, 10, recording));
    queue.push(chunk(1, 10, recording));
    await queue.whenIdle();
    queue.push(chunk(2, 10, recording));
    await queue.whenIdle();
    expect(renumber).toHaveBeenCalledWith(3);
    expect([...stored.keys()]).toEqual(['4:0', '4:1', '4:2']);
    expect(queue.snapshot).toMatchObject({ uploaded: 3, lost: 0, stopped: false });
  });

  it('never counts a refused chunk as saved', async () => {
    // Later chunks of a recording cannot move without their header: shown as lost, the rest goes on.
    const upload = vi
      .fn()
      .mockRejectedValueOnce(refused(409, 'evidence_chunk_exists', 'taken'))
      .mockResolvedValue(undefined);
    const queue = new ChunkUploadQueue(upload, { renumber: () => 9 });
    queue.push(chunk(5));
    queue.push(chunk(6));
    await queue.whenIdle();
    expect(queue.snapshot).toMatchObject({ uploaded: 1, lost: 1, pending: 0, stopped: false });
  });

  it('stops for good when the server refuses (event ended or not the owner)', async () => {
    const upload = vi.fn().mockRejectedValue(refused(403, 'sos_not_yours', 'no'));
    const onChange = vi.fn();
    const queue = new ChunkUploadQueue(upload, { onChange });
    queue.push(chunk(0));
    queue.push(chunk(1));
    await queue.whenIdle();
    queue.push(chunk(2));
    await queue.whenIdle();
    expect(upload).toHaveBeenCalledTimes(1);
    expect(queue.snapshot).toEqual({ uploaded: 0, pending: 0, bytesUploaded: 0, stopped: true, held: null, lost: 0 });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ stopped: true }));
  });

  it.each(['sos_closed_for_evidence', 'sos_ended'])('stops when the event ended too long ago for more evidence (%s)', async (code) => {
    const upload = vi.fn().mockRejectedValue(refused(409, code, 'ended'));
    const queue = new ChunkUploadQueue(upload);
    queue.push(chunk(0));
    queue.push(chunk(1));
    await queue.whenIdle();
    expect(upload).toHaveBeenCalledTimes(1);
    expect(queue.snapshot).toMatchObject({ uploaded: 0, stopped: true });
  });

  it('ignores empty chunks', async () => {
    const upload = vi.fn();
    const queue = new ChunkUploadQueue(upload);
    queue.push({ recording: { recorder: 'a', number: 0 }, sequence: 0, kind: 'video', blob: new Blob([]) });
    await queue.whenIdle();
    expect(upload).not.toHaveBeenCalled();
  });
});
