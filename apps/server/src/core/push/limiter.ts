/** Runs at most `concurrency` tasks at once; the rest wait in order. */
export function createLimiter(concurrency: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    running -= 1;
    waiting.shift()?.();
  };
  return async function limit<T>(task: () => Promise<T>): Promise<T> {
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      release();
    }
  };
}

export type Limiter = ReturnType<typeof createLimiter>;
