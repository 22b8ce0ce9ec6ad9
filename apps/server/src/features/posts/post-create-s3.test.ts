import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, build } from '../../../test/build';
import { startS3Peer, type S3Peer } from '../../../test/s3-peer';
import { communityFixtures } from '../../../test/community-fixtures';
import { jpegWithGps, multipart } from '../../../test/uploads';

// Started before the app is built (hooks run in order) and stopped after it closes.
let peer: S3Peer;
beforeAll(async () => {
  peer = await startS3Peer();
});
afterAll(async () => {
  await peer?.close();
});

const t = build(() => peer.env);
const f = communityFixtures(t);

describe('STORAGE=s3', () => {
  it('stores post photos and thumbnails in the bucket, not on local disk, and deletes them with the post', async () => {
    const user = await f.adult();
    const { payload, headers } = multipart({ title: 'Street light out', description: 'Dark lane near the market' }, [
      { field: 'media_0', name: 'photo.jpg', type: 'image/jpeg', bytes: await jpegWithGps() },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/posts/post-create', headers: { ...bearer(user.token), ...headers }, payload });
    expect(res.statusCode).toBe(201);
    const post = res.json<{ id: number; mediaUrls: string[]; thumbnailUrls: string[] }>();
    const urls = [...post.mediaUrls, ...post.thumbnailUrls];
    expect(urls).toHaveLength(2);
    for (const url of urls) {
      expect(url).toMatch(new RegExp(`^${peer.endpoint}/${peer.bucket}/posts/\\d{4}/\\d{2}/[0-9a-f]{24}(-thumb)?\\.jpg$`));
      const object = await fetch(url);
      expect(object.status).toBe(200);
      expect(object.headers.get('content-type')).toBe('image/jpeg');
      const meta = await sharp(Buffer.from(await object.arrayBuffer())).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
    }
    await expect(fs.readdir(path.join(t.dataDir, 'media', 'posts'))).rejects.toThrow(/ENOENT/);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/community-posts/${post.id}`, headers: bearer(user.token) });
    expect(deleted.statusCode).toBe(200);
    for (const url of urls) expect((await fetch(url)).status).toBe(404);
  });

  it('offers no local upload route, since browsers upload to the bucket directly', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/media-uploads/posts/a.jpg?type=image/jpeg&expires=1&signature=00', payload: 'x' });
    expect(res.statusCode).toBe(404);
  });
});
