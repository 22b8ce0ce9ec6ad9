import type { FeedbackCategory, FeedbackCreated, FeedbackDiagnostics } from '@saathi/shared';
import { PENDING_FLAG } from './pending-flag';
import { indexedDbRunner } from '../../lib/idb-store';

/** A ticket written while the server could not be reached, kept on the device until it is sent. */
export interface QueuedFeedback {
  /** Sent as `clientId`: a ticket whose first answer was lost is stored once by the server. */
  clientId: string;
  /**
   * Who wrote it. The server takes the author from the session, so a ticket is sent only
   * while the same account is signed in: never under someone else's on a shared phone.
   */
  userId: number;
  category: FeedbackCategory;
  text: string;
  diagnostics: FeedbackDiagnostics;
  screenshot: Blob | null;
  queuedAt: string;
}

/** Where queued tickets are kept (IndexedDB in the browser: it holds the screenshot as a Blob). */
export interface OutboxStore {
  all(): Promise<QueuedFeedback[]>;
  put(item: QueuedFeedback): Promise<void>;
  remove(clientId: string): Promise<void>;
}

/** What sending one ticket came to: `sent`, `retry` later (offline, the server busy), or `drop` (the server refused it for good). */
export type SendOutcome = { kind: 'sent'; ticket: FeedbackCreated } | { kind: 'retry' } | { kind: 'drop' };

/** The form data of `POST /feedback`. */
export function feedbackForm(item: QueuedFeedback): FormData {
  const form = new FormData();
  form.set('category', item.category);
  form.set('text', item.text);
  form.set('diagnostics', JSON.stringify(item.diagnostics));
  form.set('clientId', item.clientId);
  if (item.screenshot) form.set('screenshot', item.screenshot, 'screenshot');
  return form;
}

/**
 * The feedback outbox: tickets go in when they could not be sent, and `flush` sends them, oldest
 * first, when the connection returns (the `online` event) and when the app starts. Each ticket
 * waits for its own author: another account signed in on the device neither sees it nor sends
 * it, and it goes when its author is back. A ticket without an author (kept by an older version
 * of the app) is dropped, since nobody can tell whose it is. One flush runs at a time;
 * listeners hear when the list changes.
 */
export function createFeedbackOutbox({
  store,
  send,
  flag,
  currentUserId,
}: {
  store: OutboxStore;
  send: (item: QueuedFeedback) => Promise<SendOutcome>;
  flag?: Storage | undefined;
  /** The signed-in account's id, null when signed out. */
  currentUserId: () => number | null;
}) {
  const listeners = new Set<() => void>();
  let running: Promise<number> | null = null;

  const changed = async () => {
    const left = (await store.all()).length;
    try {
      if (left > 0) flag?.setItem(PENDING_FLAG, '1');
      else flag?.removeItem(PENDING_FLAG);
    } catch {
      // Storage may be full or blocked; the flag only saves a look at app start.
    }
    for (const listener of listeners) listener();
  };

  const mine = async () => {
    const userId = currentUserId();
    return userId === null ? [] : (await store.all()).filter((item) => item.userId === userId);
  };

  async function flushOnce(): Promise<number> {
    let sent = 0;
    for (const orphan of (await store.all()).filter((item) => typeof item.userId !== 'number')) await store.remove(orphan.clientId);
    const items = (await mine()).sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
    for (const item of items) {
      const outcome = await send(item);
      if (outcome.kind === 'retry') break;
      await store.remove(item.clientId);
      if (outcome.kind === 'sent') sent += 1;
    }
    await changed();
    return sent;
  }

  return {
    async add(item: QueuedFeedback): Promise<void> {
      await store.put(item);
      await changed();
    },
    /** What waits for the signed-in account (nothing when signed out). */
    pending: mine,
    /** Sends what waits; the number sent. */
    flush(): Promise<number> {
      running ??= flushOnce().finally(() => {
        running = null;
      });
      return running;
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type FeedbackOutbox = ReturnType<typeof createFeedbackOutbox>;

const DB_NAME = 'saathi-feedback';
const STORE = 'outbox';

const run = indexedDbRunner(DB_NAME, STORE, (db) => db.createObjectStore(STORE, { keyPath: 'clientId' }));

/** The browser's outbox store: IndexedDB keeps the screenshot Blob as it is, which localStorage cannot. */
export const indexedDbStore: OutboxStore = {
  all: () => run<QueuedFeedback[]>('readonly', (store) => store.getAll() as IDBRequest<QueuedFeedback[]>),
  put: async (item) => {
    await run('readwrite', (store) => store.put(item));
  },
  remove: async (clientId) => {
    await run('readwrite', (store) => store.delete(clientId));
  },
};

/** A store in memory, for tests and for browsers without IndexedDB (private windows of some). */
export function memoryStore(): OutboxStore {
  const items = new Map<string, QueuedFeedback>();
  return {
    all: async () => [...items.values()],
    put: async (item) => void items.set(item.clientId, item),
    remove: async (clientId) => void items.delete(clientId),
  };
}
