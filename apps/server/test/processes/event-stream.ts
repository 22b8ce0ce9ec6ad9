/**
 * Reads GET /api/events the way a browser's EventSource does, keeping what a reconnecting
 * client needs: each frame's `id:` (sent back as Last-Event-ID) and whether the server ended
 * the stream.
 */
export interface StreamFrame {
  id: string | undefined;
  type: string;
  data: unknown;
  /** performance.now() when the frame was parsed. */
  receivedAt: number;
}

export interface EventStream {
  status: number;
  frames: StreamFrame[];
  /** Resolves when the server ends the stream (not when close() aborts it). */
  ended: Promise<void>;
  /** The first frame (already received or future) of `type` that matches. */
  next(type: string, match?: (data: unknown) => boolean, timeoutMs?: number): Promise<StreamFrame>;
  /** Waits until at least `count` frames other than `ready` arrived. */
  waitForEvents(count: number, timeoutMs?: number): Promise<StreamFrame[]>;
  close(): void;
}

export async function openEventStream(baseUrl: string, token: string, headers: Record<string, string> = {}): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: { accept: 'text/event-stream', authorization: `Bearer ${token}`, ...headers },
    signal: controller.signal,
  });
  const frames: StreamFrame[] = [];
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
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let type = 'message';
            let id: string | undefined;
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith('event:')) type = line.slice(6).trim();
              else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
              else if (line.startsWith('id:')) id = line.slice(3).replace(/^ /, '');
            }
            if (data.length === 0) continue;
            frames.push({ id, type, data: JSON.parse(data.join('\n')) as unknown, receivedAt: performance.now() });
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

  async function until<T>(found: () => T | undefined, timeoutMs: number, what: () => string): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = found();
      if (value !== undefined) return value;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`${what()} within ${timeoutMs} ms; got ${frames.map((f) => f.type).join(', ') || 'nothing'}`);
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
    frames,
    ended,
    next(type, match = () => true, timeoutMs = 5000) {
      return until(
        () => frames.find((f) => f.type === type && match(f.data)),
        timeoutMs,
        () => `no matching "${type}" frame`,
      );
    },
    waitForEvents(count, timeoutMs = 5000) {
      return until(
        () => {
          const events = frames.filter((f) => f.type !== 'ready');
          return events.length >= count ? events : undefined;
        },
        timeoutMs,
        () => `fewer than ${count} events`,
      );
    },
    close() {
      controller.abort();
    },
  };
}
