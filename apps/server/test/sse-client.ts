/**
 * Reads a text/event-stream response with fetch the way a browser's EventSource does, keeping
 * what a reconnecting client needs: each frame's `id:` (sent back as Last-Event-ID) and whether
 * the server ended the stream.
 */
export interface SseEvent {
  type: string;
  data: unknown;
  /** The frame's `id:`, when it has one (live events do; `ready` does not). */
  id?: string;
  /** performance.now() when the frame was read. */
  receivedAt: number;
}

export interface SseClient {
  status: number;
  events: SseEvent[];
  /** Resolves with the first event (already received or future) that matches. */
  next(type: string, match?: (data: unknown) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Waits until at least `count` events other than `ready` arrived. */
  waitForEvents(count: number, timeoutMs?: number): Promise<SseEvent[]>;
  /** Resolves when the server ends the stream (not when close() aborts it). */
  ended: Promise<void>;
  close(): void;
}

/** One frame's fields; the space after the colon is optional, as EventSource reads it. */
function parseFrame(block: string): Omit<SseEvent, 'receivedAt'> | null {
  let type = 'message';
  let id: string | undefined;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) type = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    else if (line.startsWith('id:')) id = line.slice(3).replace(/^ /, '');
  }
  if (data.length === 0) return null;
  return { type, data: JSON.parse(data.join('\n')) as unknown, ...(id === undefined ? {} : { id }) };
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of [...waiters]) wake();
  };
  let markEnded: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (markEnded = resolve));
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const frame = parseFrame(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
            if (!frame) continue;
            events.push({ ...frame, receivedAt: performance.now() });
            wakeAll();
          }
        }
        markEnded();
      } catch {
        // close() aborted the read, or the connection broke: EventSource reconnects either way.
        if (!controller.signal.aborted) markEnded();
      }
      wakeAll();
    })();
  }

  async function until<T>(found: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = found();
      if (value !== undefined) return value;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`${what} within ${timeoutMs} ms; got ${events.map((e) => e.type).join(', ') || 'nothing'}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 100));
        const wake = () => {
          clearTimeout(timer);
          waiters.delete(wake);
          resolve();
        };
        waiters.add(wake);
      });
    }
  }

  return {
    status: response.status,
    events,
    ended,
    next(type, match = () => true, timeoutMs = 5000) {
      return until(() => events.find((e) => e.type === type && match(e.data)), timeoutMs, `no "${type}" event`);
    },
    waitForEvents(count, timeoutMs = 5000) {
      return until(
        () => {
          const live = events.filter((e) => e.type !== 'ready');
          return live.length >= count ? live : undefined;
        },
        timeoutMs,
        `fewer than ${count} events`,
      );
    },
    close() {
      controller.abort();
    },
  };
}
