import type { ModerationDecision, ModerationQueue, MyDecisions } from '@saathi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, build } from '../../../test/build';
import { communityFixtures } from '../posts/community.fixtures';

const t = build();
const c = communityFixtures(t);

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

type Caller = { id: number; token: string };
let plain: Caller, editor: Caller, moderator: Caller, admin: Caller, author: Caller, reporters: Caller[];

async function withRoles(roles: ('moderator' | 'admin' | 'editor')[], name: string): Promise<Caller> {
  const user = await t.factory.user({ name, roles, dob: '1990-05-17' });
  return { id: user.id, token: await t.loginAs(user) };
}

const notificationsOf = (userId: number) => t.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const auditOf = (action: string) =>
  t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action as never)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  plain = await c.adult({ name: 'Plain Person' });
  editor = await withRoles(['editor'], 'Newsroom Editor');
  moderator = await withRoles(['moderator'], 'Swati Deshmukh');
  admin = await withRoles(['admin'], 'Site Admin');
  author = await c.adult({ name: 'Kabir Shah' });
  await t.db.updateTable('users').set({ language: 'hi-IN' }).where('id', '=', author.id).execute();
  reporters = [await c.adult({ name: 'R One' }), await c.adult({ name: 'R Two' }), await c.adult({ name: 'R Three' })];
});

describe('who may use the moderation desk', () => {
  const deskCalls = [
    ['GET', '/moderation/queue', undefined],
    ['POST', '/moderation/decisions', { targetType: 'post', targetId: 1, action: 'remove', reason: 'x' }],
    ['POST', '/moderation/decisions', { targetType: 'bogus' }],
    ['POST', '/moderation/appeals/1/decide', { outcome: 'overturn', reason: 'x' }],
    ['POST', '/moderation/appeals/1/decide', {}],
  ] as const;

  it('no token: 401 on every call, the author calls too', async () => {
    for (const [method, url, body] of deskCalls) expect((await call(method, url, undefined, body)).statusCode, url).toBe(401);
    expect((await call('GET', '/moderation/decisions/mine')).statusCode).toBe(401);
    expect((await call('POST', '/moderation/appeals', undefined, { decisionId: 1, text: 'x' })).statusCode).toBe(401);
    expect((await call('POST', '/comments/1/report', undefined, { reason: 'spam' })).statusCode).toBe(401);
  });

  it('a plain user and an editor: 403 forbidden on every desk call, even with a bad body', async () => {
    for (const caller of [plain, editor]) {
      for (const [method, url, body] of deskCalls) {
        const res = await call(method, url, caller.token, body);
        expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(403);
        expect(res.json<{ error: { code: string } }>().error.code).toBe('forbidden');
      }
    }
    expect(await t.db.selectFrom('moderation_decisions').selectAll().execute()).toEqual([]);
  });

  it('a moderator and an admin read the queue', async () => {
    for (const caller of [moderator, admin]) expect((await call('GET', '/moderation/queue', caller.token)).statusCode).toBe(200);
  });
});

