// Web Push for the generated service worker (imported by it: see vite.config.ts
// `workbox.importScripts`). Shows each push as a system notification with the server's
// actions ('Go to SOS' for SOS alerts) and tells open windows, which show an in-app toast.
/* global self, URL */
'use strict';

const PUSH_CLIENT_MESSAGE = 'saathi.push';

function readPayload(event) {
  const fallback = { title: 'Saathi', body: '', url: '/notifications', type: 'unknown', sosEventId: null, notificationId: null, actions: [] };
  if (!event.data) return fallback;
  try {
    const data = event.data.json();
    const url = typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//') ? data.url : fallback.url;
    return { ...fallback, ...data, url, actions: Array.isArray(data.actions) ? data.actions : [] };
  } catch {
    return { ...fallback, body: event.data.text() };
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) client.postMessage({ type: PUSH_CLIENT_MESSAGE, payload });
      // The toast is enough when the user is looking at the app; otherwise (or for an SOS,
      // which must never be missed) the system notification is shown as well.
      const focused = windows.some((client) => client.focused);
      if (focused && payload.sosEventId === null) return;
      const isSos = payload.sosEventId !== null;
      await self.registration.showNotification(payload.title, {
        body: payload.body,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        tag: isSos ? `sos-${payload.sosEventId}` : `notification-${payload.notificationId ?? Date.now()}`,
        renotify: isSos,
        requireInteraction: isSos,
        vibrate: isSos ? [300, 100, 300, 100, 300] : undefined,
        actions: payload.actions.slice(0, 2),
        data: { url: payload.url },
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const existing = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (existing) {
        await existing.focus();
        if ('navigate' in existing) {
          try {
            await existing.navigate(target);
            return;
          } catch {
            // An uncontrolled window cannot be navigated: open a new one below.
          }
        }
      }
      await self.clients.openWindow(target);
    })(),
  );
});
