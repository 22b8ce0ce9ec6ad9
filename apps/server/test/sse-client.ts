/** Reads a text/event-stream response with fetch, as the web app's stream reader does. */
export interface SseEvent {
  type: string;
  data: unknown;
  /** The frame's `id:`, when it has one (live events do; `ready` does not). */
  id?: string;
}

export interface SseClient {
  status: number;
  events: SseEvent[];
  /** Resolves with the first event (already received or future) that matches. */
  next(type: string, match?: (data: unknown) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream (not when close() aborts it). */
  ended: Promise<void>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  let serverEnded!: () => void;
  const ended = new Promise<void>((resolve) => (serverEnded = resolve));
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) {
            serverEnded();
            break;
          }
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let type = 'message';
            let id: string | undefined;
            const data: string[] = [];
            for (const line of frame.split('\n')) {
              if (line.startsWith('event: ')) type = line.slice(7);
              else if (line.startsWith('data: ')) data.push(line.slice(6));
              else if (line.startsWith('id: ')) id = line.slice(4);
            }
            if (data.length === 0) continue;
            events.push({ type, data: JSON.parse(data.join('\n')) as unknown, ...(id === undefined ? {} : { id }) });
            for (const wake of [...waiters]) wake();
          }
        }
      } catch {
        // Aborted by close().
      }
    })();
  }
  return {
    status: response.status,
    events,
    ended,
    async next(type, match = () => true, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find((e) => e.type === type && match(e.data));
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no "${type}" event within ${timeoutMs} ms; got ${events.map((e) => e.type).join(', ') || 'nothing'}`);
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
    },
    close() {
      controller.abort();
    },
  };
}
