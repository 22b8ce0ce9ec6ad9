import fs from 'node:fs/promises';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bearer, build } from '../../../test/build';
import { privateFilesIn, STORAGE_MODES } from '../../../test/private-files';
import { freshPlace, get, post, raiseSos } from '../../../test/sos-fixtures';
import { webmDurationMs } from '../../core/media/webm-duration';

/** Real recordings: Chromium's MediaRecorder (1,947 ms) and ffmpeg (3,508 ms), as two recorder starts. */
/** The first 48 bytes of chromium-mediarecorder.webm: the EBML header (DocType webm) and a Segment of unknown size. */
const WEBM_START = Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d42878104428581021853806701ffffffffffffff', 'hex');
const realRecording = (name: string) => fs.readFile(new URL(`../../core/media/fixtures/${name}.webm`, import.meta.url));

// The same behaviour with the chunks on local disk and in the S3 peer's private bucket.
describe.each(STORAGE_MODES)('SOS evidence (STORAGE=%s)', (mode) => {
  const files = privateFilesIn(mode);
  const t = build(() => files.env());

  /** The first bytes of a real MediaRecorder webm (Chromium's): its EBML header and the start of its Segment, then anything. */
  const header = Buffer.concat([WEBM_START, Buffer.from('first-cluster')]);
  /** An audio recording's first chunk: the same start, then one byte. */
  const audioHeader = (n: number) => Buffer.concat([WEBM_START, Buffer.from([n])]);
  const cluster = (n: number) => Buffer.from(`cluster-${n}-`.repeat(50));

  async function upload(
    token: string,
    eventId: number,
    sequence: number | string,
    body: Buffer,
    kind = 'video',
    contentType = 'video/webm;codecs=vp8,opus',
    recording?: number | string,
  ) {
    return t.app.inject({
      method: 'POST',
      url: `/api/sos/${eventId}/evidence?sequence=${sequence}&kind=${kind}${recording === undefined ? '' : `&recording=${recording}`}`,
      headers: { ...bearer(token), 'content-type': contentType },
      payload: body,
    });
  }

  async function ownEvent() {
    const victim = await t.factory.user();
    const token = await t.loginAs(victim);
    const eventId = (await raiseSos(t, token, freshPlace())).json().id as number;
    return { victim, token, eventId };
  }

  /** A second recorder's output: its own header (different bytes), then its own clusters. */
  const headerOf = (recording: number) => Buffer.concat([header, Buffer.from(`-recorder-${recording}`)]);
  const clusterOf = (recording: number, n: number) => Buffer.from(`r${recording}-cluster-${n}-`.repeat(40));
  const send = (token: string, eventId: number, recording: number, sequence: number, body: Buffer) =>
    upload(token, eventId, sequence, body, 'video', 'video/webm', recording);

  it('keeps each recorder start as its own recording, every one played back in order', async () => {
    const { token, eventId } = await ownEvent();
    // Recording 0 (an older client's default), then the page reloads mid-SOS: recording 1, then 2.
    expect((await upload(token, eventId, 0, headerOf(0))).statusCode).toBe(201);
    expect((await upload(token, eventId, 1, clusterOf(0, 1))).statusCode).toBe(201);
    for (const recording of [1, 2]) {
      const first = await send(token, eventId, recording, 0, headerOf(recording));
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({ kind: 'video', recording, sequence: 0 });
      expect((await send(token, eventId, recording, 1, clusterOf(recording, 1))).statusCode).toBe(201);
    }
    const last = await send(token, eventId, 2, 2, clusterOf(2, 2));
    // Every answer says what the server holds: the count the screen shows.
    expect(last.json().held).toEqual({ chunks: 7, sizeBytes: expect.any(Number), recordings: 3 });

    const list = (await get(t, token, `/api/sos/${eventId}/evidence`)).json();
    expect(list.recordings.map((r: { recording: number; chunks: number; complete: boolean }) => [r.recording, r.chunks, r.complete])).toEqual([
      [0, 2, true],
      [1, 2, true],
      [2, 3, true],
    ]);
    expect(list.held).toEqual(last.json().held);
    const expected = [
      [headerOf(0), clusterOf(0, 1)],
      [headerOf(1), clusterOf(1, 1)],
      [headerOf(2), clusterOf(2, 1), clusterOf(2, 2)],
    ];
    for (const [index, recording] of list.recordings.entries()) {
      const play = await get(t, token, recording.url);
      expect(play.statusCode).toBe(200);
      expect(play.headers['content-type']).toBe('video/webm');
      // Each recording is a webm of its own: it starts with its header and holds only its chunks.
      expect(play.rawPayload.subarray(0, 4).equals(header.subarray(0, 4))).toBe(true);
      expect(play.rawPayload.equals(Buffer.concat(expected[index]!))).toBe(true);
      expect(Number(play.headers['content-length'])).toBe(recording.sizeBytes);
    }
    // The file older clients know is the first recording, never recordings glued together.
    expect((await get(t, token, `/api/sos/${eventId}/evidence/video.webm`)).rawPayload.equals(Buffer.concat(expected[0]!))).toBe(true);
    expect((await get(t, token, `/api/sos/${eventId}/evidence/recordings/3/video.webm`)).statusCode).toBe(404);
    expect((await get(t, token, `/api/sos/${eventId}/evidence/recordings/1/audio.webm`)).statusCode).toBe(404);
    expect(await files.keysUnder(t, `evidence/${eventId}/`)).toHaveLength(7);
  });

  it('plays every second of real recordings back, each from its own header, after a restart', async () => {
    const { token, eventId } = await ownEvent();
    const recordings = [
      { bytes: await realRecording('chromium-mediarecorder'), durationMs: 1947 },
      { bytes: await realRecording('ffmpeg-libvpx'), durationMs: 3508 },
    ];
    for (const [recording, { bytes }] of recordings.entries()) {
      // Timeslices cut anywhere in the stream, as MediaRecorder's are.
      for (let offset = 0, sequence = 0; offset < bytes.length; offset += 7000, sequence++) {
        expect((await send(token, eventId, recording, sequence, bytes.subarray(offset, offset + 7000))).statusCode).toBe(201);
      }
    }
    const list = (await get(t, token, `/api/sos/${eventId}/evidence`)).json();
    expect(list.recordings).toHaveLength(2);
    for (const [index, recording] of list.recordings.entries()) {
      const play = await get(t, token, recording.url);
      expect(play.rawPayload.equals(recordings[index]!.bytes)).toBe(true);
      expect(await webmDurationMs([play.rawPayload])).toBe(recordings[index]!.durationMs);
    }
  });

  it('answers a retried chunk as saved, and refuses a restarted recorder over a held number without changing anything', async () => {
    const { token, eventId } = await ownEvent();
    expect((await send(token, eventId, 1, 0, headerOf(1))).statusCode).toBe(201);
    expect((await send(token, eventId, 1, 1, clusterOf(1, 1))).statusCode).toBe(201);
    // The answer was lost and the phone sends chunk 1 again: saved, counted once.
    const retried = await send(token, eventId, 1, 1, clusterOf(1, 1));
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ recording: 1, sequence: 1, held: { chunks: 2, recordings: 1 } });
    // Two retries at once (a second tab, a service worker replay): one write, both answered as saved.
    const racing = await Promise.all([send(token, eventId, 1, 2, clusterOf(1, 2)), send(token, eventId, 1, 2, clusterOf(1, 2))]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 201]);

    // What the bug did: a new recorder numbered from 0 again, into the same recording.
    const before = await files.keysUnder(t, `evidence/${eventId}/`);
    for (const [sequence, body] of [
      [0, headerOf(9)],
      [1, clusterOf(9, 1)],
    ] as const) {
      const clash = await send(token, eventId, 1, sequence, body);
      expect([clash.statusCode, clash.json().error.code]).toEqual([409, 'evidence_chunk_exists']);
    }
    expect(await files.keysUnder(t, `evidence/${eventId}/`)).toEqual(before);
    const play = await get(t, token, `/api/sos/${eventId}/evidence/recordings/1/video.webm`);
    expect(play.rawPayload.equals(Buffer.concat([headerOf(1), clusterOf(1, 1), clusterOf(1, 2)]))).toBe(true);
    // The restarted recorder moves to a free number and is kept whole.
    expect((await send(token, eventId, 2, 0, headerOf(9))).statusCode).toBe(201);
    expect((await get(t, token, `/api/sos/${eventId}/evidence`)).json().held).toMatchObject({ chunks: 4, recordings: 2 });
  });

  it('refuses bad recording numbers, strangers and missing tokens with a 4xx, storing nothing', async () => {
    const { token, eventId } = await ownEvent();
    for (const recording of ['-1', 'abc', '1.5', '1001', '']) {
      const bad = await upload(token, eventId, 0, header, 'video', 'video/webm', recording);
      expect([recording, bad.statusCode]).toEqual([recording, recording === '' ? 201 : 400]);
      if (recording === '') continue;
      expect(bad.json().error.field).toMatch(/recording/);
    }
    for (const sequence of ['-1', 'x', '2001']) expect((await upload(token, eventId, sequence, header, 'video', 'video/webm', 1)).statusCode).toBe(400);
    // A later recording must start with a webm header too.
    const headless = await send(token, eventId, 3, 0, clusterOf(3, 0));
    expect([headless.statusCode, headless.json().error.code]).toEqual([400, 'not_webm']);
    const huge = await send(token, eventId, 3, 1, Buffer.alloc(8 * 1024 * 1024 + 1, 1));
    expect(huge.statusCode).toBe(413);

    const other = await t.loginAs(await t.factory.user());
    expect((await send(other, eventId, 5, 0, headerOf(5))).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/sos/${eventId}/evidence?sequence=0&kind=video&recording=6`,
      headers: { 'content-type': 'video/webm' },
      payload: headerOf(6),
    });
    expect(anonymous.statusCode).toBe(401);
    const strangerPlay = await get(t, other, `/api/sos/${eventId}/evidence/recordings/0/video.webm`);
    expect([strangerPlay.statusCode, strangerPlay.json().error.code]).toEqual([403, 'sos_not_yours']);
    expect(strangerPlay.rawPayload.includes(header)).toBe(false);
    for (const path of ['recordings/-1/video.webm', 'recordings/x/video.webm', 'recordings/0/image.webm']) {
      expect((await get(t, token, `/api/sos/${eventId}/evidence/${path}`)).statusCode).toBe(400);
    }
    // Only the one good upload (recording omitted: recording 0) is stored.
    const list = (await get(t, token, `/api/sos/${eventId}/evidence`)).json();
    expect(list.held).toEqual({ chunks: 1, sizeBytes: header.length, recordings: 1 });
    expect(await files.keysUnder(t, `evidence/${eventId}/`)).toHaveLength(1);
  });

  it('stores chunks and plays them back to the owner as one webm, in order', async () => {
    const { token, eventId } = await ownEvent();
    expect((await upload(token, eventId, 0, header)).statusCode).toBe(201);
    // Out of order arrival (a retry) still plays in sequence order.
    expect((await upload(token, eventId, 2, cluster(2))).statusCode).toBe(201);
    expect((await upload(token, eventId, 1, cluster(1), 'video', 'application/octet-stream')).statusCode).toBe(201);
    expect((await upload(token, eventId, 0, audioHeader(1), 'audio', 'audio/webm')).statusCode).toBe(201);

    const list = (await get(t, token, `/api/sos/${eventId}/evidence`)).json();
    expect(list.chunks.map((c: { kind: string; sequence: number }) => `${c.kind}:${c.sequence}`)).toEqual(['audio:0', 'video:0', 'video:1', 'video:2']);
    expect(list.chunks.every((c: { recording: number }) => c.recording === 0)).toBe(true);
    expect(list.recordings).toEqual([
      expect.objectContaining({
        kind: 'audio',
        recording: 0,
        url: `/api/sos/${eventId}/evidence/recordings/0/audio.webm`,
        chunks: 1,
        sizeBytes: audioHeader(1).length,
        complete: true,
      }),
      expect.objectContaining({
        kind: 'video',
        recording: 0,
        url: `/api/sos/${eventId}/evidence/recordings/0/video.webm`,
        chunks: 3,
        sizeBytes: header.length + cluster(1).length + cluster(2).length,
        complete: true,
      }),
    ]);
    expect(list.held).toEqual({ chunks: 4, sizeBytes: audioHeader(1).length + header.length + cluster(1).length + cluster(2).length, recordings: 2 });

    const play = await get(t, token, `/api/sos/${eventId}/evidence/video.webm`);
    expect(play.statusCode).toBe(200);
    expect(play.headers['content-type']).toBe('video/webm');
    expect(play.rawPayload.equals(Buffer.concat([header, cluster(1), cluster(2)]))).toBe(true);

    const rows = await t.db
      .selectFrom('media_objects')
      .select(['kind', 'key', 'status', 'content_type', 'size_bytes'])
      .where('key', 'like', `evidence/${eventId}/%`)
      .orderBy('key')
      .execute();
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.kind === 'sos_evidence' && r.status === 'ready')).toBe(true);
    const first = rows.find((r) => r.key.startsWith(`evidence/${eventId}/video-0000-000000-`))!;
    expect([first.content_type, Number(first.size_bytes)]).toEqual(['video/webm', header.length]);
    expect((await files.stored(t, first.key))?.equals(header)).toBe(true);
    // Never readable but through the owner-checked API: not at a public media URL, not from the bucket unsigned.
    for (const row of rows) await files.expectPrivate(t, row.key);
    expect((await t.app.inject({ method: 'GET', url: `/media/%65vidence/${first.key.slice(9)}` })).statusCode).toBe(404);
  });

  it('plays a long recording back from the store in order, byte for byte', async () => {
    const { token, eventId } = await ownEvent();
    const parts = [Buffer.concat([header, Buffer.alloc(700_000, 1)]), Buffer.alloc(900_000, 2), Buffer.alloc(300_000, 3)];
    for (const [sequence, part] of parts.entries()) expect((await upload(token, eventId, sequence, part)).statusCode).toBe(201);
    const play = await get(t, token, `/api/sos/${eventId}/evidence/video.webm`);
    expect(play.statusCode).toBe(200);
    expect(play.headers['content-length']).toBe(String(parts.reduce((n, p) => n + p.length, 0)));
    expect(play.headers['cache-control']).toBe('private, no-store');
    expect(play.rawPayload.equals(Buffer.concat(parts))).toBe(true);
  });

  it('removes the stored chunk when its record cannot be written', async () => {
    const { token, eventId } = await ownEvent();
    expect((await upload(token, eventId, 0, header)).statusCode).toBe(201);
    // The database refuses chunk 99 the way it refuses a duplicate, after the bytes were stored.
    await sql`CREATE OR REPLACE FUNCTION refuse_chunk_99() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.sequence = 99 THEN RAISE EXCEPTION 'refused' USING ERRCODE = 'unique_violation'; END IF; RETURN NEW; END $$`.execute(t.db);
    await sql`CREATE OR REPLACE TRIGGER refuse_chunk_99 BEFORE INSERT ON sos_evidence_chunks FOR EACH ROW EXECUTE FUNCTION refuse_chunk_99()`.execute(t.db);
    const refused = await upload(token, eventId, 99, cluster(99));
    expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'evidence_chunk_exists']);
    const keys = await files.keysUnder(t, `evidence/${eventId}/`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(new RegExp(`^evidence/${eventId}/video-0000-000000-[0-9a-f]{12}\\.webm$`));
  });

  it('deleting the account deletes its recordings from the store', async () => {
    const { victim, token, eventId } = await ownEvent();
    expect((await upload(token, eventId, 0, header)).statusCode).toBe(201);
    expect((await upload(token, eventId, 0, audioHeader(2), 'audio', 'audio/webm')).statusCode).toBe(201);
    expect(await files.keysUnder(t, `evidence/${eventId}/`)).toHaveLength(2);
    expect((await t.app.inject({ method: 'POST', url: '/api/users/me/deletion-code', headers: bearer(token) })).statusCode).toBe(200);
    const code = t.sms.lastCode(victim.phoneNumber);
    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/users/me', headers: bearer(token), payload: { code } });
    expect(deleted.statusCode).toBe(200);
    expect(await files.keysUnder(t, `evidence/${eventId}/`)).toEqual([]);
  });

  it('accepts the same chunk again (a retried upload) but not different bytes under its number', async () => {
    const { token, eventId } = await ownEvent();
    expect((await upload(token, eventId, 0, header)).statusCode).toBe(201);
    expect((await upload(token, eventId, 0, header)).statusCode).toBe(200);
    const clash = await upload(token, eventId, 0, Buffer.concat([header, Buffer.from('x')]));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.code).toBe('evidence_chunk_exists');
  });

  it('checks the first chunk is a webm, the size, the kind and the body', async () => {
    const { token, eventId } = await ownEvent();
    const notWebm = await upload(token, eventId, 0, Buffer.from('%PDF-1.7 definitely not a video'));
    expect(notWebm.statusCode).toBe(400);
    expect(notWebm.json().error.code).toBe('not_webm');
    expect((await upload(token, eventId, 0, header, 'image')).statusCode).toBe(400);
    expect((await upload(token, eventId, 0, header, 'video', 'image/png')).statusCode).toBe(415);
    const tooBig = await upload(token, eventId, 1, Buffer.alloc(8 * 1024 * 1024 + 1, 1));
    expect(tooBig.statusCode).toBe(413);
  });

  it('is for the owner only, during the event and shortly after', async () => {
    const { token, eventId } = await ownEvent();
    await upload(token, eventId, 0, header);
    const other = await t.loginAs(await t.factory.user());
    expect((await upload(other, eventId, 1, cluster(1))).statusCode).toBe(403);
    expect((await get(t, other, `/api/sos/${eventId}/evidence`)).statusCode).toBe(403);
    // A stranger gets the same refusal in either storage mode, and not a byte of the recording.
    const stranger = await get(t, other, `/api/sos/${eventId}/evidence/video.webm`);
    expect([stranger.statusCode, stranger.json().error.code]).toEqual([403, 'sos_not_yours']);
    expect(stranger.rawPayload.includes(header)).toBe(false);
    expect(stranger.headers['content-type']).toMatch(/^application\/json/);
    expect((await get(t, other, '/api/sos/99999999/evidence')).statusCode).toBe(404);
    expect((await get(t, token, `/api/sos/${eventId}/evidence/audio.webm`)).statusCode).toBe(404);

    await post(t, token, `/api/sos/${eventId}/resolve`);
    t.clock.advance(60_000);
    expect((await upload(token, eventId, 1, cluster(1))).statusCode).toBe(201);
    t.clock.advance(20 * 60_000);
    const late = await upload(token, eventId, 2, cluster(2));
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('sos_closed_for_evidence');
  });
});
