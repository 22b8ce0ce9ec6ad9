import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../components/toast';

/** Set just before reloading into a new version, so the reloaded app can say so. */
const UPDATED_FLAG_KEY = 'saathi.app-updated';

/**
 * Registers the service worker (production builds only). A new version waits until the user
 * taps Refresh, so an SOS in progress is never interrupted by a reload. `isSignedIn` is asked
 * when the app is ready offline (the app shell passes the session's answer in).
 */
export function PwaUpdatePrompt({ isSignedIn }: { isSignedIn: () => boolean }) {
  const { t } = useTranslation('common');
  const toast = useToast();

  useEffect(() => {
    try {
      if (sessionStorage.getItem(UPDATED_FLAG_KEY)) {
        sessionStorage.removeItem(UPDATED_FLAG_KEY);
        toast.success(t('pwa.updated'), { background: true });
      }
    } catch {
      // sessionStorage unavailable: nothing to announce.
    }
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;

    let cancelled = false;
    void import('virtual:pwa-register').then(({ registerSW }) => {
      if (cancelled) return;
      const updateSW = registerSW({
        onNeedRefresh() {
          // Waits while the user's own SOS is active: the update never interrupts one anyway.
          toast.info(t('pwa.updateAvailable'), {
            autoHideMs: null,
            background: true,
            action: {
              label: t('pwa.refresh'),
              onClick: () => {
                try {
                  sessionStorage.setItem(UPDATED_FLAG_KEY, '1');
                } catch {
                  // Without the flag the update still happens, just unannounced.
                }
                void updateSW(true);
              },
            },
          });
        },
        onOfflineReady() {
          // Worth saying to members (their SOS screen now opens offline); a visitor who came
          // from a shared link would only find it covering the post they came to read.
          if (isSignedIn()) toast.success(t('pwa.offlineReady'), { background: true });
        },
      });
    });
    return () => {
      cancelled = true;
    };
    // Registration happens once per page load; `t` and `toast` are stable enough for its callbacks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return null;
}