describe('reports, decisions and appeals', () => {
  let postId = 0;
  let commentId = 0;
  let decision: ModerationDecision;

  it('reports take the IT Rules reasons; an old or unknown reason is a 400 naming the field', async () => {
    postId = await c.post({ userId: author.id, title: 'Cheap phones', description: 'Buy now' });
    const old = await call('POST', `/posts/${postId}/report`, reporters[0]!.token, { reason: 'nudity' });
    expect(old.statusCode).toBe(400);
    expect(old.json<{ error: { field: string } }>().error.field).toBe('reason');
    for (const [i, reason] of (['spam', 'misinformation', 'spam'] as const).entries()) {
      const res = await call('POST', `/posts/${postId}/report`, reporters[i]!.token, { reason, details: i === 0 ? 'Same text in ten groups' : undefined });
      expect(res.statusCode).toBe(201);
    }
    // Three reports hide the post for everyone until a moderator decides.
    const post = await t.db.selectFrom('posts').select('status').where('id', '=', postId).executeTakeFirstOrThrow();
    expect(post.status).toBe('hidden');
  });

  it("comments are reported with the same reasons: not one's own, another person's is fine, a missing one 404", async () => {
    const other = await c.post({ userId: plain.id, description: 'A walk in the park' });
    commentId = (await call('POST', `/posts/${other}/comments`, author.token, { content: 'You are an idiot' })).json<{ id: number }>().id;
    expect((await call('POST', `/comments/${commentId}/report`, author.token, { reason: 'harassment' })).json<{ error: { code: string } }>().error.code).toBe(
      'own_comment_report',
    );
    const bad = await call('POST', `/comments/${commentId}/report`, plain.token, { reason: 'rude' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { field: string } }>().error.field).toBe('reason');
    expect((await call('POST', `/comments/${commentId}/report`, plain.token, { reason: 'harassment', details: 'Insults me' })).statusCode).toBe(201);
    expect((await call('POST', '/comments/999999/report', plain.token, { reason: 'harassment' })).statusCode).toBe(404);
  });

  it('the queue: intimate-image reports first, then oldest first, with counts, reasons, context and deadlines in India time', async () => {
    const reel = (
      await t.db
        .insertInto('incidents')
        .values({ title: 'Party', video_url: '/media/reels/x.webm', video_source: 'normal', uploader_id: plain.id })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    expect((await call('POST', `/incidents/reels/${reel}/report`, reporters[0]!.token, { reason: 'intimate_image' })).statusCode).toBe(201);
    // The post's first report at 20:00 UTC, 01:30 the next day in India.
    await t.db
      .updateTable('content_reports')
      .set({ created_at: new Date('2025-03-10T20:00:00Z') })
      .where('post_id', '=', postId)
      .execute();
    const queue = (await call('GET', '/moderation/queue', moderator.token)).json<ModerationQueue>();
    expect(queue.items.map((i) => `${i.targetType}:${i.targetId}`)).toEqual([`reel:${reel}`, `post:${postId}`, `comment:${commentId}`]);
    const [first, post, comment] = queue.items;
    expect(first!.intimateImage).toBe(true);
    expect(post).toMatchObject({
      status: 'hidden',
      reportCount: 3,
      reasons: [
        { reason: 'spam', count: 2 },
        { reason: 'misinformation', count: 1 },
      ],
      notes: ['Same text in ten groups'],
      title: 'Cheap phones',
      author: { id: author.id, name: 'Kabir Shah' },
      deadlines: { acknowledgeBy: '2025-03-12 01:30:00', resolveBy: '2025-03-26 01:30:00', acknowledgeOverdue: true, resolveOverdue: true },
    });
    expect(comment!.post?.text).toBe('A walk in the park');
    expect(comment!.comments.find((x) => x.reported)?.content).toBe('You are an idiot');
    // Clear the reel so the rest reads only the post and the comment.
    await t.db.updateTable('content_reports').set({ status: 'dismissed', reviewed_at: new Date() }).where('incident_id', '=', reel).execute();
  });

  it("a moderator's bad decision is a 400 naming the field and changes nothing; a missing item 404", async () => {
    const noDays = await call('POST', '/moderation/decisions', moderator.token, { targetType: 'post', targetId: postId, action: 'suspend', reason: 'Spam' });
    expect(noDays.statusCode).toBe(400);
    expect(noDays.json<{ error: { field: string } }>().error.field).toBe('suspendDays');
    const noReason = await call('POST', '/moderation/decisions', moderator.token, { targetType: 'post', targetId: postId, action: 'remove', reason: ' ' });
    expect(noReason.json<{ error: { field: string } }>().error.field).toBe('reason');
    const missing = await call('POST', '/moderation/decisions', moderator.token, { targetType: 'post', targetId: 999999, action: 'remove', reason: 'Spam' });
    expect(missing.statusCode).toBe(404);
    expect(await t.db.selectFrom('moderation_decisions').selectAll().execute()).toEqual([]);
    expect((await t.db.selectFrom('posts').select('status').where('id', '=', postId).executeTakeFirstOrThrow()).status).toBe('hidden');
  });

  it('remove: the post goes, reports close, the author is told in Hindi, each reporter once, all audited', async () => {
    const res = await call('POST', '/moderation/decisions', moderator.token, { targetType: 'post', targetId: postId, action: 'remove', reason: 'Spam links' });
    expect(res.statusCode).toBe(201);
    decision = res.json<ModerationDecision>();
    expect(decision).toMatchObject({ action: 'remove', reason: 'Spam links', appealable: true, appeal: null });
    expect((await t.db.selectFrom('posts').select('status').where('id', '=', postId).executeTakeFirstOrThrow()).status).toBe('removed');
    const told = await notificationsOf(author.id);
    expect(told.at(-1)).toMatchObject({ type: 'moderation.decision', title: 'आपकी पोस्ट हटा दी गई' });
    expect(told.at(-1)!.body).toContain('Spam links');
    for (const r of reporters) expect((await notificationsOf(r.id)).filter((n) => n.type === 'moderation.report')).toHaveLength(1);
    expect(await auditOf('moderation_decision')).toHaveLength(1);
    const queue = (await call('GET', '/moderation/queue', moderator.token)).json<ModerationQueue>();
    expect(queue.items.map((i) => i.targetType)).toEqual(['comment']);
  });

  it('only the author appeals, once; the deciding moderator cannot decide the appeal (409); another can, and reporters are not told again', async () => {
    const mine = (await call('GET', '/moderation/decisions/mine', author.token)).json<MyDecisions>();
    expect(mine.items.map((d) => d.id)).toEqual([decision.id]);
    expect((await call('GET', '/moderation/decisions/mine', plain.token)).json<MyDecisions>().items).toEqual([]);
    expect((await call('POST', '/moderation/appeals', plain.token, { decisionId: decision.id, text: 'Not spam' })).statusCode).toBe(404);
    const empty = await call('POST', '/moderation/appeals', author.token, { decisionId: decision.id, text: '  ' });
    expect(empty.json<{ error: { field: string } }>().error.field).toBe('text');
    const appeal = await call('POST', '/moderation/appeals', author.token, { decisionId: decision.id, text: 'These are my own phones' });
    expect(appeal.statusCode).toBe(201);
    const appealId = appeal.json<{ id: number }>().id;
    expect(
      (await call('POST', '/moderation/appeals', author.token, { decisionId: decision.id, text: 'Again' })).json<{ error: { code: string } }>().error.code,
    ).toBe('appeal_exists');
    const queue = (await call('GET', '/moderation/queue', admin.token)).json<ModerationQueue>();
    expect(queue.appeals.map((a) => a.id)).toEqual([appealId]);

    const same = await call('POST', `/moderation/appeals/${appealId}/decide`, moderator.token, { outcome: 'overturn', reason: 'ok' });
    expect(same.statusCode).toBe(409);
    expect(same.json<{ error: { code: string } }>().error.code).toBe('same_moderator');
    const decided = await call('POST', `/moderation/appeals/${appealId}/decide`, admin.token, { outcome: 'overturn', reason: 'A real seller' });
    expect(decided.statusCode).toBe(200);
    expect(decided.json<ModerationDecision>().appeal).toMatchObject({ status: 'overturned', decisionReason: 'A real seller' });
    expect((await t.db.selectFrom('posts').select('status').where('id', '=', postId).executeTakeFirstOrThrow()).status).toBe('active');
    expect((await call('POST', `/moderation/appeals/${appealId}/decide`, admin.token, { outcome: 'uphold', reason: 'x' })).statusCode).toBe(409);
    expect((await call('POST', '/moderation/appeals/999999/decide', admin.token, { outcome: 'uphold', reason: 'x' })).statusCode).toBe(404);
    expect((await notificationsOf(author.id)).at(-1)).toMatchObject({ type: 'moderation.appeal', title: 'आपकी अपील स्वीकार हुई' });
    for (const r of reporters) expect((await notificationsOf(r.id)).filter((n) => n.type === 'moderation.report')).toHaveLength(1);
    expect(await auditOf('moderation_appeal')).toHaveLength(1);
    expect(await auditOf('moderation_appeal_decision')).toHaveLength(1);
  });

  it('suspend N days: the author cannot post or comment (403 posting_suspended) until the end date; the comment is removed for readers', async () => {
    const res = await call('POST', '/moderation/decisions', moderator.token, {
      targetType: 'comment',
      targetId: commentId,
      action: 'suspend',
      reason: 'Insults',
      suspendDays: 3,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<ModerationDecision>().suspendedUntil).not.toBeNull();
    const open = await c.post({ userId: plain.id, description: 'Open thread' });
    const blocked = await call('POST', `/posts/${open}/comments`, author.token, { content: 'hello' });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json<{ error: { code: string; params: { until: string } } }>().error).toMatchObject({ code: 'posting_suspended' });
    const comments = (await call('GET', `/posts/${open}/comments`, plain.token)).json<{ id: number }[]>();
    expect(comments.map((x) => x.id)).not.toContain(commentId);
    t.clock.advance(3 * 86_400_000 + 1000);
    expect((await call('POST', `/posts/${open}/comments`, author.token, { content: 'hello again' })).statusCode).toBe(201);
  });
});
