import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Peer, type S3Peer } from '../../../test/s3-peer';
import { createPrivateS3Storage, createS3Storage, type S3Storage } from './s3-storage';

let peer: S3Peer;
let storage: S3Storage;

beforeAll(async () => {
  peer = await startS3Peer();
  storage = createS3Storage(peer.s3);
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
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
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

  it('streams an object back in chunks, and a missing one is undefined', async () => {
    const bytes = Buffer.alloc(300_000, 7);
    await storage.put('reels/2026/05/long.webm', bytes, 'video/webm');
    const stream = await storage.readStream('reels/2026/05/long.webm');
    const chunks: Uint8Array[] = [];
    for await (const chunk of stream ?? []) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(1);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    expect(await storage.readStream('reels/2026/05/never-was.webm')).toBeUndefined();
  });

  it('is refused by the bucket when signed with the wrong secret or key, or not signed at all', async () => {
    const s3 = { ...peer.s3, secretAccessKey: 'not-the-secret' };
    const wrongSecret = createS3Storage(s3);
    await expect(wrongSecret.put('posts/2026/05/forged.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    const wrongKey = createS3Storage({ ...s3, accessKeyId: 'SOMEONE' });
    await expect(wrongKey.put('posts/2026/05/forged.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    wrongSecret.close();
    wrongKey.close();
    const anonymous = await fetch(storage.url('posts/2026/05/forged.jpg'), { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: 'x' });
    expect(anonymous.status).toBe(403);
    expect((await fetch(storage.url('posts/2026/05/forged.jpg'))).status).toBe(404);
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

describe('private S3 storage (S3_PRIVATE_BUCKET)', () => {
  it('keeps objects in the private bucket, readable with the app login only, never at a public URL', async () => {
    const store = createPrivateS3Storage(peer.privateS3);
    try {
      expect(Object.keys(store).sort()).toEqual(['close', 'delete', 'inspect', 'kind', 'put', 'readStream']);
      const bytes = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(200_000, 3)]);
      await store.put('evidence/7/video-000000-abc.webm', bytes, 'video/webm');
      expect(await store.inspect('evidence/7/video-000000-abc.webm', 4)).toEqual({ size: bytes.length, head: bytes.subarray(0, 4) });
      const chunks: Uint8Array[] = [];
      for await (const chunk of (await store.readStream('evidence/7/video-000000-abc.webm')) ?? []) chunks.push(chunk);
      expect(Buffer.concat(chunks).equals(bytes)).toBe(true);

      // Not in the public bucket, so not at the public URL scheme either.
      expect((await fetch(storage.url('evidence/7/video-000000-abc.webm'))).status).toBe(404);
      // And the private bucket refuses anyone without the app's signature.
      const anonymous = await fetch(`${peer.endpoint}/${peer.privateBucket}/evidence/7/video-000000-abc.webm`);
      expect(anonymous.status).toBe(403);
      expect(await anonymous.text()).not.toContain('cluster');
      expect((await fetch(`${peer.endpoint}/${peer.privateBucket}/evidence%2F7%2Fvideo-000000-abc.webm`)).status).toBe(403);
      expect((await fetch(`${peer.endpoint}/${peer.privateBucket}?list-type=2`)).status).toBe(403);

      await store.delete('evidence/7/video-000000-abc.webm');
      expect(await store.readStream('evidence/7/video-000000-abc.webm')).toBeUndefined();
      expect(await store.inspect('evidence/7/video-000000-abc.webm', 4)).toBeUndefined();
    } finally {
      store.close();
    }
  });
});
