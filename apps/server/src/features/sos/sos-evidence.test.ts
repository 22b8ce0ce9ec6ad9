import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bearer, build } from '../../../test/build';
import { freshPlace, get, post, raiseSos } from '../../../test/sos-fixtures';

const t = build();

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

describe('SOS evidence', () => {
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

    const rows = await t.db.selectFrom('media_objects').select(['kind', 'key', 'status']).where('key', 'like', `evidence/${eventId}/%`).execute();
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.kind === 'sos_evidence' && r.status === 'ready')).toBe(true);
    const onDisk = await fs.readFile(path.join(t.dataDir, 'media', rows[0]!.key));
    expect(onDisk.length).toBeGreaterThan(0);
    // The public media route never serves evidence.
    expect((await t.app.inject({ method: 'GET', url: `/media/${rows[0]!.key}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/media/%65vidence/${rows[0]!.key.slice(9)}` })).statusCode).toBe(404);
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
    expect((await get(t, other, `/api/sos/${eventId}/evidence/video.webm`)).statusCode).toBe(403);
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
