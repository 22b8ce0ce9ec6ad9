import type { ModerationDecision, ModerationQueue, MyDecisions } from '@saathi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, build } from '../../../test/build';
import { communityFixtures } from '../../../test/community-fixtures';

const t = build();
const c = communityFixtures(t);

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

type Caller = { id: number; token: string };
/** Callers every test may use; each test makes the authors and items it acts on. */
let plain: Caller, editor: Caller, moderator: Caller, admin: Caller, reporters: Caller[];

async function withRoles(roles: ('moderator' | 'admin' | 'editor')[], name: string): Promise<Caller> {
  const user = await t.factory.user({ name, roles, dob: '1990-05-17' });
  return { id: user.id, token: await t.loginAs(user) };
}

const notificationsOf = (userId: number) => t.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('id').execute();
/** What one reporter was told about one item (a reporter hears of an item once). */
const reporterNoticesOf = (userId: number, targetType: 'post' | 'comment', targetId: number) =>
  t.db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('type', '=', 'moderation.report')
    .where('dedupe_key', '=', `moderation.report:${targetType}:${targetId}`)
    .execute();
/** Audit rows of one action about one target, oldest first. */
const auditOf = (action: string, targetType: string, targetId: number) =>
  t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action as never)
    .where('target_type', '=', targetType)
    .where('target_id', '=', String(targetId))
    .orderBy('id')
    .execute();
const decisionCount = async () => (await t.db.selectFrom('moderation_decisions').select('id').execute()).length;

