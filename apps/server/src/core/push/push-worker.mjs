// Encrypts and posts Web Push messages off the main thread: with the embedded database
// running on the main thread, the ECDH and HTTP work of a 1,000-volunteer fan-out proceeds
// on another core. Plain JavaScript, so it loads the same way under tsx, vitest and the
// bundled server (scripts/build.mjs copies the .mjs files of this folder next to dist/server.js).
// The encryption and the POST are push-encrypt.mjs and http-post.mjs, the same ones the
// calling-thread transport uses.
// Protocol: in  {type:'send', items:[{id, endpoint, p256dh, auth, payload, headers}], timeoutMs}
//           out {type:'results', results:[{id, status} | {id, error}]}, the answers of one tick together
import { parentPort } from 'node:worker_threads';
import { postBytes } from './http-post.mjs';
import { encryptPush } from './push-encrypt.mjs';

/**
 * Requests in flight at once. Each waits for its push service's answer on a pooled socket
 * (http-post.mjs): enough to keep the sockets busy, few enough that a burst of 1,000 does not
 * encrypt everything before the first request leaves.
 */
const MAX_IN_FLIGHT = 128;
let inFlight = 0;
const queue = [];
let results = [];

function flushResults() {
  const batch = results;
  results = [];
  parentPort.postMessage({ type: 'results', results: batch });
}

function answer(result) {
  if (results.length === 0) setImmediate(flushResults);
  results.push(result);
}

async function run(item, timeoutMs) {
  try {
    const body = encryptPush(item.p256dh, item.auth, item.payload);
    answer({ id: item.id, status: await postBytes(item.endpoint, item.headers, body, timeoutMs) });
  } catch (error) {
    answer({ id: item.id, error: error instanceof Error ? error.message : String(error) });
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
