import type { UpdateFcmTokenBody } from '@saathi/shared';
import { api } from '../lib/api-client';

export type PushSupport = 'unsupported' | NotificationPermission;

/** Whether this browser can receive Web Push at all, and what the user decided so far. */
export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('Notification' in window) || !('PushManager' in window) || !('serviceWorker' in navigator)) {
    return 'unsupported';
  }
  return Notification.permission;
}

/** VAPID keys travel base64url-encoded; PushManager wants the raw bytes. */
export function urlBase64ToUint8Array(base64Url: string): Uint8Array<ArrayBuffer> {
  const padding = '='.repeat((4 - (base64Url.length % 4)) % 4);
  const base64 = (base64Url + padding).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * The body of `POST /auth/update-fcm-token` with only the fields the API declares: it refuses
 * unknown keys, and a browser's `toJSON()` may one day carry more than these.
 */
export function subscriptionBody(json: PushSubscriptionJSON): UpdateFcmTokenBody {
  return {
    fcmToken: {
      endpoint: json.endpoint ?? '',
      expirationTime: json.expirationTime ?? null,
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    },
  };
}

async function serviceWorkerRegistration(timeoutMs = 10_000): Promise<ServiceWorkerRegistration | null> {
  // In development no worker is registered and `ready` would wait forever.
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return null;
  return Promise.race([navigator.serviceWorker.ready, new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs))]);
}

/**
 * Subscribes this browser (or reuses its subscription) and stores it for the signed-in user
 * with SPEC.md's `POST /auth/update-fcm-token`. Needs permission already granted.
 */
export async function syncPushSubscription(): Promise<boolean> {
  if (pushSupport() !== 'granted') return false;
  const registration = await serviceWorkerRegistration();
  if (!registration) return false;
  let subscription = await registration.pushManager.getSubscription();
  if (!subscription) {
    const { publicKey } = await api.call('GET /push/vapid-public-key');
    subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: urlBase64ToUint8Array(publicKey) });
  }
  await api.call('POST /auth/update-fcm-token', { body: subscriptionBody(subscription.toJSON()) });
  return true;
}

/** Asks for permission (only ever from a tap), then subscribes. */
export async function enablePush(): Promise<'subscribed' | 'denied' | 'unsupported' | 'failed'> {
  if (pushSupport() === 'unsupported') return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  try {
    return (await syncPushSubscription()) ? 'subscribed' : 'failed';
  } catch {
    return 'failed';
  }
}
