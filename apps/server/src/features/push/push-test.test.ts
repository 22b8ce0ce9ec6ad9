import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, build } from '../../../test/build';
import { startPushPeer, type PeerSubscription, type PushPeer } from '../../../test/push-peer';

let peer: PushPeer;
beforeAll(async () => {
  peer = await startPushPeer();
});
afterAll(async () => {
  await peer.close();
});

const t = build();

/** Stores a peer subscription for the user as the browser would (the peer speaks http, so straight into the table). */
async function subscribe(userId: number, sub: PeerSubscription) {
  await t.db
    .insertInto('push_subscriptions')
    .values({ user_id: userId, kind: 'webpush', endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth })
    .execute();
}

const sendTest = (token?: string) => t.app.inject({ method: 'POST', url: '/api/push/test', headers: token ? bearer(token) : {} });

describe('POST /api/push/test', () => {
  it('needs a signed-in caller', async () => {
    expect((await sendTest()).statusCode).toBe(401);
  });

  it("pushes to the caller's own subscriptions only, in the caller's language", async () => {
    const caller = await t.factory.user();
    await t.db.updateTable('users').set({ language: 'hi-IN' }).where('id', '=', caller.id).execute();
    const other = await t.factory.user();
    const mine = peer.subscription('mine');
    const theirs = peer.subscription('theirs');
    await subscribe(caller.id, mine);
    await subscribe(other.id, theirs);

    const res = await sendTest(await t.loginAs(caller));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ outcome: 'sent' });
    await peer.waitFor(1);
    expect(peer.received.map((push) => push.subscriptionId)).toEqual(['mine']);
    expect(peer.received[0]?.payload).toMatchObject({ title: 'साथी की परीक्षण सूचना', type: 'push.test', url: '/test', sosEventId: null });
    expect(peer.rejected).toEqual([]);
    // Like every notification it is a row of the caller's first; nobody else got one.
    const rows = await t.db.selectFrom('notifications').select('user_id').where('type', '=', 'push.test').execute();
    expect(rows).toEqual([{ user_id: caller.id }]);
  });

  it('says so when the caller has no subscription', async () => {
    const res = await sendTest(await t.loginAs(await t.factory.user()));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ outcome: 'none' });
  });

  it('allows 5 per hour, then answers 429 with the minutes to wait', async () => {
    const user = await t.factory.user();
    const token = await t.loginAs(user);
    // 5 an hour, written here rather than imported (PUSH_TEST_PER_HOUR in packages/shared) so a
    // changed limit fails this test. No spec or issue states the number; ADR 0014 only calls
    // it "the hourly test push".
    for (let i = 0; i < 5; i++) expect((await sendTest(token)).statusCode).toBe(200);
    const limited = await sendTest(token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({ code: 'push_test_limit', params: { seconds: expect.any(Number) } });
    expect(limited.json().error.params.seconds).toBeGreaterThan(3000);
    expect(Number(limited.headers['retry-after'])).toBe(limited.json().error.params.seconds);
    // Another user's allowance is their own.
    expect((await sendTest(await t.loginAs(await t.factory.user()))).statusCode).toBe(200);
    // An hour later the caller may test again.
    t.clock.advance(3600_000);
    expect((await sendTest(token)).statusCode).toBe(200);
  });
});
