import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build, TEST_AUTH_SECRET } from '../../../test/build';
import { createLocalStorage, createStorage } from '.';

const t = build();
/** The same store the app builds (same directory and secret), so its links are the app's. */
const storage = () => createStorage(t.config, path.join(t.dataDir, 'media'), TEST_AUTH_SECRET);

/** A real webm recording (ffmpeg's, 38 KB). */
const webmBytes = () => fs.readFile(new URL('../media/fixtures/ffmpeg-libvpx.webm', import.meta.url));

const putSigned = async (url: string, headers: Record<string, string>, payload: Buffer | string) => t.app.inject({ method: 'PUT', url, headers, payload });

describe('local presigned uploads', () => {
  it('accepts the bytes at the presigned URL and serves them at url(key)', async () => {
    const s = storage();
    const signed = await s.presignPut('reels/2026/05/clip.webm', 'video/webm', 600);
    expect(signed.url).toMatch(/^\/api\/media-uploads\/reels\/2026\/05\/clip\.webm\?/);
    const bytes = await webmBytes();
    const res = await putSigned(signed.url, signed.headers, bytes);
    expect(res.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: s.url('reels/2026/05/clip.webm') });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('checks the bytes before writing them: a reel that is not one whole recording is refused and not stored', async () => {
    const s = storage();
    const signed = await s.presignPut('reels/2026/05/junk.webm', 'video/webm', 600);
    const bytes = await webmBytes();
    for (const [payload, status, code] of [
      [Buffer.from('webm bytes'), 415, 'video_not_webm'],
      [bytes.subarray(0, bytes.length >> 1), 400, 'video_incomplete'],
    ] as const) {
      const res = await putSigned(signed.url, signed.headers, payload);
      expect([res.statusCode, res.json().error.code]).toEqual([status, code]);
    }
    expect((await t.app.inject({ method: 'GET', url: s.url('reels/2026/05/junk.webm') })).statusCode).toBe(404);
  });

  it('refuses a tampered link, another key, another content type and an empty body', async () => {
    const s = storage();
    const signed = await s.presignPut('posts/2026/05/a.jpg', 'image/jpeg', 600);
    const tampered = signed.url.replace(/signature=([0-9a-f])/, (_m, c: string) => `signature=${c === '0' ? '1' : '0'}`);
    expect((await putSigned(tampered, signed.headers, 'x')).statusCode).toBe(403);
    expect((await putSigned(signed.url.replace('a.jpg', 'b.jpg'), signed.headers, 'x')).statusCode).toBe(403);
    expect((await putSigned(signed.url.replace('image%2Fjpeg', 'text%2Fhtml'), { 'content-type': 'text/html' }, 'x')).statusCode).toBe(403);
    const wrongHeader = await putSigned(signed.url, { 'content-type': 'text/html' }, '<script>');
    expect(wrongHeader.statusCode).toBe(400);
    expect((await putSigned(signed.url, signed.headers, Buffer.alloc(0))).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: s.url('posts/2026/05/a.jpg') })).statusCode).toBe(404);
  });

  it('links expire', async () => {
    let now = new Date('2026-05-01T10:00:00Z');
    const s = createLocalStorage(path.join(t.dataDir, 'media'), { uploadSecret: 'k'.repeat(32), now: () => now });
    const signed = await s.presignPut('posts/2026/05/c.jpg', 'image/jpeg', 60);
    const query = new URL(signed.url, 'http://x').searchParams;
    const check = () => s.verifyUpload('posts/2026/05/c.jpg', 'image/jpeg', Number(query.get('expires')), query.get('signature') ?? '');
    expect(check()).toBe(true);
    now = new Date(now.getTime() + 61_000);
    expect(check()).toBe(false);
  });
});
