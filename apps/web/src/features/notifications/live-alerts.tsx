import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { NotificationItem } from '@saathi/shared';
import { useToast } from '../../components/toast';
import { useSession } from '../auth/session';
import { sosKeys } from '../sos/api/sos-api';
import { useLiveEvents } from './live-events';
import { notificationKeys } from './unread-count';
import { isPushClientMessage } from '../../pwa/push-messages';

/** Where a notification leads: the server's own link when it gave one, else its SOS screen. */
export function notificationTarget(notification: Pick<NotificationItem, 'data' | 'sosEventId'>): string {
  const url = notification.data.url;
  if (typeof url === 'string' && url.startsWith('/') && !url.startsWith('//')) return url;
  if (notification.sosEventId !== null) return `/sos-mode?sosEventId=${notification.sosEventId}`;
  return '/notifications';
}

function isCurrentPage(url: string): boolean {
  const target = new URL(url, window.location.origin);
  const here = new URL(window.location.href);
  if (target.pathname !== here.pathname) return false;
  const id = target.searchParams.get('sosEventId');
  return id === null || id === here.searchParams.get('sosEventId');
}

/**
 * Keeps the app current while it is open: new notifications refresh the bell and lists, and
 * an SOS notification (from the live stream, or a push the service worker forwards because
 * the app is on screen) shows a toast with a 'Go to SOS' action. One toast per notification.
 */
export function LiveAlerts() {
  const { t } = useTranslation('dashboard');
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { isLoggedIn } = useSession();
  const shown = useRef(new Set<number>());

  const announce = (id: number | null, title: string, url: string) => {
    // Already looking at it (e.g. SOS mode when a volunteer accepts): the screen updates itself.
    if (isCurrentPage(url)) return;
    if (id !== null) {
      if (shown.current.has(id)) return;
      shown.current.add(id);
    }
    toast.warning(title, { autoHideMs: 15_000, action: { label: t('live.goToSos'), onClick: () => void navigate(url) } });
  };
  const announceRef = useRef(announce);
  useEffect(() => {
    announceRef.current = announce;
  });

  useLiveEvents((message) => {
    if (message.type === 'stream.ready') {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      return;
    }
    if (message.type === 'notification.created') {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      const { notification } = message.data;
      if (notification.sosEventId !== null) {
        void queryClient.invalidateQueries({ queryKey: sosKeys.event(notification.sosEventId) });
        announce(notification.id, notification.title, notificationTarget(notification));
      }
    }
  }, isLoggedIn);

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      if (!isPushClientMessage(event.data)) return;
      const { payload } = event.data;
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      announceRef.current(payload.notificationId, payload.title, payload.url);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [queryClient]);

  return null;
}
