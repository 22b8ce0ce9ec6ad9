import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../test/build';
import { uniquePhone } from '../../../test/factory';

// A stand-in for apps/web/dist, so the test does not depend on the web build.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'saathi-web-dist-'));
// Like the built page: the bundle by src, and the early SOS inline (apps/web/src/early-sos).
const INLINE_SCRIPT = 'window.early = "SOS <b>";';
const INLINE_HASH = `'sha256-${createHash('sha256').update(INLINE_SCRIPT).digest('base64')}'`;
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  `<!doctype html><title>Saathi</title><script type="module" crossorigin src="/assets/index.js"></script><div id="root"></div>\n<script>${INLINE_SCRIPT}</script>`,
);
// A page without an inline script gets no hash at all.
const plainWebDist = fs.mkdtempSync(path.join(os.tmpdir(), 'saathi-web-dist-'));
fs.writeFileSync(path.join(plainWebDist, 'index.html'), '<!doctype html><title>Saathi</title><div id="root"></div>');
// A build replaced under the running server (its page is rewritten after the app started).
const rebuiltWebDist = fs.mkdtempSync(path.join(os.tmpdir(), 'saathi-web-dist-'));
fs.copyFileSync(path.join(webDist, 'index.html'), path.join(rebuiltWebDist, 'index.html'));
afterAll(() => {
  for (const dir of [webDist, plainWebDist, rebuiltWebDist]) fs.rmSync(dir, { recursive: true, force: true });
});

const plain = build({ WEB_DIST_DIR: webDist });
const noInline = build({ WEB_DIST_DIR: plainWebDist });
const rebuilt = build({ WEB_DIST_DIR: rebuiltWebDist });
const production = build({
  WEB_DIST_DIR: webDist,
  PUBLIC_URL: 'https://saathi.example.in',
  STORAGE: 's3',
  S3_BUCKET: 'saathi-media',
  S3_PRIVATE_BUCKET: 'saathi-private',
  S3_REGION: 'ap-south-1',
  S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'secret-example',
  S3_PUBLIC_URL: 'https://cdn.saathi.example.in/media',
  MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
  GEOCODER_URL: 'https://geo.example.org/search',
});

beforeAll(() => {
  const dir = path.join(plain.dataDir, 'media', 'posts');
  fs.mkdirSync(dir, { recursive: true });
  // An HTML file that somebody managed to store as media must never run as a page.
  fs.writeFileSync(path.join(dir, 'evil.html'), '<script>alert(1)</script>');
});

/** `script-src 'self'` → { 'script-src': ["'self'"] }. */
function directives(header: string | string[] | number | undefined): Record<string, string[]> {
  const parsed: Record<string, string[]> = {};
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) parsed[name] = values;
  }
  return parsed;
}

describe('security headers', () => {
  it.each(['/', '/sos', '/api/health', '/api/users/me', '/media/posts/evil.html'])(
    '%s carries nosniff, frame and referrer protection and a permissions policy',
    async (url) => {
      const res = await plain.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['permissions-policy']).toMatch(/^camera=\(self\), microphone=\(self\), geolocation=\(self\)/);
      expect(
        directives(res.headers['content-security-policy'])['frame-ancestors'] ?? directives(res.headers['content-security-policy'])['sandbox'],
      ).toBeDefined();
      // HSTS only where the app is reached over https.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('lets the app run scripts only from its own origin, and the inline script of its page by hash', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/sos' });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'", INLINE_HASH]);
    expect(csp['script-src-attr']).toEqual(["'none'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['connect-src']).toEqual(["'self'", 'https://nominatim.openstreetmap.org']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org']);
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
  });

  it.each(['/', '/sos'])('%s is the page whose one inline script the policy allows, exactly', async (url) => {
    const res = await plain.app.inject({ method: 'GET', url });
    const inline = [...res.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] as string);
    expect(inline).toEqual([INLINE_SCRIPT]);
    const hashes = directives(res.headers['content-security-policy'])['script-src']?.filter((source) => source.startsWith("'sha256-"));
    expect(hashes).toEqual([
      `'sha256-${createHash('sha256')
        .update(inline[0] as string)
        .digest('base64')}'`,
    ]);
  });

  it('keeps sending the page its policy allows when the build on disk changes under it', async () => {
    fs.writeFileSync(path.join(rebuiltWebDist, 'index.html'), '<!doctype html><title>Saathi</title><div id="root"></div><script>window.newer = 1;</script>');
    for (const url of ['/', '/sos', '/index.html', '/saathi-community-post/999999', '/news/no-such-article']) {
      const res = await rebuilt.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const inline = [...res.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] as string);
      expect(inline, url).toEqual([INLINE_SCRIPT]);
      expect(directives(res.headers['content-security-policy'])['script-src'], url).toContain(INLINE_HASH);
    }
  });

  it('allows no inline script when the page has none', async () => {
    const res = await noInline.app.inject({ method: 'GET', url: '/' });
    expect(directives(res.headers['content-security-policy'])['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  });

  it('serves media as data in a sandbox that runs nothing', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/media/posts/evil.html' });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['default-src']).toEqual(["'none'"]);
    expect(csp['sandbox']).toEqual([]);
    expect(csp['script-src']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('over https: HSTS, upgraded requests, and the configured tile, place-search and media origins', async () => {
    const res = await production.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['upgrade-insecure-requests']).toEqual([]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://*.tiles.example.org', 'https://cdn.saathi.example.in']);
    expect(csp['media-src']).toEqual(["'self'", 'blob:', 'https://cdn.saathi.example.in']);
    // Browsers upload reels straight to the bucket with presigned URLs.
    expect(csp['connect-src']).toEqual(["'self'", 'https://geo.example.org', 'https://saathi-media.s3.ap-south-1.amazonaws.com']);
    expect(csp['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'", INLINE_HASH]);
  });

  it('over https the session cookie is Secure and host-only (__Host- prefix)', async () => {
    const phone = uniquePhone();
    const sent = await production.app.inject({ method: 'POST', url: '/api/auth/otp/request', payload: { phoneNumber: phone } });
    expect(sent.statusCode).toBe(200);
    const res = await production.app.inject({
      method: 'POST',
      url: '/api/auth/otp/verify',
      payload: { phoneNumber: phone, code: production.sms.lastCode(phone), attemptId: sent.json().attemptId },
    });
    expect(res.statusCode).toBe(200);
    const cookies = [res.headers['set-cookie']].flat().map(String);
    expect(cookies.find((line) => line.startsWith('__Host-saathi_session='))).toMatch(
      /^__Host-saathi_session=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
    );
    // The browser's device cookie (login limits) is host-only and Secure too.
    expect(cookies.find((line) => line.startsWith('__Host-saathi_device='))).toMatch(
      /^__Host-saathi_device=[A-Za-z0-9_-]{43}; Max-Age=34560000; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
    );
  });
});
