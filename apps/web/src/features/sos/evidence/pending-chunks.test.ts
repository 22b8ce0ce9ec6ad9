import { describe, expect, it, vi } from 'vitest';
import { createPendingJournal, memoryStore } from './pending-chunks';
import { ChunkUploadQueue, type EvidenceChunkItem, type RecordingSlot } from './upload-queue';

const item = (recording: RecordingSlot, sequence: number): EvidenceChunkItem => ({
  recording,
  sequence,
  kind: 'video',
  blob: new Blob([`${recording.recorder}-${sequence}`]),
});

describe('evidence chunks kept on the device until the server holds them', () => {
  it('keeps what a page could not send, and gives it to the next page in recording order', async () => {
    const store = memoryStore();
    const first = { recorder: 'r-first', number: 0 };
    const second = { recorder: 'r-second', number: 1 };
    // The first page: the server holds chunk 0 of recording 0, then the network is gone and the page reloads.
    const upload = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValue(new Error('offline'));
    const queue = new ChunkUploadQueue(upload, { journal: createPendingJournal(5, store), sleep: () => new Promise(() => undefined) });
    for (const chunk of [item(first, 0), item(first, 1), item(second, 0), item(first, 2)]) queue.push(chunk);
    await vi.waitFor(() => expect(upload).toHaveBeenCalledTimes(2));

    const restored = await createPendingJournal(5, store).restore();
    expect(restored.map((c) => `${c.recording.number}:${c.sequence}`)).toEqual(['0:1', '0:2', '1:0']);
    // The chunks of one recorder share one slot again, so moving one moves them all.
    expect(restored[0]!.recording).toBe(restored[1]!.recording);
    expect(await restored[0]!.blob.text()).toBe('r-first-1');
    expect(await createPendingJournal(6, store).restore()).toEqual([]);
  });

  it('moves the waiting chunks with their recording, and forgets what the server holds', async () => {
    const store = memoryStore();
    const journal = createPendingJournal(7, store);
    const slot = { recorder: 'r', number: 2 };
    for (const sequence of [0, 1]) journal.added(item(slot, sequence));
    slot.number = 4;
    journal.renumbered(slot);
    journal.settled(item(slot, 0));
    const restored = await journal.restore();
    expect(restored.map((c) => `${c.recording.number}:${c.sequence}`)).toEqual(['4:1']);
  });
});
