import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, build } from '../../../test/build';

// A stand-in for apps/web/dist with the copies the build writes (apps/web/compress-plugin.ts).
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'saathi-web-dist-'));
const script = `console.log(${JSON.stringify('saathi '.repeat(2000))});`;
// Quality 11 as the build uses: a copy made per request (quality 4) would not be these bytes.
const scriptBr = brotliCompressSync(script, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
const scriptGz = gzipSync(script, { level: 9 });
const page = `<!doctype html><title>Saathi</title><div id="root"></div><script>${'/* the early SOS */'.repeat(200)}</script>`;
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'index.html'), page);
fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), script);
fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js.br'), scriptBr);
fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js.gz'), scriptGz);

const t = build({ WEB_DIST_DIR: webDist });
let base = '';

beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }), ...headers } });

describe('built assets', () => {
  it('are sent as the brotli copy the build wrote to a browser that accepts it, with vary', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.rawPayload.equals(scriptBr)).toBe(true);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('are sent as the gzip copy to a client that accepts only gzip (curl --compressed without brotli)', async () => {
    const res = await get('/assets/index-abc123.js', 'deflate, gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.equals(scriptGz)).toBe(true);
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('are sent as they are to a client that accepts no encoding', async () => {
    for (const accept of [undefined, 'identity']) {
      const res = await get('/assets/index-abc123.js', accept);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(script);
    }
  });
});

describe('answers built per request', () => {
  it('compress the page over 1 KB', async () => {
    const res = await get('/sos', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(page);
    const plain = await get('/sos');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(page);
  });

  it('compress JSON over 1 KB, with gzip for a client without brotli, and leave a small one alone', async () => {
    const big = await get('/api/docs/json', 'gzip');
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(big.rawPayload).toString()).openapi).toMatch(/^3\./);
    const small = await get('/api/health', 'br, gzip');
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: expect.any(String) });
  });

  it('follow what the client prefers and say that the answer varies with it', async () => {
    const refusedBrotli = await get('/api/docs/json', 'br;q=0, gzip');
    expect(refusedBrotli.headers['content-encoding']).toBe('gzip');
    expect(refusedBrotli.headers.vary).toContain('accept-encoding');
    const identity = await get('/api/docs/json', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toContain('accept-encoding');
    expect(identity.json().openapi).toMatch(/^3\./);
    // The OpenAPI document is larger than what is compressed on the request's own turn: it goes
    // through the thread pool and arrives whole all the same.
    expect(identity.body.length).toBeGreaterThan(128 * 1024);
    const big = await get('/api/docs/json', 'br');
    expect(brotliDecompressSync(big.rawPayload).toString()).toBe(identity.body);
  });

  it('leave the live event stream uncompressed, so each event arrives as it is sent', async () => {
    const user = await t.factory.user();
    const token = await t.loginAs(user);
    const headers = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
      const request = http.get(`${base}/api/events`, { headers: { ...bearer(token), accept: 'text/event-stream', 'accept-encoding': 'br, gzip' } }, (res) => {
        resolve(res.headers);
        res.destroy();
      });
      request.on('error', reject);
    });
    expect(headers['content-type']).toContain('text/event-stream');
    expect(headers['content-encoding']).toBeUndefined();
  });
});
