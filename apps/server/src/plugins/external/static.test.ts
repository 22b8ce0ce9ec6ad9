import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../test/build';

// A stand-in for apps/web/dist, so the test does not depend on the web build.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'saathi-web-dist-'));
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Saathi</title><div id="root"></div>');
fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("app")');
fs.writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {})');

const t = build({ WEB_DIST_DIR: webDist });
const video = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

beforeAll(() => {
  const dir = path.join(t.dataDir, 'media', 'seed', 'reels');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'reel-1.webm'), video);
});

afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

describe('web app', () => {
  it.each(['/', '/sos', '/login/ABCD2345', '/news/3'])('answers %s with index.html, never cached', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it('caches hashed assets for a year and revalidates the service worker', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with 404, not the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-old999.js' });
    expect(res.statusCode).toBe(404);
  });
});

describe('/media', () => {
  it('serves local media with HTTP range requests', async () => {
    const whole = await t.app.inject({ method: 'GET', url: '/media/seed/reels/reel-1.webm' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(video)).toBe(true);

    const part = await t.app.inject({ method: 'GET', url: '/media/seed/reels/reel-1.webm', headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/1000');
    expect(part.rawPayload.equals(video.subarray(100, 200))).toBe(true);
  });

  it('answers missing media with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/seed/reels/none.webm' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});
