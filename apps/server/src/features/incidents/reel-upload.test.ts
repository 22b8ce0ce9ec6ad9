import { createHmac } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bearer, build, TEST_AUTH_SECRET } from '../../../test/build';
import { RECORDED_DURATION_MS, recordedWebmBytes, WEBM_DURATION_MS, webmBytes } from '../../../test/uploads';
import { createLocalStorage } from '../../core/storage';
import { reelFixtures } from './incidents.fixtures';

// Small enough that a test can exceed it; the local upload route still takes post-sized files.
const MAX = 60_000;
const t = build({ REEL_MAX_BYTES: String(MAX) });
const f = reelFixtures(t);

const put = (url: string, headers: Record<string, string>, payload: Buffer) => t.app.inject({ method: 'PUT', url, headers, payload });
const fileOf = (videoUrl: string) =>
  path.join(
    t.dataDir,
    'media',
    ...videoUrl
      .split('?')[0]!
      .replace(/^\/api\/media-uploads\//, '')
      .split('/'),
  );
const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );

describe('recorded reel upload (local storage)', () => {
  it("presigns a webm PUT under the caller's prefix, stores it, registers it and serves it with ranges", async () => {
    const user = await f.user('Nisha Rao');
    const signed = await f.presign(user.token);
    expect(signed.presignedUrl).toMatch(new RegExp(`^/api/media-uploads/reels/${user.id}/[0-9a-f]{24}\\.webm\\?`));
    expect(signed.videoUrl).toBe(signed.presignedUrl.split('?')[0]);
    expect(signed.headers['content-type']).toBe('video/webm');
    const bytes = await webmBytes();
    expect((await put(signed.presignedUrl, signed.headers, bytes)).statusCode).toBe(200);

    const res = await f.call('POST', '/incidents/upload', user.token, { videoUrl: signed.videoUrl, latitude: '23.0225', longitude: '72.5714' });
    expect(res.statusCode).toBe(201);
    const reel = res.json<{ id: number; videoUrl: string; videoSource: string; durationMs: number | null; uploader: { name: string } }>();
    expect(reel.videoUrl).toBe(signed.videoUrl.replace('/api/media-uploads/', '/media/'));
    expect(reel).toMatchObject({ videoSource: 'normal', durationMs: WEBM_DURATION_MS, uploader: { name: 'Nisha Rao' } });
    const { rows } = await sql<{ lat: number }>`SELECT ST_Y(location::geometry) AS lat FROM incidents WHERE id = ${reel.id}`.execute(t.db);
    expect(rows[0]?.lat).toBeCloseTo(23.0225, 4);
    const feed = (await f.call('GET', '/incidents/reels', user.token)).json<{ id: number; durationMs: number | null }[]>();
    expect(feed[0]).toMatchObject({ id: reel.id, durationMs: WEBM_DURATION_MS });

    const whole = await t.app.inject({ method: 'GET', url: reel.videoUrl });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const range = await t.app.inject({ method: 'GET', url: reel.videoUrl, headers: { range: 'bytes=100-199' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 100-199/${bytes.length}`);
    expect(range.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
    expect(String(range.headers['content-type'])).toMatch(/^video\/webm/);

    // The public URL form is accepted too, and an absent object is refused.
    const again = await f.presign(user.token);
    const missing = await f.call('POST', '/incidents/upload', user.token, { videoUrl: again.videoUrl.replace('/api/media-uploads/', '/media/') });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: { code: 'video_missing', field: 'videoUrl' } });
  });

  it('records the length of a MediaRecorder file (no Duration, streamed Clusters), and refuses a header without frames', async () => {
    const user = await f.user();
    const signed = await f.presign(user.token);
    expect((await put(signed.presignedUrl, signed.headers, await recordedWebmBytes())).statusCode).toBe(200);
    const res = await f.call('POST', '/incidents/upload', user.token, { videoUrl: signed.videoUrl });
    expect(res.statusCode).toBe(201);
    const { id, durationMs } = res.json<{ id: number; durationMs: number }>();
    expect(durationMs).toBe(RECORDED_DURATION_MS);
    const row = await t.db.selectFrom('incidents').select('duration_ms').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.duration_ms).toBe(RECORDED_DURATION_MS);

    // A webm header and then nothing playable: a recording cut short, refused before it is stored.
    const headerOnly = await f.presign(user.token);
    const head = (await webmBytes()).subarray(0, 0x30);
    const cut = await put(headerOnly.presignedUrl, headerOnly.headers, head);
    expect([cut.statusCode, cut.json().error.code]).toEqual([400, 'video_incomplete']);
    expect(await exists(fileOf(headerOnly.videoUrl))).toBe(false);
    const empty = await f.call('POST', '/incidents/upload', user.token, { videoUrl: headerOnly.videoUrl });
    expect(empty.json()).toMatchObject({ error: { code: 'video_missing' } });
  });

  it('presigns only video/webm', async () => {
    const user = await f.user();
    for (const type of ['video/mp4', 'text/html', 'image/jpeg']) {
      const res = await f.call('GET', `/incidents/get-presigned-url?fileName=a&contentType=${encodeURIComponent(type)}`, user.token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { field: 'contentType' } });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/incidents/get-presigned-url?contentType=video/webm' })).statusCode).toBe(401);
  });

  it('refuses tampered, expired and wrongly typed uploads; nothing is stored', async () => {
    const user = await f.user();
    const bytes = await webmBytes();
    const signed = await f.presign(user.token);
    const tampered = signed.presignedUrl.replace(/signature=([0-9a-f])/, (_m, c: string) => `signature=${c === '0' ? '1' : '0'}`);
    expect((await put(tampered, signed.headers, bytes)).statusCode).toBe(403);
    const otherKey = signed.presignedUrl.replace(/\/([0-9a-f]{24})\.webm/, '/aaaaaaaaaaaaaaaaaaaaaaaa.webm');
    expect((await put(otherKey, signed.headers, bytes)).statusCode).toBe(403);
    expect((await put(signed.presignedUrl, { ...signed.headers, 'content-type': 'text/html' }, bytes)).statusCode).toBe(400);

    // A link signed with the server's key an hour ago that expired a minute later.
    const uploadSecret = createHmac('sha256', TEST_AUTH_SECRET).update('saathi media uploads').digest('hex');
    const past = createLocalStorage(path.join(t.dataDir, 'media'), { uploadSecret, now: () => new Date(Date.now() - 3_600_000) });
    const key = signed.videoUrl.replace('/api/media-uploads/', '');
    const expired = await past.presignPut(key, 'video/webm', 60);
    expect((await put(expired.url, expired.headers, bytes)).statusCode).toBe(403);

    expect(await exists(fileOf(signed.videoUrl))).toBe(false);
    const before = await f.reelCount();
    expect((await f.call('POST', '/incidents/upload', user.token, { videoUrl: signed.videoUrl })).statusCode).toBe(400);
    expect(await f.reelCount()).toBe(before);
  });

  it("refuses someone else's object, foreign URLs, non-webm bytes, oversized files and bad coordinates", async () => {
    const owner = await f.user();
    const intruder = await f.user();
    const bytes = await webmBytes();
    const signed = await f.presign(owner.token);
    expect((await put(signed.presignedUrl, signed.headers, bytes)).statusCode).toBe(200);
    const before = await f.reelCount();

    const stolen = await f.call('POST', '/incidents/upload', intruder.token, { videoUrl: signed.videoUrl });
    expect(stolen.statusCode).toBe(403);
    expect(await exists(fileOf(signed.videoUrl))).toBe(true);

    for (const videoUrl of [
      'https://evil.example/media/reels/1/aaaaaaaaaaaaaaaaaaaaaaaa.webm',
      `${signed.videoUrl}?x=1`,
      '/media/posts/a.jpg',
      '/media/reels/../secrets.json',
    ]) {
      const res = await f.call('POST', '/incidents/upload', owner.token, { videoUrl });
      expect(res.statusCode).toBe(400);
    }
    for (const coords of [{ latitude: '95', longitude: '72' }, { latitude: 23, longitude: 190 }, { latitude: '23' }, { latitude: 'north', longitude: '72' }]) {
      expect((await f.call('POST', '/incidents/upload', owner.token, { videoUrl: signed.videoUrl, ...coords })).statusCode).toBe(400);
    }

    const fake = await f.presign(owner.token);
    const mp4Like = Buffer.concat([Buffer.from('000000186674797069736f6d', 'hex'), bytes.subarray(12)]);
    // The upload route checks the bytes before writing them (with S3 the registration does: reel-upload-s3.test.ts).
    const notWebm = await put(fake.presignedUrl, fake.headers, mp4Like);
    expect([notWebm.statusCode, notWebm.json().error.code]).toEqual([415, 'video_not_webm']);
    expect(await exists(fileOf(fake.videoUrl))).toBe(false);
    expect((await f.call('POST', '/incidents/upload', owner.token, { videoUrl: fake.videoUrl })).json()).toMatchObject({ error: { code: 'video_missing' } });

    const big = await f.presign(owner.token);
    const oversized = Buffer.concat([bytes, Buffer.alloc(MAX - bytes.length + 1)]);
    const tooBig = await put(big.presignedUrl, big.headers, oversized);
    expect([tooBig.statusCode, tooBig.json().error.code]).toEqual([413, 'video_too_large']);
    expect(await exists(fileOf(big.videoUrl))).toBe(false);

    expect(await f.reelCount()).toBe(before);
    const ok = await t.app.inject({ method: 'POST', url: '/api/incidents/upload', headers: bearer(owner.token), payload: { videoUrl: signed.videoUrl } });
    expect(ok.statusCode).toBe(201);
  });
});
