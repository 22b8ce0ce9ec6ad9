import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationItem, User } from '@saathi/shared';
import { checkLiveEvent, stubFetch, type FetchMock } from '../../test/contract-answers';
import { clearSession, setSession } from '../session';
import { subscribeLiveEvents, type LiveMessage } from './live-events';

/** EventSource as the browser has it, driven by the test. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onerror: (() => void) | null = null;
  readonly handlers = new Map<string, Array<(event: MessageEvent<string>) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, handler: (event: MessageEvent<string>) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** A frame of GET /api/events: its `ready` frame, or a live event (checked against the contract's LiveEvent). */
  emit(type: string, data: unknown) {
    if (type !== 'ready') checkLiveEvent({ type, data });
    this.readyState = FakeEventSource.OPEN;
    for (const handler of this.handlers.get(type) ?? []) handler(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  fail() {
    this.onerror?.();
  }
}

const notification: NotificationItem = {
  id: 1,
  type: 'sos.accepted',
  title: 'Farhan Qureshi is coming to help',
  body: 'A volunteer accepted your SOS and is 850 m away.',
  read: false,
  sosEventId: 5,
  sosEventActive: true,
  postId: null,
  actorId: 13,
  data: {},
  createdAt: '2026-01-10T10:00:00.000Z',
};

describe('the live event stream', () => {
  let fetchMock: FetchMock;
  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    fetchMock = stubFetch();
    setSession({ id: 11, name: 'Kavita Joshi' } as User);
  });
  afterEach(() => {
    clearSession();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('connects with the session cookie at once (no ticket round trip) and comes back within a second after a drop', () => {
    const received: LiveMessage[] = [];
    const unsubscribe = subscribeLiveEvents((message) => received.push(message));
    try {
      expect(FakeEventSource.instances.map((s) => s.url)).toEqual(['/api/events']);
      expect(fetchMock).not.toHaveBeenCalled();
      const first = FakeEventSource.instances[0]!;
      first.emit('ready', { userId: 11 });
      first.emit('notification.created', { notification });
      expect(received.map((m) => m.type)).toEqual(['stream.ready', 'notification.created']);

      first.fail();
      expect(first.readyState).toBe(FakeEventSource.CLOSED);
      vi.advanceTimersByTime(300);
      expect(FakeEventSource.instances).toHaveLength(2);
      FakeEventSource.instances[1]!.emit('ready', { userId: 11 });
      // Listeners hear about the reconnect, to catch up what they missed.
      expect(received.at(-1)).toEqual({ type: 'stream.ready' });
    } finally {
      unsubscribe();
    }
    expect(FakeEventSource.instances.at(-1)?.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('reconnects at once when the phone is back online, instead of waiting out the back-off', () => {
    const unsubscribe = subscribeLiveEvents(() => undefined);
    try {
      // Several drops in a row: the next try would be seconds away.
      for (let i = 0; i < 4; i++) {
        FakeEventSource.instances.at(-1)!.fail();
        vi.advanceTimersByTime(5000);
      }
      const count = FakeEventSource.instances.length;
      FakeEventSource.instances.at(-1)!.fail();
      window.dispatchEvent(new Event('online'));
      expect(FakeEventSource.instances).toHaveLength(count + 1);
    } finally {
      unsubscribe();
    }
  });
});
