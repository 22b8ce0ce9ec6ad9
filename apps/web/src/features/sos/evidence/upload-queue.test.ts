import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { ChunkUploadQueue, type EvidenceChunkItem } from './upload-queue';

const chunk = (sequence: number, bytes = 10): EvidenceChunkItem => ({
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
    expect(queue.snapshot).toEqual({ uploaded: 3, pending: 0, bytesUploaded: 25, stopped: false });
  });

  it('retries network failures with backoff and keeps the order', async () => {
    const sleep = vi.fn(() => Promise.resolve());
    const upload = vi
      .fn<(item: EvidenceChunkItem) => Promise<void>>()
      .mockRejectedValueOnce(new ApiError(0, 'NETWORK_ERROR', 'offline'))
      .mockRejectedValueOnce(new ApiError(503, 'UNAVAILABLE', 'busy'))
      .mockResolvedValue(undefined);
    const queue = new ChunkUploadQueue(upload, { sleep, retryDelaysMs: [100, 200] });
    queue.push(chunk(0));
    queue.push(chunk(1));
    await queue.whenIdle();
    expect(upload.mock.calls.map(([item]) => item.sequence)).toEqual([0, 0, 0, 1]);
    expect(sleep.mock.calls).toEqual([[100], [200]]);
    expect(queue.snapshot.uploaded).toBe(2);
  });

  it('counts a chunk the server already has as sent', async () => {
    const upload = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(409, 'CONFLICT', 'exists'))
      .mockResolvedValue(undefined);
    const queue = new ChunkUploadQueue(upload);
    queue.push(chunk(0));
    queue.push(chunk(1));
    await queue.whenIdle();
    expect(queue.snapshot).toMatchObject({ uploaded: 2, pending: 0 });
  });

  it('stops for good when the server refuses (event ended or not the owner)', async () => {
    const upload = vi.fn().mockRejectedValue(new ApiError(403, 'FORBIDDEN', 'no'));
    const onChange = vi.fn();
    const queue = new ChunkUploadQueue(upload, { onChange });
    queue.push(chunk(0));
    queue.push(chunk(1));
    await queue.whenIdle();
    queue.push(chunk(2));
    await queue.whenIdle();
    expect(upload).toHaveBeenCalledTimes(1);
    expect(queue.snapshot).toEqual({ uploaded: 0, pending: 0, bytesUploaded: 0, stopped: true });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ stopped: true }));
  });

  it.each(['sos_closed_for_evidence', 'sos_ended'])('stops when the event ended too long ago for more evidence (%s)', async (code) => {
    const upload = vi.fn().mockRejectedValue(new ApiError(409, code, 'ended'));
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
    queue.push({ sequence: 0, kind: 'video', blob: new Blob([]) });
    await queue.whenIdle();
    expect(upload).not.toHaveBeenCalled();
  });
});
