import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bearer, build } from '../../../test/build';
import { privateFilesIn, STORAGE_MODES } from '../../../test/private-files';
import { freshPlace, get, post, raiseSos } from '../../../test/sos-fixtures';

// The same behaviour with the chunks on local disk and in the S3 peer's private bucket.
describe.each(STORAGE_MODES)('SOS evidence (STORAGE=%s)', (mode) => {
  const files = privateFilesIn(mode);
  const t = build(() => files.env());

  /** The first bytes of a real MediaRecorder webm: the EBML header id, then anything. */
  const header = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.from('webm-header-and-first-cluster')]);
  const cluster = (n: number) => Buffer.from(`cluster-${n}-`.repeat(50));

  async function upload(token: string, eventId: number, sequence: number, body: Buffer, kind = 'video', contentType = 'video/webm;codecs=vp8,opus') {
    return t.app.inject({
      method: 'POST',
      url: `/api/sos/${eventId}/evidence?sequence=${sequence}&kind=${kind}`,
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

  it('stores chunks and plays them back to the owner as one webm, in order', async () => {
    const { token, eventId } = await ownEvent();
    expect((await upload(token, eventId, 0, header)).statusCode).toBe(201);
    // Out of order arrival (a retry) still plays in sequence order.
    expect((await upload(token, eventId, 2, cluster(2))).statusCode).toBe(201);
    expect((await upload(token, eventId, 1, cluster(1), 'video', 'application/octet-stream')).statusCode).toBe(201);
    expect((await upload(token, eventId, 0, Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 1]), 'audio', 'audio/webm')).statusCode).toBe(201);

    const list = (await get(t, token, `/api/sos/${eventId}/evidence`)).json();
    expect(list.chunks.map((c: { kind: string; sequence: number }) => `${c.kind}:${c.sequence}`)).toEqual(['audio:0', 'video:0', 'video:1', 'video:2']);
    expect(list.recordings).toEqual([
      { kind: 'audio', url: `/api/sos/${eventId}/evidence/audio.webm`, chunks: 1, sizeBytes: 5 },
      { kind: 'video', url: `/api/sos/${eventId}/evidence/video.webm`, chunks: 3, sizeBytes: header.length + cluster(1).length + cluster(2).length },
    ]);

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
    const first = rows.find((r) => r.key.startsWith(`evidence/${eventId}/video-000000-`))!;
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
    expect(keys[0]).toMatch(new RegExp(`^evidence/${eventId}/video-000000-[0-9a-f]{12}\\.webm$`));
  });

  it('deleting the account deletes its recordings from the store', async () => {
    const { victim, token, eventId } = await ownEvent();
    expect((await upload(token, eventId, 0, header)).statusCode).toBe(201);
    expect((await upload(token, eventId, 0, Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 2]), 'audio', 'audio/webm')).statusCode).toBe(201);
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
