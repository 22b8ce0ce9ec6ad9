// Encrypts and posts Web Push messages off the main thread: with the embedded database
// running on the main thread, the ECDH and HTTP work of a 1,000-volunteer fan-out proceeds
// on another core. Plain JavaScript, so it loads the same way under tsx, vitest and the
// bundled server (scripts/build.mjs copies it next to dist/server.js).
// Protocol: in {type:'send', items:[{id, endpoint, p256dh, auth, payload, headers}], timeoutMs}
//           out {id, status} | {id, error}
import http from 'node:http';
import https from 'node:https';
import { parentPort } from 'node:worker_threads';
import webpush from 'web-push';

const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
};
const MAX_IN_FLIGHT = 128;
let inFlight = 0;
const queue = [];

function post(item, body, timeoutMs) {
  const target = new URL(item.endpoint);
  const agent = agents[target.protocol];
  if (!agent) return Promise.reject(new Error(`unsupported push endpoint protocol ${target.protocol}`));
  const request = target.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = request(target, { method: 'POST', agent, headers: { ...item.headers, 'content-length': String(body.length) }, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`push request timed out after ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

async function run(item, timeoutMs) {
  try {
    const { cipherText } = webpush.encrypt(item.p256dh, item.auth, item.payload, 'aes128gcm');
    parentPort.postMessage({ id: item.id, status: await post(item, cipherText, timeoutMs) });
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
