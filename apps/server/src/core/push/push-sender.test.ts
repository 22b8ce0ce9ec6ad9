import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { build } from '../../../test/build';
import { startPushPeer, type PushPeer } from '../../../test/push-peer';
import { subscribePush } from '../../../test/sos-fixtures';
import { DbRef } from '../db/db-ref';
import { createInThreadTransport, createPushSubscriptionsRepository, createWebPushSender, createWorkerTransport, type PushTransport } from './index';

const t = build();
const vapid = webpush.generateVAPIDKeys();
let peer: PushPeer;

beforeAll(async () => {
  peer = await startPushPeer({ vapidPublicKey: vapid.publicKey });
});
afterAll(async () => {
  await peer?.close();
});

const payload = (title: string) => ({ title, body: 'b', url: '/notifications', type: 'post.like', sosEventId: null, notificationId: 7, actions: [] });

describe.each([
  ['in-thread', () => createInThreadTransport(2000)],
  ['worker', () => createWorkerTransport(2000, (error) => console.error(error))],
])('Web Push sender (%s transport)', (name, makeTransport: () => PushTransport) => {
  it('encrypts for each subscription, reports per user, and forgets gone subscriptions', async () => {
    const transport = makeTransport();
    expect(transport.kind).toBe(name);
    const sender = createWebPushSender({
      subscriptions: createPushSubscriptionsRepository(new DbRef({ db: t.db, kind: t.kind, close: async () => undefined })),
      vapid,
      subject: 'mailto:alerts@saathi.invalid',
      clock: t.clock.now,
      log: { warn: () => undefined },
      transport,
    });
    const [alice, bob, carol, dan] = [await t.factory.user(), await t.factory.user(), await t.factory.user(), await t.factory.user()];
    const alicePhone = await subscribePush(t, peer, alice.id);
    const aliceLaptop = await subscribePush(t, peer, alice.id);
    const bobGone = await subscribePush(t, peer, bob.id);
    peer.respondWith(bobGone, 410);
    const carolDown = await subscribePush(t, peer, carol.id);
    peer.respondWith(carolDown, 502);

    const seen: Array<[number, string]> = [];
    const outcomes = await sender.sendToUsers(
      new Map([
        [alice.id, payload('for alice')],
        [bob.id, payload('for bob')],
        [carol.id, payload('for carol')],
        [dan.id, payload('for dan')],
      ]),
      (userId, outcome) => seen.push([userId, outcome]),
    );
    expect(Object.fromEntries(outcomes)).toEqual({ [alice.id]: 'sent', [bob.id]: 'sent', [carol.id]: 'retry', [dan.id]: 'none' });
    expect(seen.sort((a, b) => a[0] - b[0])).toEqual([...outcomes].sort((a, b) => a[0] - b[0]));
    for (const sub of [alicePhone, aliceLaptop]) {
      expect(peer.received.filter((p) => p.subscriptionId === sub).map((p) => p.payload)).toEqual([payload('for alice')]);
    }
    expect(peer.received.find((p) => p.subscriptionId === alicePhone)?.headers.urgency).toBe('normal');
    const left = await t.db.selectFrom('push_subscriptions').select(['user_id', 'failure_count']).where('user_id', 'in', [bob.id, carol.id]).execute();
    expect(left).toEqual([{ user_id: carol.id, failure_count: 1 }]);
    await sender.close();
  });
});
