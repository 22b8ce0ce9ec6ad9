import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startS3Peer, type S3Peer } from '../../../test/s3-peer';
import { createS3Storage, type S3Storage } from './s3-storage';
import { MEDIA_CACHE_CONTROL } from './storage';

let peer: S3Peer;
let storage: S3Storage;

beforeAll(async () => {
  peer = await startS3Peer();
  const config = loadConfig({ ...peer.env, AUTH_SECRET: 'x'.repeat(32) });
  if (config.storage.kind !== 's3') throw new Error('expected STORAGE=s3');
  storage = createS3Storage(config.storage.s3);
});

afterAll(async () => {
  storage?.close();
  await peer?.close();
});

describe('S3 storage against an S3-compatible server', () => {
  it('puts an object that is then served at url(key) with its type and cache policy', async () => {
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
    await storage.put('posts/2026/05/abc123.jpg', bytes, 'image/jpeg');
    const url = storage.url('posts/2026/05/abc123.jpg');
    expect(url).toBe(`${peer.endpoint}/${peer.bucket}/posts/2026/05/abc123.jpg`);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
  });

  it('presigns a PUT the browser can upload to, with the content type signed', async () => {
    const signed = await storage.presignPut('reels/2026/05/clip.webm', 'video/webm', 300);
    const url = new URL(signed.url);
    expect(url.origin + url.pathname).toBe(`${peer.endpoint}/${peer.bucket}/reels/2026/05/clip.webm`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(expect.arrayContaining(['content-type', 'host']));
    expect(signed.headers['content-type']).toBe('video/webm');
    expect(signed.expiresAt.getTime()).toBeGreaterThan(Date.now() + 290_000);

    const body = Buffer.from('webm bytes from a phone');
    const upload = await fetch(signed.url, { method: signed.method, headers: signed.headers, body });
    expect(upload.status).toBe(200);
    const res = await fetch(storage.url('reels/2026/05/clip.webm'));
    expect(res.headers.get('content-type')).toBe('video/webm');
    expect(await res.text()).toBe('webm bytes from a phone');
  });

  it('deletes objects, and deleting a missing one is not an error', async () => {
    await storage.put('posts/2026/05/gone.jpg', Buffer.from('x'), 'image/jpeg');
    expect((await fetch(storage.url('posts/2026/05/gone.jpg'))).status).toBe(200);
    await storage.delete('posts/2026/05/gone.jpg');
    expect((await fetch(storage.url('posts/2026/05/gone.jpg'))).status).toBe(404);
    await expect(storage.delete('posts/2026/05/never-was.jpg')).resolves.toBeUndefined();
  });

  it('refuses unsafe keys, odd content types and out-of-range expiries', async () => {
    await expect(storage.put('../etc/passwd', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/unsafe storage key/);
    await expect(storage.put('posts/a.jpg', Buffer.from('x'), 'image/jpeg\r\nx-evil: 1')).rejects.toThrow(/content type/);
    await expect(storage.presignPut('posts/a.jpg', 'image/jpeg', 0)).rejects.toThrow(/expiry/);
    await expect(storage.presignPut('posts/a.jpg', 'image/jpeg', 8 * 24 * 3600)).rejects.toThrow(/expiry/);
  });
});
