import type { DeskReel } from '@saathi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../test/build';
import { deskFixtures } from './reels-desk.fixtures';

const t = build();
const f = deskFixtures(t);

let moderator = { id: 0, token: '' };
let admin = { id: 0, token: '' };
beforeAll(async () => {
  moderator = await f.user({ roles: ['moderator'] });
  admin = await f.user({ roles: ['admin'] });
});

describe('edit', () => {
  it("changes the title and caption of anyone's reel, hidden ones too, and audits before and after", async () => {
    const author = await f.user();
    const id = await f.reel({ uploaderId: author.id, title: 'Flood' });
    const res = await f.call('PATCH', `/moderation/reels/${id}`, moderator.token, { title: '  Flooded underpass  ', description: 'Take the bridge road' });
    expect(res.statusCode).toBe(200);
    expect(res.json<DeskReel>()).toMatchObject({ id, title: 'Flooded underpass', description: 'Take the bridge road', status: 'active' });
    const [row] = await f.auditOf(id);
    expect(row).toMatchObject({
      actor_id: moderator.id,
      actor_roles: ['user', 'moderator'],
      action: 'reel_edit',
      target_type: 'reel',
      before: { title: 'Flood', description: '' },
      after: { title: 'Flooded underpass', description: 'Take the bridge road' },
    });
    const hidden = await f.reel({ status: 'hidden' });
    expect((await f.call('PATCH', `/moderation/reels/${hidden}`, admin.token, { description: 'x' })).statusCode).toBe(200);
    const noChange = await f.call('PATCH', `/moderation/reels/${id}`, moderator.token, {});
    expect(noChange.statusCode).toBe(400);
    expect(noChange.json<{ error: { field: string } }>().error.field).toBe('title');
    expect((await f.call('PATCH', `/moderation/reels/${id}`, moderator.token, { title: 'x'.repeat(101) })).statusCode).toBe(400);
    expect((await f.call('PATCH', '/moderation/reels/999999', moderator.token, { title: 'x' })).statusCode).toBe(404);
    expect(await f.auditOf(id)).toHaveLength(1);
  });
});

describe('hide and restore', () => {
  it('hiding takes the reel out of the public feed, closes its open reports, audits, and tells a Hindi author in Hindi', async () => {
    const author = await f.user({ language: 'hi-IN' });
    const viewer = await f.user();
    const id = await f.reel({ uploaderId: author.id, title: 'बाढ़' });
    await f.call('POST', `/incidents/reels/${id}/report`, viewer.token, { reason: 'violence' });
    expect(await f.feedIds(viewer.token)).toContain(id);

    const hidden = await f.call('POST', `/moderation/reels/${id}/hide`, moderator.token, { reason: 'Shows a child’s face' });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json<DeskReel>()).toMatchObject({ id, status: 'hidden', hiddenReason: 'Shows a child’s face', reports: { count: 1, open: 0 } });
    expect(await f.feedIds(viewer.token)).not.toContain(id);
    expect(await f.feedIds(author.token)).not.toContain(id);
    // Gone for everyone: liking, commenting and reporting it answer as for no reel.
    expect((await f.call('POST', '/incidents/like-incident', viewer.token, { incidentId: id, isLiked: true })).statusCode).toBe(404);
    expect((await f.call('POST', `/incidents/reels/${id}/report`, (await f.user()).token, { reason: 'spam' })).statusCode).toBe(404);

    const notes = await f.notificationsOf(author.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: 'reel.hidden', title: 'आपकी रील छिपा दी गई' });
    expect(notes[0]!.body).toBe('एक मॉडरेटर ने आपकी रील "बाढ़" छिपा दी है। कारण: Shows a child’s face');

    const audit = await f.auditOf(id);
    expect(audit.map((a) => a.action)).toEqual(['reel_hide']);
    expect(audit[0]).toMatchObject({ actor_id: moderator.id, reason: 'Shows a child’s face', before: { status: 'active' }, after: { status: 'hidden' } });

    const again = await f.call('POST', `/moderation/reels/${id}/hide`, moderator.token, { reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect(await f.auditOf(id)).toHaveLength(1);
  });

  it('restoring brings it back to the feed, clears the reason, audits, and tells the author in their language', async () => {
    const author = await f.user({ language: 'gu-IN' });
    const id = await f.reel({ uploaderId: author.id, title: '' });
    expect((await f.call('POST', `/moderation/reels/${id}/restore`, moderator.token, { reason: 'Not hidden' })).statusCode).toBe(409);
    await f.call('POST', `/moderation/reels/${id}/hide`, moderator.token, { reason: 'Checking the source' });
    const restored = await f.call('POST', `/moderation/reels/${id}/restore`, admin.token, { reason: 'The source is confirmed' });
    expect(restored.statusCode).toBe(200);
    expect(restored.json<DeskReel>()).toMatchObject({ id, status: 'active', hiddenReason: null });
    expect(await f.feedIds(author.token)).toContain(id);
    const notes = await f.notificationsOf(author.id);
    expect(notes.map((n) => n.type)).toEqual(['reel.hidden', 'reel.restored']);
    // An untitled reel is named without empty quotes.
    expect(notes[1]).toMatchObject({ title: 'તમારી રીલ ફરી દેખાય છે', body: 'એક મોડરેટરે તમારી રીલ ફરી બતાવી છે. કારણ: The source is confirmed' });
    const audit = await f.auditOf(id);
    expect(audit.map((a) => [a.action, a.actor_id, a.reason])).toEqual([
      ['reel_hide', moderator.id, 'Checking the source'],
      ['reel_restore', admin.id, 'The source is confirmed'],
    ]);
    expect(audit[1]).toMatchObject({ actor_roles: ['user', 'admin'], before: { status: 'hidden' }, after: { status: 'active' } });
  });
});

