import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { NotificationItem } from '@saathi/shared';
import { useToast } from '../../components/toast';
import { api } from '../../lib/api-client';
import { useSession } from '../../entities/session';
import { endCachedEvent, sosApi, sosKeys } from '../../entities/sos-event';
import { useLiveEvents } from '../../entities/live-events';
import { notificationKeys } from '../../entities/notifications';
import { isPushClientMessage } from '../../pwa/push-messages';
import { refetchAfterChange } from '../../lib/refetch-after-change';

/** Where a notification leads: the server's own link when it gave one, else its SOS screen. */
export function notificationTarget(notification: Pick<NotificationItem, 'data' | 'sosEventId'>): string {
  const url = notification.data.url;
  if (typeof url === 'string' && url.startsWith('/') && !url.startsWith('//')) return url;
  if (notification.sosEventId !== null) return `/sos-mode?sosEventId=${notification.sosEventId}`;
  return '/notifications';
}

interface Here {
  pathname: string;
  search: string;
}

function isCurrentPage(url: string, here: Here): boolean {
  const target = new URL(url, 'http://app.invalid');
  if (target.pathname !== here.pathname) return false;
  const id = target.searchParams.get('sosEventId');
  return id === null || id === new URLSearchParams(here.search).get('sosEventId');
}

/** The SOS whose screen is open, if any. */
function sosOnScreen(here: Here): number | null {
  if (here.pathname !== '/sos-mode') return null;
  const id = Number(new URLSearchParams(here.search).get('sosEventId'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Alerts asking someone to help (the toast with 'Go to SOS' that must not come back). */
const ALERT_TYPES = new Set(['sos.alert', 'sos.contact_alert']);
/** Sent to everyone an SOS reached when its person cancelled it. */
const ALL_CLEAR = 'sos.all_clear';
/** An alert missed while the stream was down is still worth a toast this long. */
const CATCH_UP_MS = 15 * 60_000;
const SEEN_KEY = 'saathi.sos-alerts-seen';

/**
 * SOS events whose alert was shown or whose screen was opened in this tab. Kept in
 * sessionStorage, so a reload (and the catch-up after it) does not raise the toast again.
 */
const seenAlerts = {
  read(): number[] {
    try {
      const value: unknown = JSON.parse(sessionStorage.getItem(SEEN_KEY) ?? '[]');
      return Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];
    } catch {
      return [];
    }
  },
  has(eventId: number): boolean {
    return this.read().includes(eventId);
  },
  add(eventId: number): void {
    const ids = this.read().filter((id) => id !== eventId);
    ids.push(eventId);
    try {
      sessionStorage.setItem(SEEN_KEY, JSON.stringify(ids.slice(-50)));
    } catch {
      // Storage unavailable: the toast may come back after a reload, nothing worse.
    }
  },
};

const toastKey = (sosEventId: number) => `sos:${sosEventId}`;

interface Announcement {
  id: number | null;
  type: string;
  title: string;
  url: string;
  sosEventId: number | null;
}

/**
 * Keeps the app current while it is open: new notifications refresh the bell and lists, and
 * an SOS notification (from the live stream, or a push the service worker forwards because
 * the app is on screen) shows a toast with a 'Go to SOS' action. One toast per notification,
 * one alert toast per SOS: it closes when its SOS screen opens (however it was opened) and
 * does not come back. Alerts missed while the stream was down are caught up when it returns.
 */
export function LiveAlerts() {
  const { t } = useTranslation('alerts');
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { isLoggedIn } = useSession();
  const shown = useRef(new Set<number>());

  const announce = (item: Announcement) => {
    // Already looking at it (e.g. SOS mode when a volunteer accepts): the screen updates itself.
    if (isCurrentPage(item.url, location)) return;
    if (item.id !== null) {
      if (shown.current.has(item.id)) return;
      shown.current.add(item.id);
    }
    const isAlert = item.sosEventId !== null && ALERT_TYPES.has(item.type);
    if (isAlert) {
      if (seenAlerts.has(item.sosEventId as number)) return;
      seenAlerts.add(item.sosEventId as number);
    }
    const sosEventId = item.sosEventId ?? undefined;
    toast.warning(item.title, {
      autoHideMs: 15_000,
      key: sosEventId !== undefined ? toastKey(sosEventId) : undefined,
      action: { label: t('goToSos'), onClick: () => void navigate(item.url) },
      // Someone else's alert waits while the user's own SOS is active; news of that SOS does not.
      background: true,
      sosEventId,
      // After waiting: an SOS known to have ended since needs nobody any more.
      stillRelevant: () => {
        const status = sosEventId === undefined ? undefined : queryClient.getQueryData<{ status?: string }>(sosKeys.event(sosEventId))?.status;
        return status === undefined || status === 'active';
      },
    });
  };
  const announceRef = useRef(announce);
  useEffect(() => {
    announceRef.current = announce;
  });

  // The SOS screen is open (from the toast, the list, a system notification, a link): its
  // toasts have done their job.
  const onScreen = sosOnScreen(location);
  useEffect(() => {
    if (onScreen === null) return;
    seenAlerts.add(onScreen);
    toast.dismiss(toastKey(onScreen));
  }, [onScreen, toast]);

  /** After a (re)connect: alerts that arrived while the stream was down, if still active. */
  const catchUp = async () => {
    const page = await api.call('GET /notifications', { query: { page: 1, pageSize: 10, unreadOnly: 'true' } });
    // An event the list says has ended is not asked for: its volunteers may no longer read it.
    const recent = page.items.filter(
      (n) =>
        n.sosEventId !== null &&
        n.sosEventActive !== false &&
        ALERT_TYPES.has(n.type) &&
        Date.now() - Date.parse(n.createdAt) < CATCH_UP_MS &&
        !seenAlerts.has(n.sosEventId),
    );
    for (const notification of recent.reverse()) {
      const eventId = notification.sosEventId as number;
      const event = await queryClient.fetchQuery({ queryKey: sosKeys.event(eventId), queryFn: () => sosApi.get(eventId) }).catch(() => null);
      if (event?.status !== 'active') continue;
      announceRef.current({
        id: notification.id,
        type: notification.type,
        title: notification.title,
        url: notificationTarget(notification),
        sosEventId: eventId,
      });
    }
  };

  useLiveEvents((message) => {
    if (message.type === 'stream.ready') {
      void refetchAfterChange(queryClient, { queryKey: notificationKeys.all });
      void catchUp().catch(() => undefined);
      return;
    }
    if (message.type === 'notification.created') {
      void refetchAfterChange(queryClient, { queryKey: notificationKeys.all });
      const { notification } = message.data;
      if (notification.sosEventId !== null) {
        // An all clear ends the event: the screen shows it ended without asking the server,
        // which no longer lets the people it reached read it.
        if (notification.type === ALL_CLEAR) endCachedEvent(queryClient, notification.sosEventId);
        else void refetchAfterChange(queryClient, { queryKey: sosKeys.event(notification.sosEventId) });
        announce({
          id: notification.id,
          type: notification.type,
          title: notification.title,
          url: notificationTarget(notification),
          sosEventId: notification.sosEventId,
        });
      }
    }
  }, isLoggedIn);

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      if (!isPushClientMessage(event.data)) return;
      const { payload } = event.data;
      void refetchAfterChange(queryClient, { queryKey: notificationKeys.all });
      announceRef.current({
        id: payload.notificationId,
        type: typeof payload.type === 'string' ? payload.type : '',
        title: payload.title,
        url: payload.url,
        sosEventId: typeof payload.sosEventId === 'number' ? payload.sosEventId : null,
      });
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [queryClient]);

  return null;
}
