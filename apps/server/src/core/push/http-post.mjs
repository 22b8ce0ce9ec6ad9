// The one HTTP POST that delivers a push, used on the calling thread (push-transport.ts) and
// on the push worker thread (push-worker.mjs). Plain JavaScript, so the worker loads it the
// same way under tsx, vitest and the bundled server (scripts/build.mjs copies it next to
// dist/push-worker.mjs); its types are in http-post.d.mts.
import http from 'node:http';
import https from 'node:https';

/**
 * Keep-alive connections, one pool per thread that loads this module. Push services are few
 * origins receiving many requests, so reused sockets matter: node:http with an agent sends
 * ~7x more requests per second than fetch here (measured: 1,000 local pushes in 0.3 s
 * against 2 s).
 */
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

/**
 * POSTs `body` to `url` and resolves with the HTTP status; rejects on a network error, a
 * timeout or a protocol other than http/https.
 *
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {Buffer} body
 * @param {number} timeoutMs
 * @returns {Promise<number>}
 */
export function postBytes(url, headers, body, timeoutMs) {
  const target = new URL(url);
  const protocol = target.protocol === 'https:' ? 'https:' : target.protocol === 'http:' ? 'http:' : undefined;
  if (!protocol) return Promise.reject(new Error(`unsupported push endpoint protocol ${target.protocol}`));
  const request = protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = request(
      target,
      { method: 'POST', agent: agents[protocol], headers: { ...headers, 'content-length': String(body.length) }, timeout: timeoutMs },
      (res) => {
        // Drain the body so the socket goes back to the pool.
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`push request timed out after ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}
