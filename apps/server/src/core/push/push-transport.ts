import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { postBytes } from './http-post.mjs';
import { encryptPush } from './push-encrypt.mjs';
import { createLimiter } from './limiter';

export interface PushRequest {
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The JSON payload, encrypted by the transport. */
  payload: string;
  headers: Record<string, string>;
}

/** The push service's HTTP status, or why no answer came (bad keys, network, timeout). */
export type PushResponse = { status: number } | { error: string };

export interface PushTransport {
  readonly kind: 'worker' | 'in-thread';
  send(request: PushRequest): Promise<PushResponse>;
  close(): Promise<void>;
}

/** Encrypts and posts on the calling thread. */
export function createInThreadTransport(timeoutMs: number, concurrency = 128): PushTransport {
  const limit = createLimiter(concurrency);
  return {
    kind: 'in-thread',
    send: (request) =>
      limit(async () => {
        try {
          const body = encryptPush(request.p256dh, request.auth, request.payload);
          return { status: await postBytes(request.endpoint, request.headers, body, timeoutMs) };
        } catch (error) {
          return { error: error instanceof Error ? error.message : String(error) };
        }
      }),
    async close() {},
  };
}

const WORKER_FILE = new URL('./push-worker.mjs', import.meta.url);

/** One answer of the push worker: `status` from the push service, or `error`. */
type WorkerResult = { id: number; status?: number; error?: string };

/**
 * Encrypts and posts on a worker thread (push-worker.mjs). Requests made in the same tick
 * travel in one message, and so do the answers the worker has in the same tick. Falls back to
 * the calling thread when the worker file is absent.
 */
export function createWorkerTransport(timeoutMs: number, onError: (error: unknown) => void): PushTransport {
  if (!fs.existsSync(fileURLToPath(WORKER_FILE))) return createInThreadTransport(timeoutMs);
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, (response: PushResponse) => void>();
  let batch: Array<PushRequest & { id: number }> = [];
  // After a worker failure the calling thread takes over: a retried alert must not depend on it.
  let fallback: PushTransport | undefined;

  const failAll = (reason: string) => {
    for (const resolve of pending.values()) resolve({ error: reason });
    pending.clear();
  };

  const ensureWorker = (): Worker => {
    if (worker) return worker;
    const started = new Worker(WORKER_FILE);
    // An idle push worker must not keep the process alive.
    started.unref();
    started.on('message', (message: { type: 'results'; results: WorkerResult[] }) => {
      if (message?.type !== 'results') return;
      for (const result of message.results) {
        const resolve = pending.get(result.id);
        pending.delete(result.id);
        resolve?.(result.status !== undefined ? { status: result.status } : { error: result.error ?? 'unknown push worker error' });
      }
    });
    started.on('error', (error) => {
      onError(error);
      worker = undefined;
      fallback ??= createInThreadTransport(timeoutMs);
      failAll(`push worker failed: ${error.message}`);
    });
    started.on('exit', () => {
      if (worker === started) worker = undefined;
      failAll('push worker stopped');
    });
    worker = started;
    return started;
  };

  const flush = () => {
    const items = batch;
    batch = [];
    if (items.length > 0) ensureWorker().postMessage({ type: 'send', items, timeoutMs });
  };

  // Started now, not on the first SOS: loading the thread and web-push in it takes a while.
  ensureWorker();

  return {
    kind: 'worker',
    send(request) {
      if (fallback) return fallback.send(request);
      const id = nextId++;
      return new Promise<PushResponse>((resolve) => {
        pending.set(id, resolve);
        if (batch.length === 0) setImmediate(flush);
        batch.push({ ...request, id });
      });
    },
    async close() {
      const running = worker;
      worker = undefined;
      if (running) await running.terminate();
      failAll('push worker closed');
    },
  };
}
