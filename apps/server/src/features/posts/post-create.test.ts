import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { bearer, build } from '../../../test/build';
import { communityFixtures } from '../../../test/community-fixtures';
import { jpegWithGps, multipart, pngImage } from '../../../test/uploads';
import { FIXTURE_CAMERA_MODEL, FIXTURE_GPS_LATITUDE_BYTES, readPhotoFixture } from '../../../test/fixtures/photos';

const t = build({ DAILY_POST_LIMIT: '3', POST_IMAGE_MAX_BYTES: String(300 * 1024), POST_UPLOAD_MAX_BYTES: String(500 * 1024) });
const f = communityFixtures(t);

const create = (token: string, fields: Record<string, string>, files: Parameters<typeof multipart>[1] = []) => {
  const { payload, headers } = multipart(fields, files);
  return t.app.inject({ method: 'POST', url: '/api/posts/post-create', headers: { ...bearer(token), ...headers }, payload });
};
/** A bakery's business post at a picked point, as the location picker sends it. */
const bakeryPostAt = (token: string, title: string, longitude: number, latitude: number) =>
  create(token, {
    title,
    isBusinessPost: 'true',
    businessCategory: 'bakery',
    location: JSON.stringify({ type: 'Point', coordinates: [longitude, latitude] }),
  });
const jpegFile = async (field = 'media_0') => ({ field, name: 'photo.jpg', type: 'image/jpeg', bytes: await jpegWithGps() });

interface Created {
  id: number;
  mediaUrls: string[];
  thumbnailUrls: string[];
  location: { x: number; y: number } | null;
  tags: string[];
  userName: string;
  whatsappNumber: string | null;
  businessCategory: string | null;
  isBusinessPost: boolean;
  showLocation: boolean;
}