describe('delete', () => {
  it('deletes the reel with its reports, audits what it was, and tells the author', async () => {
    const author = await f.user({ name: 'Kabir' });
    const viewer = await f.user();
    const id = await f.reel({ uploaderId: author.id, title: 'Spam reel' });
    await f.call('POST', `/incidents/reels/${id}/report`, viewer.token, { reason: 'spam' });
    const res = await f.call('POST', `/moderation/reels/${id}/delete`, moderator.token, { reason: 'Advertising' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: true });
    expect(await t.db.selectFrom('incidents').select('id').where('id', '=', id).execute()).toEqual([]);
    expect(await t.db.selectFrom('content_reports').select('id').where('incident_id', '=', id).execute()).toEqual([]);
    const [note] = await f.notificationsOf(author.id);
    expect(note).toMatchObject({
      type: 'reel.deleted',
      title: 'Your reel was deleted',
      body: 'A moderator deleted your reel "Spam reel". Reason: Advertising',
    });
    const [audit] = await f.auditOf(id);
    expect(audit).toMatchObject({
      action: 'reel_delete',
      reason: 'Advertising',
      before: { title: 'Spam reel', status: 'active', authorId: author.id },
      after: null,
    });
    expect((await f.call('POST', `/moderation/reels/${id}/delete`, moderator.token, { reason: 'again' })).statusCode).toBe(404);
  });
});

describe('add a hosted reel', () => {
  it('adds it by its 11-character id (or a link to it) in the moderator’s name, shows it in the feed, and audits', async () => {
    const res = await f.call('POST', '/moderation/reels', moderator.token, { videoId: ' dQw4w9WgXcQ ', title: 'Road safety', description: 'Wear a helmet' });
    expect(res.statusCode).toBe(201);
    const reel = res.json<DeskReel>();
    expect(reel).toMatchObject({
      videoSource: 'youtube',
      videoId: 'dQw4w9WgXcQ',
      title: 'Road safety',
      description: 'Wear a helmet',
      status: 'active',
      author: { id: moderator.id },
    });
    expect(await f.feedIds(moderator.token)).toContain(reel.id);
    const [audit] = await f.auditOf(reel.id);
    expect(audit).toMatchObject({
      action: 'reel_create',
      actor_id: moderator.id,
      before: null,
      after: { videoId: 'dQw4w9WgXcQ', title: 'Road safety', status: 'active' },
    });

    const link = await f.call('POST', '/moderation/reels', moderator.token, { videoId: 'https://www.youtube.com/shorts/abcdefghijk', title: 'Short' });
    expect(link.json<DeskReel>().videoId).toBe('abcdefghijk');
  });

  it('refuses an id that is not 11 characters of a video id, naming the field, and writes nothing', async () => {
    const before = await t.db.selectFrom('audit_log').select('id').execute();
    for (const videoId of ['dQw4w9WgXc', 'dQw4w9WgXcQQ', 'dQw4w9WgX!Q', 'https://example.com/watch?v=dQw4w9WgXcQ']) {
      const res = await f.call('POST', '/moderation/reels', moderator.token, { videoId, title: 'x' });
      expect(res.statusCode, videoId).toBe(400);
      expect(res.json<{ error: { field: string } }>().error.field).toBe('videoId');
    }
    const noTitle = await f.call('POST', '/moderation/reels', moderator.token, { videoId: 'dQw4w9WgXcQ', title: ' ' });
    expect(noTitle.json<{ error: { field: string } }>().error.field).toBe('title');
    expect(await t.db.selectFrom('audit_log').select('id').execute()).toHaveLength(before.length);
  });
});

describe('POST /incidents/reels/:id/report', () => {
  it('records one report per person; a second is 409, one’s own reel 400, an unknown reel 404, a bad reason 400', async () => {
    const author = await f.user();
    const reporter = await f.user();
    const id = await f.reel({ uploaderId: author.id });
    const first = await f.call('POST', `/incidents/reels/${id}/report`, reporter.token, { reason: 'hate', details: '  Slurs at 0:05  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ reported: true });
    const rows = await t.db.selectFrom('content_reports').select(['reporter_id', 'reason', 'details', 'status']).where('incident_id', '=', id).execute();
    expect(rows).toEqual([{ reporter_id: reporter.id, reason: 'hate', details: 'Slurs at 0:05', status: 'open' }]);

    const twice = await f.call('POST', `/incidents/reels/${id}/report`, reporter.token, { reason: 'spam' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ error: { code: string } }>().error.code).toBe('reel_already_reported');
    const own = await f.call('POST', `/incidents/reels/${id}/report`, author.token, { reason: 'spam' });
    expect(own.statusCode).toBe(400);
    expect(own.json<{ error: { code: string } }>().error.code).toBe('own_reel_report');
    const unknown = await f.call('POST', '/incidents/reels/999999/report', reporter.token, { reason: 'spam' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ error: { code: string } }>().error.code).toBe('reel_not_found');
    const bad = await f.call('POST', `/incidents/reels/${id}/report`, reporter.token, { reason: 'boring' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { field: string } }>().error.field).toBe('reason');
    expect((await f.call('POST', `/incidents/reels/${id}/report`, undefined, { reason: 'spam' })).statusCode).toBe(401);
    expect(await t.db.selectFrom('content_reports').select('id').where('incident_id', '=', id).execute()).toHaveLength(1);
  });
});
