import HeicWorker from './heic.worker?worker';
import type { HeicReply, HeicRequest } from './heic-messages';

interface Waiting {
  resolve: (bitmap: ImageBitmap) => void;
  reject: (error: Error) => void;
}

let worker: Worker | undefined;
let nextId = 0;
const waiting = new Map<number, Waiting>();

function stopWorker(reason?: Error) {
  worker?.terminate();
  worker = undefined;
  if (reason) for (const { reject } of waiting.values()) reject(reason);
  waiting.clear();
}

function startWorker(): Worker {
  const started = new HeicWorker();
  started.onmessage = ({ data }: MessageEvent<HeicReply>) => {
    const entry = waiting.get(data.id);
    if (!entry) return;
    waiting.delete(data.id);
    if ('bitmap' in data) entry.resolve(data.bitmap);
    else entry.reject(new Error(data.error));
    // libheif's memory only grows while it lives: let it go once the photos picked together are done.
    if (waiting.size === 0) stopWorker();
  };
  // A crash (e.g. out of memory on a huge photo) fails every pending photo, not just one.
  started.onerror = (event) => stopWorker(new Error(event.message || 'HEIC decoder failed'));
  return started;
}

/** Decodes a HEIC/HEIF photo in a worker (libheif in WebAssembly) to a bitmap without its metadata. */
export async function decodeHeic(file: Blob): Promise<ImageBitmap> {
  const bytes = await file.arrayBuffer();
  worker ??= startWorker();
  const id = nextId++;
  const target = worker;
  return new Promise<ImageBitmap>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    target.postMessage({ id, bytes } satisfies HeicRequest, [bytes]);
  });
}
