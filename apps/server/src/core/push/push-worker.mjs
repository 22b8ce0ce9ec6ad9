// Encrypts and posts Web Push messages off the main thread: with the embedded database
// running on the main thread, the ECDH and HTTP work of a 1,000-volunteer fan-out proceeds
// on another core. Plain JavaScript, so it loads the same way under tsx, vitest and the
// bundled server (scripts/build.mjs copies it and http-post.mjs next to dist/server.js).
// The POST itself is http-post.mjs, the same one the calling-thread transport uses.
// Protocol: in {type:'send', items:[{id, endpoint, p256dh, auth, payload, headers}], timeoutMs}
//           out {id, status} | {id, error}
import { parentPort } from 'node:worker_threads';
import webpush from 'web-push';
import { postBytes } from './http-post.mjs';

const MAX_IN_FLIGHT = 128;
let inFlight = 0;
const queue = [];

async function run(item, timeoutMs) {
  try {
    const { cipherText } = webpush.encrypt(item.p256dh, item.auth, item.payload, 'aes128gcm');
    parentPort.postMessage({ id: item.id, status: await postBytes(item.endpoint, item.headers, cipherText, timeoutMs) });
  } catch (error) {
    parentPort.postMessage({ id: item.id, error: error instanceof Error ? error.message : String(error) });
  }
}

function pump() {
  while (inFlight < MAX_IN_FLIGHT && queue.length > 0) {
    const { item, timeoutMs } = queue.shift();
    inFlight += 1;
    void run(item, timeoutMs).finally(() => {
      inFlight -= 1;
      pump();
    });
  }
}

parentPort.on('message', (message) => {
  if (message?.type !== 'send') return;
  for (const item of message.items) queue.push({ item, timeoutMs: message.timeoutMs });
  pump();
});
