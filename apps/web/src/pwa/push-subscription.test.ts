import { describe, expect, it } from 'vitest';
import { isPushClientMessage } from './push-messages';
import { subscriptionBody, urlBase64ToUint8Array } from './push-subscription';

describe('push helpers', () => {
  it('decodes a base64url VAPID key to its bytes', () => {
    expect([...urlBase64ToUint8Array('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
  });

  it('sends only the subscription fields the API declares', () => {
    const json = { endpoint: 'https://push.example/abc', expirationTime: null, keys: { p256dh: 'p', auth: 'a', extra: 'x' }, future: 1 };
    expect(subscriptionBody(json as PushSubscriptionJSON)).toEqual({
      fcmToken: { endpoint: 'https://push.example/abc', expirationTime: null, keys: { p256dh: 'p', auth: 'a' } },
    });
  });

  it('accepts only well-formed messages from the service worker', () => {
    const payload = { title: 'SOS nearby', body: 'Someone needs help', url: '/sos-mode?sosEventId=4', type: 'sos.alert', sosEventId: 4, notificationId: 9 };
    expect(isPushClientMessage({ type: 'saathi.push', payload })).toBe(true);
    expect(isPushClientMessage({ type: 'other', payload })).toBe(false);
    expect(isPushClientMessage({ type: 'saathi.push', payload: { ...payload, url: 'https://evil.example' } })).toBe(false);
    expect(isPushClientMessage(null)).toBe(false);
  });
});
