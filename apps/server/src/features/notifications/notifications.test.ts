import { describe, expect, it } from 'vitest';
import { build } from '../../../test/build';
import { freshPlace, get, post, raiseSos } from '../../../test/sos-fixtures';

const t = build();

async function seed(userId: number, count: number) {
  for (let i = 0; i < count; i++) {
    t.clock.advance(1000);
    await t.db
      .insertInto('notifications')
      .values({ user_id: userId, type: i % 2 ? 'sos.alert' : 'post.like', title: `n${i}`, body: '', created_at: t.clock.now() })
      .execute();
  }
}

/** A signed-in user with `mine` notifications, and another user with `theirs`. */
async function userAndOther(mine: number, theirs: number) {
  const user = await t.factory.user();
  const other = await t.factory.user();
  await seed(user.id, mine);
  await seed(other.id, theirs);
  return { other, token: await t.loginAs(user) };
}

describe('notifications', () => {
  it("lists the caller's notifications newest first, with paging and the unread count", async () => {
    const { token } = await userAndOther(5, 2);
    const first = (await get(t, token, '/api/notifications?pageSize=2')).json();
    expect(first.items.map((n: { title: string }) => n.title)).toEqual(['n4', 'n3']);
    expect(first).toMatchObject({ page: 1, pageSize: 2, hasMore: true, unreadCount: 5 });
    expect(first.items[0]).toEqual({
      id: expect.any(Number),
      type: 'post.like',
      title: 'n4',
      body: '',
      read: false,
      sosEventId: null,
      sosEventActive: null,
      postId: null,
      actorId: null,
      data: {},
      createdAt: expect.any(String),
    });
    const last = (await get(t, token, '/api/notifications?pageSize=2&page=3')).json();
    expect(last.items.map((n: { title: string }) => n.title)).toEqual(['n0']);
    expect(last.hasMore).toBe(false);
  });

  it('says whether the SOS of each notification is still active, so no screen asks for an ended one', async () => {
    const user = await t.factory.user();
    const victim = await t.factory.user();
    const victimToken = await t.loginAs(victim);
    const running = (await raiseSos(t, victimToken, freshPlace())).json().id as number;
    const other = await t.factory.user();
    const ended = (await raiseSos(t, await t.loginAs(other), freshPlace())).json().id as number;
    await t.db.updateTable('sos_events').set({ status: 'resolved', resolved_at: t.clock.now() }).where('id', '=', ended).execute();
    for (const [title, eventId] of [
      ['ended', ended],
      ['running', running],
    ] as const) {
      t.clock.advance(1000);
      await t.db
        .insertInto('notifications')
        .values({ user_id: user.id, type: 'sos.alert', title, body: '', sos_event_id: eventId, created_at: t.clock.now() })
        .execute();
    }
    const items = (await get(t, await t.loginAs(user), '/api/notifications')).json().items;
    expect(items.map((n: { title: string; sosEventActive: boolean | null }) => [n.title, n.sosEventActive])).toEqual([
      ['running', true],
      ['ended', false],
    ]);
  });

  it('marks chosen ids (own only) or everything read', async () => {
    const { other, token } = await userAndOther(3, 1);
    const mine = (await get(t, token, '/api/notifications')).json().items as Array<{ id: number }>;
    const theirs = await t.db.selectFrom('notifications').select('id').where('user_id', '=', other.id).executeTakeFirstOrThrow();

    const some = await post(t, token, '/api/notifications/read', { ids: [mine[0]!.id, theirs.id] });
    expect(some.json()).toEqual({ updated: 1, unreadCount: 2 });
    expect((await get(t, token, '/api/notifications/unread-count')).json()).toEqual({ count: 2 });
    const otherStill = await t.db.selectFrom('notifications').select('read_at').where('id', '=', theirs.id).executeTakeFirstOrThrow();
    expect(otherStill.read_at).toBeNull();

    expect((await post(t, token, '/api/notifications/read')).json()).toEqual({ updated: 2, unreadCount: 0 });
    const unread = (await get(t, token, '/api/notifications?unreadOnly=true')).json();
    expect(unread.items).toEqual([]);
    expect((await post(t, token, '/api/notifications/read', { ids: [] })).statusCode).toBe(400);
  });

  it('serves the VAPID public key and needs a token everywhere', async () => {
    const token = await t.loginAs(await t.factory.user());
    const key = (await get(t, token, '/api/push/vapid-public-key')).json().publicKey as string;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    for (const url of ['/api/notifications', '/api/notifications/unread-count', '/api/push/vapid-public-key']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications/read' })).statusCode).toBe(401);
  });
});