const decide = (caller: Caller, body: Record<string, unknown>) => call('POST', '/moderation/decisions', caller.token, body);
const statusOf = async (table: 'posts' | 'post_comments', id: number) =>
  (await t.db.selectFrom(table).select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const queuePage = async (token: string, query = '') => (await call('GET', `/moderation/queue${query}`, token)).json<ModerationQueue>();
/** The queue's item for one target, from a page long enough for every item of this file. */
const queueItem = async (token: string, targetType: 'post' | 'comment' | 'reel', targetId: number) =>
  (await queuePage(token, '?limit=50')).items.find((i) => i.targetType === targetType && i.targetId === targetId);

/** An adult author whose app is in Hindi (what they are told comes in Hindi). */
async function hindiAuthor(name = 'Kabir Shah'): Promise<Caller> {
  const author = await c.adult({ name });
  await t.db.updateTable('users').set({ language: 'hi-IN' }).where('id', '=', author.id).execute();
  return author;
}

/** A post of `author` that the three reporters flagged (spam with a note, misinformation, spam): hidden until a moderator decides. */
async function reportedPost(author: Caller): Promise<number> {
  const postId = await c.post({ userId: author.id, title: 'Cheap phones', description: 'Buy now' });
  for (const [i, reason] of (['spam', 'misinformation', 'spam'] as const).entries()) {
    const res = await call('POST', `/posts/${postId}/report`, reporters[i]!.token, { reason, details: i === 0 ? 'Same text in ten groups' : undefined });
    expect(res.statusCode).toBe(201);
  }
  return postId;
}

/** A comment of `author` under someone else's post, reported once by `plain`. */
async function reportedComment(author: Caller): Promise<{ postId: number; commentId: number }> {
  const postId = await c.post({ userId: plain.id, description: 'A walk in the park' });
  const commentId = (await call('POST', `/posts/${postId}/comments`, author.token, { content: 'You are an idiot' })).json<{ id: number }>().id;
  expect((await call('POST', `/comments/${commentId}/report`, plain.token, { reason: 'harassment', details: 'Insults me' })).statusCode).toBe(201);
  return { postId, commentId };
}

/** A reported post of `author` that a moderator removed. */
async function removedPost(author: Caller): Promise<{ postId: number; decision: ModerationDecision }> {
  const postId = await reportedPost(author);
  const res = await decide(moderator, { targetType: 'post', targetId: postId, action: 'remove', reason: 'Spam links' });
  expect(res.statusCode).toBe(201);
  return { postId, decision: res.json<ModerationDecision>() };
}

beforeAll(async () => {
  plain = await c.adult({ name: 'Plain Person' });
  editor = await withRoles(['editor'], 'Newsroom Editor');
  moderator = await withRoles(['moderator'], 'Swati Deshmukh');
  admin = await withRoles(['admin'], 'Site Admin');
  reporters = [await c.adult({ name: 'R One' }), await c.adult({ name: 'R Two' }), await c.adult({ name: 'R Three' })];
});

describe('who may use the moderation desk', () => {
  const deskCalls = [
    ['GET', '/moderation/queue', undefined],
    ['POST', '/moderation/decisions', { targetType: 'post', targetId: 1, action: 'remove', reason: 'x' }],
    ['POST', '/moderation/decisions', { targetType: 'bogus' }],
    ['POST', '/moderation/appeals/1/decide', { outcome: 'overturn', reason: 'x' }],
    ['POST', '/moderation/appeals/1/decide', {}],
    ['POST', '/moderation/acknowledgements', { targetType: 'post', targetId: 1 }],
    ['POST', '/moderation/acknowledgements', { targetType: 'bogus' }],
    ['GET', '/moderation/queue?cursor=nonsense', undefined],
  ] as const;

  it('no token: 401 on every call, the author calls too', async () => {
    for (const [method, url, body] of deskCalls) expect((await call(method, url, undefined, body)).statusCode, url).toBe(401);
    expect((await call('GET', '/moderation/decisions/mine')).statusCode).toBe(401);
    expect((await call('POST', '/moderation/appeals', undefined, { decisionId: 1, text: 'x' })).statusCode).toBe(401);
    expect((await call('POST', '/comments/1/report', undefined, { reason: 'spam' })).statusCode).toBe(401);
  });

  it('a plain user and an editor: 403 forbidden on every desk call, even with a bad body', async () => {
    const decisionsBefore = await decisionCount();
    for (const caller of [plain, editor]) {
      for (const [method, url, body] of deskCalls) {
        const res = await call(method, url, caller.token, body);
        expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(403);
        expect(res.json<{ error: { code: string } }>().error.code).toBe('forbidden');
      }
    }
    expect(await decisionCount()).toBe(decisionsBefore);
  });

  it('a moderator and an admin read the queue', async () => {
    for (const caller of [moderator, admin]) expect((await call('GET', '/moderation/queue', caller.token)).statusCode).toBe(200);
  });
});

describe('reports, decisions and appeals', () => {
  it('reports take the IT Rules reasons; an old or unknown reason is a 400 naming the field', async () => {
    const author = await c.adult({ name: 'Kabir Shah' });
    const postId = await c.post({ userId: author.id, title: 'Cheap phones', description: 'Buy now' });
    const old = await call('POST', `/posts/${postId}/report`, reporters[0]!.token, { reason: 'nudity' });
    expect(old.statusCode).toBe(400);
    expect(old.json<{ error: { field: string } }>().error.field).toBe('reason');
    for (const [i, reason] of (['spam', 'misinformation', 'spam'] as const).entries()) {
      const res = await call('POST', `/posts/${postId}/report`, reporters[i]!.token, { reason, details: i === 0 ? 'Same text in ten groups' : undefined });
      expect(res.statusCode).toBe(201);
    }
    // Three reports hide the post for everyone until a moderator decides.
    expect(await statusOf('posts', postId)).toBe('hidden');
  });

  it("comments are reported with the same reasons: not one's own, another person's is fine, a missing one 404", async () => {
    const author = await c.adult({ name: 'Kabir Shah' });
    const other = await c.post({ userId: plain.id, description: 'A walk in the park' });
    const commentId = (await call('POST', `/posts/${other}/comments`, author.token, { content: 'You are an idiot' })).json<{ id: number }>().id;
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
    const author = await hindiAuthor();
    const postId = await reportedPost(author);
    const { commentId } = await reportedComment(author);
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
    // This test's three items, in the order the queue gives them among whatever else waits:
    // the reel was reported last, yet leads, because it is an intimate image.
    const mine = new Set([`reel:${reel}`, `post:${postId}`, `comment:${commentId}`]);
    const items = (await queuePage(moderator.token, '?limit=50')).items.filter((i) => mine.has(`${i.targetType}:${i.targetId}`));
    expect(items.map((i) => `${i.targetType}:${i.targetId}`)).toEqual([`reel:${reel}`, `post:${postId}`, `comment:${commentId}`]);
    const [first, post, comment] = items;
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
  });

  it("a moderator's bad decision is a 400 naming the field and changes nothing; a missing item 404", async () => {
    const postId = await reportedPost(await hindiAuthor());
    const decisionsBefore = await decisionCount();
    const noDays = await call('POST', '/moderation/decisions', moderator.token, { targetType: 'post', targetId: postId, action: 'suspend', reason: 'Spam' });
    expect(noDays.statusCode).toBe(400);
    expect(noDays.json<{ error: { field: string } }>().error.field).toBe('suspendDays');
    const noReason = await call('POST', '/moderation/decisions', moderator.token, { targetType: 'post', targetId: postId, action: 'remove', reason: ' ' });
    expect(noReason.json<{ error: { field: string } }>().error.field).toBe('reason');
    const missing = await call('POST', '/moderation/decisions', moderator.token, { targetType: 'post', targetId: 999999, action: 'remove', reason: 'Spam' });
    expect(missing.statusCode).toBe(404);
    expect(await decisionCount()).toBe(decisionsBefore);
    expect(await statusOf('posts', postId)).toBe('hidden');
  });

  it('remove: the post goes, reports close, the author is told in Hindi, each reporter once, all audited', async () => {
    const author = await hindiAuthor();
    const postId = await reportedPost(author);
    expect(await queueItem(moderator.token, 'post', postId)).toBeDefined();
    const res = await call('POST', '/moderation/decisions', moderator.token, { targetType: 'post', targetId: postId, action: 'remove', reason: 'Spam links' });
    expect(res.statusCode).toBe(201);
    const decision = res.json<ModerationDecision>();
    expect(decision).toMatchObject({ action: 'remove', reason: 'Spam links', appealable: true, appeal: null });
    expect(await statusOf('posts', postId)).toBe('removed');
    const told = await notificationsOf(author.id);
    expect(told.at(-1)).toMatchObject({ type: 'moderation.decision', title: 'आपकी पोस्ट हटा दी गई' });
    expect(told.at(-1)!.body).toContain('Spam links');
    for (const r of reporters) expect(await reporterNoticesOf(r.id, 'post', postId)).toHaveLength(1);
    expect(await auditOf('moderation_decision', 'post', postId)).toHaveLength(1);
    // Its reports are closed: the post has left the queue.
    expect(await queueItem(moderator.token, 'post', postId)).toBeUndefined();
  });

  it('only the author appeals, once; the deciding moderator cannot decide the appeal (409); another can, and reporters are not told again', async () => {
    const author = await hindiAuthor();
    const stranger = await c.adult({ name: 'Someone Else' });
    const { postId, decision } = await removedPost(author);
    const mine = (await call('GET', '/moderation/decisions/mine', author.token)).json<MyDecisions>();
    expect(mine.items.map((d) => d.id)).toEqual([decision.id]);
    expect((await call('GET', '/moderation/decisions/mine', stranger.token)).json<MyDecisions>().items).toEqual([]);
    expect((await call('POST', '/moderation/appeals', stranger.token, { decisionId: decision.id, text: 'Not spam' })).statusCode).toBe(404);
    const empty = await call('POST', '/moderation/appeals', author.token, { decisionId: decision.id, text: '  ' });
    expect(empty.json<{ error: { field: string } }>().error.field).toBe('text');
    const appeal = await call('POST', '/moderation/appeals', author.token, { decisionId: decision.id, text: 'These are my own phones' });
    expect(appeal.statusCode).toBe(201);
    const appealId = appeal.json<{ id: number }>().id;
    expect(
      (await call('POST', '/moderation/appeals', author.token, { decisionId: decision.id, text: 'Again' })).json<{ error: { code: string } }>().error.code,
    ).toBe('appeal_exists');
    const queue = (await call('GET', '/moderation/queue', admin.token)).json<ModerationQueue>();
    expect(queue.appeals.map((a) => a.id)).toContain(appealId);

    const same = await call('POST', `/moderation/appeals/${appealId}/decide`, moderator.token, { outcome: 'overturn', reason: 'ok' });
    expect(same.statusCode).toBe(409);
    expect(same.json<{ error: { code: string } }>().error.code).toBe('same_moderator');
    const decided = await call('POST', `/moderation/appeals/${appealId}/decide`, admin.token, { outcome: 'overturn', reason: 'A real seller' });
    expect(decided.statusCode).toBe(200);
    expect(decided.json<ModerationDecision>().appeal).toMatchObject({ status: 'overturned', decisionReason: 'A real seller' });
    expect(await statusOf('posts', postId)).toBe('active');
    expect((await call('POST', `/moderation/appeals/${appealId}/decide`, admin.token, { outcome: 'uphold', reason: 'x' })).statusCode).toBe(409);
    expect((await call('POST', '/moderation/appeals/999999/decide', admin.token, { outcome: 'uphold', reason: 'x' })).statusCode).toBe(404);
    expect((await notificationsOf(author.id)).at(-1)).toMatchObject({ type: 'moderation.appeal', title: 'आपकी अपील स्वीकार हुई' });
    for (const r of reporters) expect(await reporterNoticesOf(r.id, 'post', postId)).toHaveLength(1);
    expect(await auditOf('moderation_appeal', 'moderation_decision', decision.id)).toHaveLength(1);
    expect(await auditOf('moderation_appeal_decision', 'moderation_decision', decision.id)).toHaveLength(1);
  });

  it('suspend N days with removal chosen: the author cannot post or comment (403 posting_suspended) until the end date; the comment is removed for readers', async () => {
    const author = await c.adult({ name: 'Kabir Shah' });
    const { commentId } = await reportedComment(author);
    const res = await call('POST', '/moderation/decisions', moderator.token, {
      targetType: 'comment',
      targetId: commentId,
      action: 'suspend',
      reason: 'Insults',
      suspendDays: 3,
      removeItem: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<ModerationDecision>()).toMatchObject({ action: 'suspend', removedItem: true });
    expect(res.json<ModerationDecision>().suspendedUntil).not.toBeNull();
    expect(await statusOf('post_comments', commentId)).toBe('removed');
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

describe('acknowledging a report (IT Rules 2021: within 24 hours)', () => {
  it('marks the item acknowledged by whom and when, audited, which stops the 24-hour overdue mark; twice is a 409', async () => {
    const writer = await c.adult({ name: 'Meera Iyer' });
    const postId = await c.post({ userId: writer.id, title: 'Rent scam?', description: 'Pay the deposit to this number' });
    expect((await call('POST', `/posts/${postId}/report`, reporters[0]!.token, { reason: 'misinformation' })).statusCode).toBe(201);
    // The report came in 30 hours ago: past the 24-hour acknowledgement.
    const reportedAt = new Date(t.clock.now().getTime() - 30 * 3_600_000);
    await t.db.updateTable('content_reports').set({ created_at: reportedAt }).where('post_id', '=', postId).execute();
    const before = await queueItem(moderator.token, 'post', postId);
    expect(before).toMatchObject({ acknowledged: null, unacknowledgedReports: 1, deadlines: { acknowledgeOverdue: true, resolveOverdue: false } });

    const missing = await call('POST', '/moderation/acknowledgements', moderator.token, { targetType: 'post', targetId: 999999 });
    expect([missing.statusCode, missing.json<{ error: { code: string } }>().error.code]).toEqual([404, 'post_not_found']);
    const bad = await call('POST', '/moderation/acknowledgements', moderator.token, { targetType: 'post', targetId: 'x' });
    expect([bad.statusCode, bad.json<{ error: { field: string } }>().error.field]).toEqual([400, 'targetId']);

    const res = await call('POST', '/moderation/acknowledgements', moderator.token, { targetType: 'post', targetId: postId });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ acknowledged: 1, by: moderator.id, at: t.clock.now().toISOString() });
    const after = await queueItem(admin.token, 'post', postId);
    expect(after).toMatchObject({
      acknowledged: { by: { id: moderator.id, name: 'Swati Deshmukh' }, at: t.clock.now().toISOString() },
      unacknowledgedReports: 0,
      deadlines: { acknowledgeOverdue: false },
    });
    expect((await auditOf('moderation_acknowledge', 'post', postId)).map((a) => [a.actor_id, a.target_type, a.target_id, a.after])).toEqual([
      [moderator.id, 'post', String(postId), { acknowledgedReports: 1, openReports: 1 }],
    ]);
    const again = await call('POST', '/moderation/acknowledgements', admin.token, { targetType: 'post', targetId: postId });
    expect([again.statusCode, again.json<{ error: { code: string } }>().error.code]).toEqual([409, 'conflict']);
    expect(await auditOf('moderation_acknowledge', 'post', postId)).toHaveLength(1);
  });

  it('a report after the acknowledgement waits for its own; a decision acknowledges what it closes', async () => {
    const writer = await c.adult({ name: 'Meera Iyer' });
    const postId = await c.post({ userId: writer.id, title: 'Rent scam?', description: 'Pay the deposit to this number' });
    expect((await call('POST', `/posts/${postId}/report`, reporters[0]!.token, { reason: 'misinformation' })).statusCode).toBe(201);
    expect((await call('POST', '/moderation/acknowledgements', moderator.token, { targetType: 'post', targetId: postId })).statusCode).toBe(201);
    expect((await call('POST', `/posts/${postId}/report`, reporters[1]!.token, { reason: 'spam' })).statusCode).toBe(201);
    // It came in an hour ago (on the app's clock): 23 hours remain.
    await t.db
      .updateTable('content_reports')
      .set({ created_at: new Date(t.clock.now().getTime() - 3_600_000) })
      .where('post_id', '=', postId)
      .where('reporter_id', '=', reporters[1]!.id)
      .execute();
    const item = await queueItem(moderator.token, 'post', postId);
    expect(item).toMatchObject({
      reportCount: 2,
      unacknowledgedReports: 1,
      acknowledged: { by: { id: moderator.id } },
      deadlines: { acknowledgeOverdue: false },
    });
    const res = await decide(admin, { targetType: 'post', targetId: postId, action: 'remove', reason: 'Rent scam' });
    expect(res.statusCode).toBe(201);
    const reports = await t.db.selectFrom('content_reports').select(['acknowledged_by', 'status']).where('post_id', '=', postId).orderBy('id').execute();
    expect(reports).toEqual([
      { acknowledged_by: moderator.id, status: 'actioned' },
      { acknowledged_by: admin.id, status: 'actioned' },
    ]);
  });
});

describe('warn and suspend act on the author; the item comes down only when the moderator chooses it', () => {
  it('warn: a hidden post comes back up, the author reads a warning, reporters hear action was taken; an appeal cancels it without touching the post', async () => {
    const writer = await c.adult({ name: 'Arjun Rao' });
    const hiddenPost = await c.post({ userId: writer.id, title: 'Loud protest', description: 'Meet at the gate' });
    for (const r of reporters) expect((await call('POST', `/posts/${hiddenPost}/report`, r.token, { reason: 'violence' })).statusCode).toBe(201);
    expect(await statusOf('posts', hiddenPost)).toBe('hidden');
    const res = await decide(moderator, { targetType: 'post', targetId: hiddenPost, action: 'warn', reason: 'Keep it peaceful' });
    expect(res.statusCode).toBe(201);
    const decision = res.json<ModerationDecision>();
    expect(decision).toMatchObject({ action: 'warn', removedItem: false, appealable: true });
    expect(await statusOf('posts', hiddenPost)).toBe('active');
    expect((await notificationsOf(writer.id)).at(-1)).toMatchObject({ type: 'moderation.decision', title: 'A warning about your post' });
    expect((await notificationsOf(writer.id)).at(-1)!.body).toContain('it stays up');
    const [reporterNotice, ...more] = await reporterNoticesOf(reporters[2]!.id, 'post', hiddenPost);
    expect(more).toEqual([]);
    expect(reporterNotice!.body).toContain('acted on the account');

    const appeal = (await call('POST', '/moderation/appeals', writer.token, { decisionId: decision.id, text: 'It was peaceful' })).json<{ id: number }>();
    const decided = await call('POST', `/moderation/appeals/${appeal.id}/decide`, admin.token, { outcome: 'overturn', reason: 'Fair point' });
    expect(decided.statusCode).toBe(200);
    expect(await statusOf('posts', hiddenPost)).toBe('active');
    expect((await notificationsOf(writer.id)).at(-1)!.body).toContain('warning or pause is cancelled');
  });

  it('warn with removal: the post comes down; removeItem on remove or restore is a 400 naming it', async () => {
    const writer = await c.adult({ name: 'Arjun Rao' });
    const post = await c.post({ userId: writer.id, description: 'Second try' });
    expect((await call('POST', `/posts/${post}/report`, reporters[0]!.token, { reason: 'violence' })).statusCode).toBe(201);
    for (const action of ['remove', 'restore'] as const) {
      const bad = await decide(moderator, { targetType: 'post', targetId: post, action, reason: 'x', removeItem: true });
      expect([bad.statusCode, bad.json<{ error: { field: string } }>().error.field]).toEqual([400, 'removeItem']);
    }
    const res = await decide(moderator, { targetType: 'post', targetId: post, action: 'warn', reason: 'Threatening', removeItem: true });
    expect(res.json<ModerationDecision>()).toMatchObject({ action: 'warn', removedItem: true });
    expect(await statusOf('posts', post)).toBe('removed');
    expect((await notificationsOf(writer.id)).at(-1)!.body).toContain('removed your post');
  });

  it('suspend without removal: posting pauses, the item stays up', async () => {
    const writer = await c.adult({ name: 'Arjun Rao' });
    const post = await c.post({ userId: writer.id, description: 'Third post' });
    expect((await call('POST', `/posts/${post}/report`, reporters[1]!.token, { reason: 'harassment' })).statusCode).toBe(201);
    const res = await decide(moderator, { targetType: 'post', targetId: post, action: 'suspend', reason: 'Repeated insults', suspendDays: 2 });
    expect(res.json<ModerationDecision>()).toMatchObject({ action: 'suspend', removedItem: false, suspendDays: 2 });
    expect(await statusOf('posts', post)).toBe('active');
    const blocked = await call('POST', `/posts/${post}/comments`, writer.token, { content: 'still here' });
    expect([blocked.statusCode, blocked.json<{ error: { code: string } }>().error.code]).toEqual([403, 'posting_suspended']);
  });
});

describe('reported comments hide like posts', () => {
  it('the reporter stops seeing it at once; three distinct reports (POST_REPORT_HIDE_THRESHOLD) hide it for everyone until a moderator decides', async () => {
    const owner = await c.adult({ name: 'Thread Owner' });
    const rude = await c.adult({ name: 'Rude Commenter' });
    const reader = await c.adult({ name: 'Quiet Reader' });
    const post = await c.post({ userId: owner.id, description: 'Water cut tomorrow' });
    const commentId = (await call('POST', `/posts/${post}/comments`, rude.token, { content: 'Shut up' })).json<{ id: number }>().id;
    const seenBy = async (token: string) => (await call('GET', `/posts/${post}/comments`, token)).json<{ id: number }[]>().map((x) => x.id);

    expect((await call('POST', `/comments/${commentId}/report`, reporters[0]!.token, { reason: 'harassment' })).statusCode).toBe(201);
    expect(await seenBy(reporters[0]!.token)).toEqual([]);
    expect(await seenBy(reader.token)).toEqual([commentId]);
    expect(await statusOf('post_comments', commentId)).toBe('active');
    // The same person twice counts once.
    await call('POST', `/comments/${commentId}/report`, reporters[0]!.token, { reason: 'harassment' });
    expect((await call('POST', `/comments/${commentId}/report`, reporters[1]!.token, { reason: 'hate' })).statusCode).toBe(201);
    expect(await statusOf('post_comments', commentId)).toBe('active');
    expect((await call('POST', `/comments/${commentId}/report`, reporters[2]!.token, { reason: 'harassment' })).statusCode).toBe(201);
    expect(await statusOf('post_comments', commentId)).toBe('hidden');
    expect(await seenBy(reader.token)).toEqual([]);
    expect(await seenBy(rude.token)).toEqual([]);
    // Hidden, it cannot be reported again; on the queue it shows as hidden.
    expect((await call('POST', `/comments/${commentId}/report`, reader.token, { reason: 'spam' })).statusCode).toBe(404);
    const item = (await queuePage(moderator.token)).items.find((i) => i.targetType === 'comment' && i.targetId === commentId);
    expect(item).toMatchObject({ status: 'hidden', reportCount: 3 });

    const restore = await decide(moderator, { targetType: 'comment', targetId: commentId, action: 'restore', reason: 'Rude, not abuse' });
    expect(restore.statusCode).toBe(201);
    expect(await seenBy(reader.token)).toEqual([commentId]);
    // Whoever reported it keeps it out of their own view.
    expect(await seenBy(reporters[1]!.token)).toEqual([]);
  });
});

describe('the queue pages with a cursor', () => {
  it('gives every item once in queue order across pages, appeals on the first page only; a cursor it did not give is a 400', async () => {
    const writer = await c.adult({ name: 'Many Posts' });
    const posts: number[] = [];
    const base = t.clock.now().getTime() - 10 * 3_600_000;
    for (let i = 0; i < 5; i++) {
      const id = await c.post({ userId: writer.id, description: `Flyer ${i}` });
      await call('POST', `/posts/${id}/report`, reporters[0]!.token, { reason: 'spam' });
      // Two share the same instant: the cursor still tells them apart.
      await t.db
        .updateTable('content_reports')
        .set({ created_at: new Date(base + Math.min(i, 3) * 60_000) })
        .where('post_id', '=', id)
        .execute();
      posts.push(id);
    }
    const appeals = await t.db.selectFrom('moderation_appeals').select('id').where('status', '=', 'open').execute();
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: ModerationQueue = await queuePage(moderator.token, `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      expect(page.appeals).toHaveLength(pages === 0 ? appeals.length : 0);
      seen.push(...page.items.map((i) => `${i.targetType}:${i.targetId}`));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 20);
    const whole = (await queuePage(moderator.token, '?limit=50')).items.map((i) => `${i.targetType}:${i.targetId}`);
    expect(whole.length).toBeGreaterThanOrEqual(5);
    expect(seen).toEqual(whole);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((k) => posts.includes(Number(k.split(':')[1])) && k.startsWith('post:'))).toEqual(posts.map((id) => `post:${id}`));
    for (const query of ['?cursor=12', '?limit=0', '?limit=51']) {
      const res = await call('GET', `/moderation/queue${query}`, moderator.token);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ error: { field: string } }>().error.field, query).toBe(query.includes('cursor') ? 'cursor' : 'limit');
    }
  });
});
