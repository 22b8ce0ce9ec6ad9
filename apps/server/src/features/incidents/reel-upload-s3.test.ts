import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../test/build';
import { startS3Peer, type S3Peer } from '../../../test/s3-peer';
import { RECORDED_DURATION_MS, recordedWebmBytes, WEBM_DURATION_MS, webmBytes } from '../../../test/uploads';
import { createS3Storage } from '../../core/storage';
import { reelFixtures } from './incidents.fixtures';

// Started before the app is built (hooks run in order) and stopped after it closes.
let peer: S3Peer;
beforeAll(async () => {
  peer = await startS3Peer();
});
afterAll(async () => {
  await peer?.close();
});

const MAX = 60_000;
const t = build(() => ({ ...peer.env, REEL_MAX_BYTES: String(MAX) }));
const f = reelFixtures(t);

/** The browser's PUT straight to the bucket, with exactly the signed headers. */
const put = (url: string, headers: Record<string, string>, body: Buffer) => fetch(url, { method: 'PUT', headers, body: new Uint8Array(body) });

describe('recorded reel upload (STORAGE=s3)', () => {
  it('presigns a real S3 PUT, checks the object in the bucket and stores its URL without the query', async () => {
    const user = await f.user();
    const signed = await f.presign(user.token);
    expect(signed.presignedUrl).toMatch(new RegExp(`^${peer.endpoint}/${peer.bucket}/reels/${user.id}/[0-9a-f]{24}\\.webm\\?.*X-Amz-Signature=`));
    const bytes = await webmBytes();
    expect((await put(signed.presignedUrl, signed.headers, bytes)).status).toBe(200);
    const res = await f.call('POST', '/incidents/upload', user.token, { videoUrl: signed.videoUrl });
    expect(res.statusCode).toBe(201);
    const reel = res.json<{ videoUrl: string; durationMs: number | null }>();
    expect(reel.videoUrl).toBe(signed.videoUrl);
    expect(reel.durationMs).toBe(WEBM_DURATION_MS);
    const range = await fetch(reel.videoUrl, { headers: { range: 'bytes=0-3' } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer()).toString('hex')).toBe('1a45dfa3');
  });

  it("refuses a missing object, someone else's object, non-webm and oversized objects, and deletes the rejected ones", async () => {
    const owner = await f.user();
    const intruder = await f.user();
    const bytes = await webmBytes();
    const before = await f.reelCount();

    const signed = await f.presign(owner.token);
    expect((await f.call('POST', '/incidents/upload', owner.token, { videoUrl: signed.videoUrl })).statusCode).toBe(400);

    expect((await put(signed.presignedUrl, signed.headers, bytes)).status).toBe(200);
    expect((await f.call('POST', '/incidents/upload', intruder.token, { videoUrl: signed.videoUrl })).statusCode).toBe(403);

    const fake = await f.presign(owner.token);
    expect((await put(fake.presignedUrl, fake.headers, Buffer.from('<html>not a video</html>'))).status).toBe(200);
    expect((await f.call('POST', '/incidents/upload', owner.token, { videoUrl: fake.videoUrl })).statusCode).toBe(415);
    expect((await fetch(fake.videoUrl)).status).toBe(404);

    const big = await f.presign(owner.token);
    expect((await put(big.presignedUrl, big.headers, Buffer.concat([bytes, Buffer.alloc(MAX)]))).status).toBe(200);
    expect((await f.call('POST', '/incidents/upload', owner.token, { videoUrl: big.videoUrl })).statusCode).toBe(413);
    expect((await fetch(big.videoUrl)).status).toBe(404);

    expect(await f.reelCount()).toBe(before);
  });

  it('streams a MediaRecorder upload back from the bucket to record its length', async () => {
    const user = await f.user();
    const signed = await f.presign(user.token);
    expect((await put(signed.presignedUrl, signed.headers, await recordedWebmBytes())).status).toBe(200);
    const res = await f.call('POST', '/incidents/upload', user.token, { videoUrl: signed.videoUrl });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ durationMs: RECORDED_DURATION_MS });
  });

  it('the bucket refuses a tampered signature, another key, another type and an expired link; nothing is stored', async () => {
    const user = await f.user();
    const bytes = await webmBytes();
    const before = await f.reelCount();
    const signed = await f.presign(user.token);
    const refused = async (url: string, headers: Record<string, string>, code: string) => {
      const res = await put(url, headers, bytes);
      expect(res.status).toBe(403);
      expect(await res.text()).toContain(`<Code>${code}</Code>`);
    };

    const tampered = signed.presignedUrl.replace(/X-Amz-Signature=([0-9a-f])/, (_m, c: string) => `X-Amz-Signature=${c === '0' ? '1' : '0'}`);
    expect(tampered).not.toBe(signed.presignedUrl);
    await refused(tampered, signed.headers, 'SignatureDoesNotMatch');
    const otherKey = signed.presignedUrl.replace(/\/([0-9a-f]{24})\.webm\?/, '/aaaaaaaaaaaaaaaaaaaaaaaa.webm?');
    await refused(otherKey, signed.headers, 'SignatureDoesNotMatch');
    await refused(signed.presignedUrl, { ...signed.headers, 'content-type': 'text/html' }, 'SignatureDoesNotMatch');
    await refused(signed.videoUrl, signed.headers, 'AccessDenied');

    // The same key, signed by the server's own credentials an hour ago for one minute.
    if (t.config.storage.kind !== 's3') throw new Error('expected STORAGE=s3');
    const past = createS3Storage(t.config.storage.s3, { now: () => new Date(Date.now() - 3_600_000) });
    const key = new URL(signed.videoUrl).pathname.replace(`/${peer.bucket}/`, '');
    const expired = await past.presignPut(key, 'video/webm', 60);
    past.close();
    const res = await put(expired.url, expired.headers, bytes);
    expect(res.status).toBe(403);
    expect(await res.text()).toMatch(/<Code>AccessDenied<\/Code><Message>Request has expired<\/Message>/);

    for (const url of [signed.videoUrl, otherKey.split('?')[0]!]) expect((await fetch(url)).status).toBe(404);
    const register = await f.call('POST', '/incidents/upload', user.token, { videoUrl: signed.videoUrl });
    expect(register.json()).toMatchObject({ error: { code: 'video_missing' } });
    expect(await f.reelCount()).toBe(before);
    // The untouched link still works: the refusals were about the changes, not the link.
    expect((await put(signed.presignedUrl, signed.headers, bytes)).status).toBe(200);
  });
});