describe('POST /api/posts/post-create', () => {
  it('creates a post with two photos re-encoded without EXIF GPS, plus thumbnails', async () => {
    const user = await f.adult({ name: 'Kavya Iyer' });
    const res = await create(
      user.token,
      {
        title: 'Lost dog',
        description: 'Brown dog near the park',
        postType: 'community',
        status: 'active',
        location: JSON.stringify({ type: 'Point', coordinates: [72.5714, 23.0225] }),
        showLocation: 'true',
        tags: JSON.stringify(['#lost', 'dog']),
        userId: String(user.id),
        isBusinessPost: 'false',
      },
      [await jpegFile('media_0'), { field: 'media_1', name: 'b.png', type: 'image/png', bytes: await pngImage() }],
    );
    expect(res.statusCode).toBe(201);
    const post = res.json<Created>();
    expect(post.userName).toBe('Kavya Iyer');
    expect(post.location).toEqual({ x: 72.5714, y: 23.0225 });
    expect(post.tags).toEqual(['lost', 'dog']);
    expect(post.mediaUrls).toHaveLength(2);
    expect(post.thumbnailUrls).toHaveLength(2);
    for (const url of [...post.mediaUrls, ...post.thumbnailUrls]) {
      expect(url).toMatch(/^\/media\/posts\/\d{4}\/\d{2}\/[0-9a-f]{24}(-thumb)?\.jpg$/);
      const bytes = await fs.readFile(path.join(t.dataDir, url));
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect(bytes.includes(Buffer.from('PhoneMaker'))).toBe(false);
    }
    const thumb = await sharp(await fs.readFile(path.join(t.dataDir, post.thumbnailUrls[0]!))).metadata();
    expect([thumb.width, thumb.height]).toEqual([320, 320]);
    expect((await f.usage(user.id)).posts_count).toBe(1);
  });

  it('resizes large photos to fit 1920x1080', async () => {
    const user = await f.adult();
    const big = await sharp({ create: { width: 4000, height: 1000, channels: 3, background: '#336699' } })
      .jpeg({ quality: 30 })
      .toBuffer();
    const res = await create(user.token, { title: 'Wide' }, [{ field: 'media_0', name: 'w.jpg', type: 'image/jpeg', bytes: big }]);
    expect(res.statusCode).toBe(201);
    const meta = await sharp(await fs.readFile(path.join(t.dataDir, res.json<Created>().mediaUrls[0]!))).metadata();
    expect([meta.width, meta.height]).toEqual([1920, 480]);
  });

  it('refuses fake images, wrong types, too many and too large files', async () => {
    const user = await f.adult();
    const fake = { field: 'media_0', name: 'evil.jpg', type: 'image/jpeg', bytes: Buffer.from('<?php echo "hi"; ?> definitely a jpeg') };
    const fakeRes = await create(user.token, { title: 'x' }, [fake]);
    expect(fakeRes.statusCode).toBe(400);
    expect(fakeRes.json<{ error: { message: string } }>().error.message).toBe('Only image files are allowed');
    // Right magic bytes, broken body.
    const truncated = (await jpegWithGps()).subarray(0, 200);
    const truncatedRes = await create(user.token, { title: 'x' }, [{ field: 'media_0', name: 't.jpg', type: 'image/jpeg', bytes: truncated }]);
    expect(truncatedRes.statusCode).toBe(400);
    expect(truncatedRes.json<{ error: { message: string } }>().error.message).toBe('Error processing images');
    const five = await Promise.all(['media_0', 'media_1', 'media_2', 'media_3', 'media'].map((field) => jpegFile(field)));
    expect((await create(user.token, { title: 'x' }, five)).statusCode).toBe(400);
    const huge = { field: 'media_0', name: 'h.jpg', type: 'image/jpeg', bytes: Buffer.concat([await jpegWithGps(), Buffer.alloc(400 * 1024)]) };
    expect((await create(user.token, { title: 'x' }, [huge])).statusCode).toBe(413);
    const medium = { field: 'media_0', name: 'm.jpg', type: 'image/jpeg', bytes: Buffer.concat([await jpegWithGps(), Buffer.alloc(200 * 1024)]) };
    const total = await create(user.token, { title: 'x' }, [medium, { ...medium, field: 'media_1' }, { ...medium, field: 'media_2' }]);
    expect(total.statusCode).toBe(413);
    expect((await f.usage(user.id)).posts_count).toBe(0);
  });

  it('validates the text fields', async () => {
    const user = await f.adult();
    const other = await f.adult();
    const message = async (fields: Record<string, string>) => {
      const res = await create(user.token, fields);
      return { status: res.statusCode, message: res.json<{ error: { message: string } }>().error?.message };
    };
    expect((await message({})).status).toBe(400);
    expect((await message({ title: '   ' })).status).toBe(400);
    expect((await message({ title: 'x'.repeat(51) })).status).toBe(400);
    expect(await message({ description: 'x'.repeat(1001) })).toEqual({ status: 400, message: 'Description cannot exceed 1000 characters' });
    expect((await message({ title: 'ok', location: '{not json' })).status).toBe(400);
    expect((await message({ title: 'ok', location: JSON.stringify({ type: 'Point', coordinates: [200, 10] }) })).status).toBe(400);
    expect((await message({ title: 'ok', showLocation: 'yes' })).status).toBe(400);
    expect((await message({ title: 'ok', userId: String(other.id) })).status).toBe(403);
    const json = await t.app.inject({ method: 'POST', url: '/api/posts/post-create', headers: bearer(user.token), payload: { title: 'json' } });
    expect(json.statusCode).toBe(400);
    expect((await f.usage(user.id)).posts_count).toBe(0);
  });

  it('makes business posts take the category, the WhatsApp number and the business location', async () => {
    const shop = await f.business({ latitude: 23.05, longitude: 72.55, whatsapp: '9812345678', items: ['Kaju katli'] });
    const noCategory = await create(shop.token, { title: 'Diwali sale', isBusinessPost: 'true' });
    expect(noCategory.statusCode).toBe(400);
    expect(noCategory.json<{ error: { message: string } }>().error.message).toBe('Please select a category');
    const res = await create(shop.token, {
      title: 'Diwali sale',
      isBusinessPost: 'true',
      businessCategory: 'bakery',
      whatsappNumber: '9000000000',
      showLocation: 'false',
    });
    expect(res.statusCode).toBe(201);
    const post = res.json<Created & { hasCatalog: boolean }>();
    expect(post).toMatchObject({
      isBusinessPost: true,
      businessCategory: 'bakery',
      whatsappNumber: '9812345678',
      userName: 'Patel Sweets',
      showLocation: true,
      hasCatalog: true,
    });
    expect(post.location).toEqual({ x: 72.55, y: 23.05 });
    const plain = await f.adult();
    const refused = await create(plain.token, { title: 'Sale', isBusinessPost: 'true', businessCategory: 'bakery' });
    expect(refused.statusCode).toBe(403);
  });

  it('keeps a business post at a picked point inside the delivery range and refuses one outside it', async () => {
    const shop = await f.business({ latitude: 23.05, longitude: 72.55, rangeM: 3000, items: ['Kaju katli'] });
    const at = (longitude: number, latitude: number) => bakeryPostAt(shop.token, 'Stall at the fair', longitude, latitude);
    // ~2.2 km north of the shop: inside its 3 km range.
    const near = await at(72.55, 23.07);
    expect(near.statusCode).toBe(201);
    expect(near.json<Created>().location).toEqual({ x: 72.55, y: 23.07 });
    // Delhi: not where this shop serves. Refused with a code the app translates; nothing counted.
    const far = await at(77.2, 28.6);
    expect(far.statusCode).toBe(400);
    expect(far.json<{ error: { code: string; field: string } }>().error).toMatchObject({ code: 'business_post_too_far', field: 'location' });
    expect((await f.usage(shop.id)).posts_count).toBe(1);

    // Without a delivery range (no catalog) the reach is LIMITS.businessPostReachM (5 km).
    const open = await f.business({ latitude: 23.05, longitude: 72.55 }); // no catalog, so no range
    const fourKm = await bakeryPostAt(open.token, 'Stall', 72.55, 23.086);
    expect(fourKm.statusCode).toBe(201);
    const sixKm = await bakeryPostAt(open.token, 'Stall', 72.55, 23.105);
    expect(sixKm.statusCode).toBe(400);
  });

  it('enforces the daily post limit with SPEC.md message and leaves the counter alone when refused', async () => {
    const user = await f.adult();
    for (let i = 0; i < 3; i++) expect((await create(user.token, { title: `post ${i}` })).statusCode).toBe(201);
    const refused = await create(user.token, { title: 'one too many' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe("You've reached your daily post limit of 3 posts");
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await f.usage(user.id)).posts_count).toBe(3);
    const limits = await t.app.inject({ method: 'GET', url: `/api/posts/user-interaction/${user.id}`, headers: bearer(user.token) });
    expect(limits.json()).toEqual({ dailyLikeLimit: 100, dailyCommentLimit: 50, dailyPostLimit: 3, usedLikeCount: 0, usedCommentCount: 0, usedPostCount: 3 });
    // Midnight in India resets the day.
    t.clock.advance(24 * 3_600_000);
    expect((await create(user.token, { title: 'next day' })).statusCode).toBe(201);
  });

  it('is closed to users under 13', async () => {
    const child = await f.adult({ dob: '2016-03-03' });
    const res = await create(child.token, { title: 'hello' });
    expect(res.statusCode).toBe(403);
  });

  describe('iPhone HEIC photos (HEVC in HEIF, with EXIF GPS)', () => {
    const storedJpeg = async (url: string) => {
      const bytes = await fs.readFile(path.join(t.dataDir, url));
      return { bytes, meta: await sharp(bytes).metadata() };
    };
    const expectNoMetadata = ({ bytes, meta }: Awaited<ReturnType<typeof storedJpeg>>) => {
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(bytes.includes(FIXTURE_GPS_LATITUDE_BYTES)).toBe(false);
      expect(bytes.includes(Buffer.from(FIXTURE_CAMERA_MODEL))).toBe(false);
      expect(bytes.includes(Buffer.from('GPS'))).toBe(false);
    };
    const storedFiles = () => fs.readdir(path.join(t.dataDir, 'media', 'posts'), { recursive: true }).catch(() => [] as string[]);

    it('accepts it as Safari sends it and as a generic upload, storing a metadata-free JPEG and a thumbnail', async () => {
      const user = await f.adult();
      const heic = await readPhotoFixture('photo.heic');
      expect(heic.includes(FIXTURE_GPS_LATITUDE_BYTES)).toBe(true);
      for (const type of ['image/heic', 'application/octet-stream']) {
        const res = await create(user.token, { title: 'Sunset' }, [{ field: 'media_0', name: 'IMG_4321.HEIC', type, bytes: heic }]);
        expect(res.statusCode).toBe(201);
        const post = res.json<Created>();
        const full = await storedJpeg(post.mediaUrls[0]!);
        expectNoMetadata(full);
        expect([full.meta.width, full.meta.height]).toEqual([640, 480]);
        const thumb = await storedJpeg(post.thumbnailUrls[0]!);
        expectNoMetadata(thumb);
        expect([thumb.meta.width, thumb.meta.height]).toEqual([320, 320]);
        // The media route serves what was stored, as a JPEG.
        const served = await t.app.inject({ method: 'GET', url: post.mediaUrls[0]! });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toMatch(/^image\/jpeg/);
      }
      expect((await f.usage(user.id)).posts_count).toBe(2);
    });

    it('recognises HEIC and HEIF by their bytes whatever the file is called or typed', async () => {
      const user = await f.adult();
      const heif = { field: 'media_0', name: 'IMG_0001.jpg', type: 'image/jpeg', bytes: await readPhotoFixture('photo.heif') };
      const heic = { field: 'media_1', name: 'notes.txt', type: 'text/plain', bytes: await readPhotoFixture('photo.heic') };
      const res = await create(user.token, { title: 'Two of the same' }, [heif, heic]);
      expect(res.statusCode).toBe(201);
      const post = res.json<Created>();
      expect(post.mediaUrls).toHaveLength(2);
      for (const url of post.mediaUrls) {
        const stored = await storedJpeg(url);
        expectNoMetadata(stored);
        expect([stored.meta.width, stored.meta.height]).toEqual([640, 480]);
      }
    });

    it('refuses a truncated HEIC with a clear 400, storing nothing and counting nothing', async () => {
      const user = await f.adult();
      const heic = await readPhotoFixture('photo.heic');
      const before = await storedFiles();
      const good = await jpegFile('media_0');
      const res = await create(user.token, { title: 'Cut short' }, [
        good,
        { field: 'media_1', name: 'IMG_1.HEIC', type: 'image/heic', bytes: heic.subarray(0, heic.length >> 1) },
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: { message: string; field: string } }>().error).toMatchObject({ message: 'Error processing images', field: 'media_1' });
      expect(await storedFiles()).toEqual(before);
      expect((await f.usage(user.id)).posts_count).toBe(0);
      const limits = await t.app.inject({ method: 'GET', url: `/api/posts/user-interaction/${user.id}`, headers: bearer(user.token) });
      expect(limits.json<{ usedPostCount: number }>().usedPostCount).toBe(0);
    });
  });
});
