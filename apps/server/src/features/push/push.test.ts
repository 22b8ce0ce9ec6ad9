import { describe, expect, it } from 'vitest';
import { bearer, build } from '../../../test/build';

const t = build();

const subscription = (endpoint: string) => ({
  endpoint,
  expirationTime: null,
  keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
});

async function post(token: string, fcmToken: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/auth/update-fcm-token', headers: bearer(token), payload: { fcmToken } });
}

async function rowsFor(endpoint: string) {
  return t.db.selectFrom('push_subscriptions').select(['user_id', 'kind', 'p256dh', 'auth']).where('endpoint', '=', endpoint).execute();
}

describe('POST /api/auth/update-fcm-token', () => {
  it('stores a Web Push subscription sent as an object', async () => {
    const user = await t.factory.user();
    const endpoint = 'https://fcm.googleapis.com/fcm/send/abc123';
    const res = await post(await t.loginAs(user), subscription(endpoint));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await rowsFor(endpoint)).toEqual([
      { user_id: user.id, kind: 'webpush', p256dh: subscription(endpoint).keys.p256dh, auth: subscription(endpoint).keys.auth },
    ]);
  });

  it('accepts the subscription as JSON text, and an FCM registration token', async () => {
    const user = await t.factory.user();
    const token = await t.loginAs(user);
    const endpoint = 'https://updates.push.services.mozilla.com/wpush/v2/xyz';
    expect((await post(token, JSON.stringify(subscription(endpoint)))).statusCode).toBe(200);
    expect(await rowsFor(endpoint)).toHaveLength(1);

    const fcm = 'dQw4w9WgXcQ:APA91bHun4MxP5egoKMwt2KZFBaFUH-1RYqx';
    expect((await post(token, fcm)).statusCode).toBe(200);
    expect(await rowsFor(fcm)).toEqual([{ user_id: user.id, kind: 'fcm', p256dh: null, auth: null }]);
  });

  it('upserts by endpoint and moves an endpoint to the caller', async () => {
    const first = await t.factory.user();
    const second = await t.factory.user();
    const endpoint = 'https://fcm.googleapis.com/fcm/send/shared-phone';
    await post(await t.loginAs(first), subscription(endpoint));
    await post(await t.loginAs(first), subscription(endpoint));
    expect(await rowsFor(endpoint)).toHaveLength(1);
    await post(await t.loginAs(second), subscription(endpoint));
    const rows = await rowsFor(endpoint);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.user_id).toBe(second.id);
  });

  it.each([
    ['a subscription without keys', { endpoint: 'https://push.example/abc' }, 'fcmToken'],
    ['broken JSON text', '{"endpoint":', 'fcmToken'],
    ['a non-https endpoint', subscription('http://push.example/abc'), 'fcmToken.endpoint'],
    ['a token with spaces', 'not a token at all', 'fcmToken'],
  ])('rejects %s with 400', async (_label, fcmToken, field) => {
    const res = await post(await t.loginAs(await t.factory.user()), fcmToken);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe(field);
  });

  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/update-fcm-token', payload: { fcmToken: 'abc' } });
    expect(res.statusCode).toBe(401);
  });
});
