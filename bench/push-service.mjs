// A local Web Push service for the fan-out bench, run as its own process (so its work is not
// counted as the server's) through tsx: `fork('push-service.mjs', { execArgv: ['--import', 'tsx'] })`.
// It checks every request as a push service does: the VAPID Authorization (RFC 8292: an ES256
// JWT verified with the `k` key, `aud` this origin, `exp` within 24 h, `sub`), Content-Encoding
// aes128gcm, a TTL, and the aes128gcm header (salt, record size, the sender's P-256 key). Like
// a real service it verifies each distinct token once and then only its claims. It also
// DECRYPTS one request in `decryptEvery` (default 10, 1 for all) with the subscription's keys,
// as the browser would, and refuses anything that fails (the bench then fails).
// IPC in:  {type:'subscriptions', count} → {type:'subscriptions', list:[{id, endpoint, keys}]}
//          {type:'expect', count}        → {type:'reached', at, accepted, rejected, decrypted, sample}
//                                           when `count` pushes were accepted since this message
//          {type:'stats'}                → {type:'stats', accepted, rejected, decrypted, reasons}
// `at` is the epoch time (ms, sub-ms precision) at which the count-th push was answered 201.
import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import { checkVapid, decryptAes128gcm } from '../apps/server/test/push-peer.ts';

const decryptEvery = Math.max(1, Number(process.env.PUSH_SERVICE_DECRYPT_EVERY ?? 10));
const subs = new Map();
const verifiedTokens = new Map();
let accepted = 0;
let rejected = 0;
let decrypted = 0;
const reasons = new Map();
let target = null;
let sample = null;

const epochNow = () => performance.timeOrigin + performance.now();

/** The claims check of a token verified before, and the signature check of a new one. */
function vapidProblem(header) {
  const known = verifiedTokens.get(header);
  if (known !== undefined && known * 1000 > Date.now()) return undefined;
  const problem = checkVapid(header, origin, undefined);
  if (problem) return problem;
  const claims = JSON.parse(Buffer.from(header.split(' ')[1].slice(2).split('.')[1], 'base64url').toString());
  verifiedTokens.set(header, claims.exp);
  return undefined;
}

function bodyProblem(body) {
  if (body.length < 86 + 17 || body.length > 4096) return `body of ${body.length} bytes`;
  if (body.readUInt32BE(16) < 18) return 'record size too small';
  if (body[20] !== 65 || body[21] !== 4) return 'key id is not an uncompressed P-256 point';
  return undefined;
}

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const id = decodeURIComponent((req.url ?? '').replace(/^\/push\//, ''));
    const sub = subs.get(id);
    const body = Buffer.concat(chunks);
    const problem =
      req.method !== 'POST' || !sub
        ? 'unknown subscription'
        : (vapidProblem(req.headers.authorization) ??
          (req.headers['content-encoding'] !== 'aes128gcm' ? 'content-encoding is not aes128gcm' : undefined) ??
          (req.headers.ttl ? undefined : 'missing TTL') ??
          bodyProblem(body));
    if (problem) {
      rejected += 1;
      reasons.set(problem, (reasons.get(problem) ?? 0) + 1);
      res.writeHead(problem === 'unknown subscription' ? 404 : 400).end(problem);
      return;
    }
    if ((accepted + rejected) % decryptEvery === 0) {
      try {
        const payload = JSON.parse(decryptAes128gcm(body, sub.ecdh, sub.auth).toString('utf8'));
        decrypted += 1;
        sample = { title: payload.title, type: payload.type, sosEventId: payload.sosEventId };
      } catch (error) {
        rejected += 1;
        const reason = `undecryptable: ${String(error)}`;
        reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
        res.writeHead(400).end(reason);
        return;
      }
    }
    accepted += 1;
    res.writeHead(201).end();
    if (target && accepted - target.from >= target.count) {
      const at = epochNow();
      target = null;
      process.send({ type: 'reached', at, accepted, rejected, decrypted, sample });
    }
  });
});
server.keepAliveTimeout = 30_000;
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

process.on('message', (message) => {
  if (message.type === 'subscriptions') {
    const list = [];
    for (let i = 0; i < message.count; i++) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = `s${subs.size}`;
      subs.set(id, { ecdh, auth });
      list.push({ id, endpoint: `${origin}/push/${id}`, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') } });
    }
    process.send({ type: 'subscriptions', list });
  } else if (message.type === 'expect') {
    target = { from: accepted, count: message.count };
  } else if (message.type === 'stats') {
    process.send({ type: 'stats', accepted, rejected, decrypted, reasons: Object.fromEntries(reasons) });
  }
});
process.on('disconnect', () => process.exit(0));
process.send({ type: 'ready', origin });
