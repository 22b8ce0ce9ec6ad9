import type { EvidenceKind } from '@saathi/shared';
import type { EvidenceChunkItem, RecordingSlot } from './upload-queue';
import { indexedDbRunner } from '../../../lib/idb-store';

/**
 * Recorded chunks not yet held by the server, kept on the device (IndexedDB) until the server
 * answers for them, so a page reloaded or closed mid-SOS sends them when the SOS screen opens
 * again instead of losing them with the page.
 */
export interface PendingChunk {
  /** `<event>:<recorder>:<kind>:<sequence>`: one per chunk, whatever its recording number becomes. */
  key: string;
  eventId: number;
  /** The recorder start it came from (a random id): its chunks share one recording number. */
  recorder: string;
  recording: number;
  sequence: number;
  kind: EvidenceKind;
  blob: Blob;
  recordedAt: number;
}

export interface PendingChunkStore {
  put(chunk: PendingChunk): Promise<void>;
  remove(key: string): Promise<void>;
  forEvent(eventId: number): Promise<PendingChunk[]>;
}

const DB_NAME = 'saathi-evidence';
const STORE = 'pending';

const run = indexedDbRunner(DB_NAME, STORE, (db) => db.createObjectStore(STORE, { keyPath: 'key' }).createIndex('eventId', 'eventId'));

/** IndexedDB keeps the chunk Blobs as they are (megabytes, which localStorage cannot hold). */
const indexedDbStore: PendingChunkStore = {
  put: async (chunk) => void (await run('readwrite', (store) => store.put(chunk))),
  remove: async (key) => void (await run('readwrite', (store) => store.delete(key))),
  forEvent: (eventId) => run('readonly', (store) => store.index('eventId').getAll(eventId) as IDBRequest<PendingChunk[]>),
};

/** For tests and browsers without IndexedDB: the chunks live as long as the page. */
export function memoryStore(): PendingChunkStore {
  const chunks = new Map<string, PendingChunk>();
  return {
    put: async (chunk) => void chunks.set(chunk.key, chunk),
    remove: async (key) => void chunks.delete(key),
    forEvent: async (eventId) => [...chunks.values()].filter((chunk) => chunk.eventId === eventId),
  };
}

const keyOf = (eventId: number, item: EvidenceChunkItem) => `${eventId}:${item.recording.recorder}:${item.kind}:${item.sequence}`;

/**
 * What the upload queue tells the device about its chunks. Writes run one after another, so a
 * chunk's removal never overtakes its own storing; a failing store loses only the copy.
 */
export function createPendingJournal(eventId: number, store: PendingChunkStore) {
  let chain: Promise<unknown> = Promise.resolve();
  const then = (work: () => Promise<unknown>) => {
    chain = chain.then(work).catch(() => undefined);
    return chain;
  };

  return {
    added: (item: EvidenceChunkItem) =>
      void then(() =>
        store.put({
          key: keyOf(eventId, item),
          eventId,
          recorder: item.recording.recorder,
          recording: item.recording.number,
          sequence: item.sequence,
          kind: item.kind,
          blob: item.blob,
          recordedAt: Date.now(),
        }),
      ),
    settled: (item: EvidenceChunkItem) => void then(() => store.remove(keyOf(eventId, item))),
    /** The recording moved to another number: its chunks still waiting go with it. */
    renumbered: (slot: RecordingSlot) =>
      void then(async () => {
        for (const chunk of await store.forEvent(eventId)) {
          if (chunk.recorder === slot.recorder) await store.put({ ...chunk, recording: slot.number });
        }
      }),
    /** The chunks an earlier page left, recorder by recorder in recording order, each recorder's by sequence. */
    async restore(): Promise<EvidenceChunkItem[]> {
      await chain;
      const chunks = await store.forEvent(eventId).catch(() => [] as PendingChunk[]);
      const slots = new Map<string, RecordingSlot>();
      return chunks
        .sort((a, b) => a.recording - b.recording || a.kind.localeCompare(b.kind) || a.sequence - b.sequence)
        .map((chunk) => {
          const slot = slots.get(chunk.recorder) ?? { recorder: chunk.recorder, number: chunk.recording };
          slots.set(chunk.recorder, slot);
          return { recording: slot, sequence: chunk.sequence, kind: chunk.kind, blob: chunk.blob };
        });
    },
  };
}

export type PendingJournal = ReturnType<typeof createPendingJournal>;

let deviceStore: PendingChunkStore | undefined;

/** The device's store: IndexedDB where the browser has it, else the page's memory. */
export function pendingChunkStore(): PendingChunkStore {
  deviceStore ??= typeof indexedDB === 'undefined' ? memoryStore() : indexedDbStore;
  return deviceStore;
}
