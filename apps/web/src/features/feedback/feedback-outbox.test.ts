import type { User } from '@saathi/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/contract-answers';
import { clearSession, setSession } from '../../entities/session';
import { createFeedbackOutbox, memoryStore, type QueuedFeedback } from './feedback-outbox';
import { PENDING_FLAG } from './pending-flag';
import { startFeedbackOutbox } from './outbox-start';

const WRITER = 11;
const OTHER = 12;

const item = (clientId: string, queuedAt = '2025-03-01T10:00:00.000Z', userId = WRITER): QueuedFeedback => ({
  clientId,
  userId,
  category: 'problem',
  text: `Ticket ${clientId}`,
  diagnostics: {
    appVersion: '0.1.0',
    language: 'en-US',
    browser: 'test',
    permissions: { geolocation: 'prompt', camera: 'prompt', microphone: 'prompt', notifications: 'prompt' },
  },
  screenshot: new Blob(['png'], { type: 'image/png' }),
  queuedAt,
});

afterEach(() => {
  vi.restoreAllMocks();
  clearSession();
  localStorage.clear();
});

describe('the feedback outbox', () => {
  it('keeps what cannot be sent yet, sends it oldest first later, and clears the pending flag', async () => {
    const sent: string[] = [];
    let online = false;
    const outbox = createFeedbackOutbox({
      store: memoryStore(),
      flag: localStorage,
      currentUserId: () => WRITER,
      send: async (queued) => {
        if (!online) return { kind: 'retry' };
        sent.push(queued.clientId);
        return { kind: 'sent', ticket: { id: sent.length, status: 'open' } };
      },
    });
    await outbox.add(item('second-0002', '2025-03-01T10:05:00.000Z'));
    await outbox.add(item('first-00001', '2025-03-01T10:00:00.000Z'));
    expect(localStorage.getItem(PENDING_FLAG)).toBe('1');

    expect(await outbox.flush()).toBe(0);
    expect(await outbox.pending()).toHaveLength(2);

    online = true;
    expect(await outbox.flush()).toBe(2);
    expect(sent).toEqual(['first-00001', 'second-0002']);
    expect(await outbox.pending()).toEqual([]);
    expect(localStorage.getItem(PENDING_FLAG)).toBeNull();
  });

  it('drops a ticket the server refuses for good and goes on with the next', async () => {
    const outbox = createFeedbackOutbox({
      store: memoryStore(),
      currentUserId: () => WRITER,
      send: async (queued) => (queued.clientId === 'refused-001' ? { kind: 'drop' } : { kind: 'sent', ticket: { id: 9, status: 'open' } }),
    });
    await outbox.add(item('refused-001', '2025-03-01T09:00:00.000Z'));
    await outbox.add(item('accepted-01'));
    expect(await outbox.flush()).toBe(1);
    expect(await outbox.pending()).toEqual([]);
  });

  it('sends a ticket only while its author is signed in: another account neither sees nor sends it, and the author later does', async () => {
    let signedIn: number | null = OTHER;
    const sent: string[] = [];
    const outbox = createFeedbackOutbox({
      store: memoryStore(),
      flag: localStorage,
      currentUserId: () => signedIn,
      send: async (queued) => {
        sent.push(`${queued.clientId} as ${signedIn}`);
        return { kind: 'sent', ticket: { id: sent.length, status: 'open' } };
      },
    });
    await outbox.add(item('writers-0001'));
    await outbox.add(item('others-00001', '2025-03-01T10:01:00.000Z', OTHER));
    // An entry an older version kept, without its author: nobody can tell whose it is.
    await outbox.add({ ...item('unknown-0001'), userId: undefined as unknown as number });

    expect((await outbox.pending()).map((q) => q.clientId)).toEqual(['others-00001']);
    expect(await outbox.flush()).toBe(1);
    expect(sent).toEqual([`others-00001 as ${OTHER}`]);
    // The writer's ticket still waits on the device, and the flag says so.
    expect(localStorage.getItem(PENDING_FLAG)).toBe('1');

    signedIn = null;
    expect(await outbox.pending()).toEqual([]);
    expect(await outbox.flush()).toBe(0);

    signedIn = WRITER;
    expect((await outbox.pending()).map((q) => q.clientId)).toEqual(['writers-0001']);
    expect(await outbox.flush()).toBe(1);
    expect(sent).toEqual([`others-00001 as ${OTHER}`, `writers-0001 as ${WRITER}`]);
    expect(localStorage.getItem(PENDING_FLAG)).toBeNull();
  });

  it('sends a ticket queued offline through the API when the browser comes back online, with its clientId and screenshot', async () => {
    setSession({ id: WRITER, name: 'Asha' } as unknown as User);
    const { feedbackOutbox } = await import('./outbox');
    let reachable = false;
    const requests: FormData[] = [];
    const fetchMock = stubFetch(async (_url: string, init?: RequestInit) => {
      if (!reachable) throw new TypeError('Failed to fetch');
      requests.push(init?.body as FormData);
      return jsonResponse(201, { id: 41, status: 'open' });
    });
    const outbox = feedbackOutbox();
    await outbox.add(item('offline-0001'));
    const stop = startFeedbackOutbox();
    try {
      await vi.waitFor(async () => expect(fetchMock).toHaveBeenCalled());
      expect(await outbox.pending()).toHaveLength(1);

      reachable = true;
      window.dispatchEvent(new Event('online'));
      await vi.waitFor(async () => expect(await outbox.pending()).toEqual([]));
      expect(requests).toHaveLength(1);
      expect(requests[0]!.get('clientId')).toBe('offline-0001');
      expect(requests[0]!.get('screenshot')).toBeInstanceOf(Blob);
      expect(JSON.parse(requests[0]!.get('diagnostics') as string)).toMatchObject({ appVersion: '0.1.0' });
      expect(localStorage.getItem(PENDING_FLAG)).toBeNull();
    } finally {
      stop();
    }
  });
});
