import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { enablePush, pushSupport, syncPushSubscription, type PushSupport } from '../../../pwa/push-subscription';

const DISMISSED_KEY = 'saathi.push-prompt-dismissed';
/** The subscription is refreshed once per page load, not on every visit to the dashboard. */
let syncedThisLoad = false;

function wasDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Asks, with a clear reason and only when tapped, to allow alerts on this device. When
 * permission was given before, the subscription is refreshed quietly for this account.
 */
export function PushPrompt() {
  const { t } = useTranslation('dashboard');
  const [support, setSupport] = useState<PushSupport>(() => pushSupport());
  const [dismissed, setDismissed] = useState(wasDismissed);
  const [status, setStatus] = useState<'idle' | 'working' | 'failed'>('idle');

  useEffect(() => {
    // Already allowed: make sure the server has this browser for the signed-in user.
    if (support !== 'granted' || syncedThisLoad) return;
    syncedThisLoad = true;
    void syncPushSubscription().catch(() => undefined);
  }, [support]);

  if (support !== 'default' || dismissed) return null;

  const enable = async () => {
    setStatus('working');
    const result = await enablePush();
    setStatus(result === 'failed' ? 'failed' : 'idle');
    setSupport(pushSupport());
  };
  const later = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // The prompt returns next visit; harmless.
    }
    setDismissed(true);
  };

  return (
    <section className="dash-card dash-card--push" aria-labelledby="push-heading">
      <h2 id="push-heading" className="dash-card__title">
        {t('push.title')}
      </h2>
      <p>{t('push.body')}</p>
      {status === 'failed' && (
        <p className="sos-error" role="alert">
          {t('push.failed')}
        </p>
      )}
      <div className="dash-actions">
        <button type="button" className="dash-button dash-button--contained" onClick={() => void enable()} disabled={status === 'working'}>
          {t('push.enable')}
        </button>
        <button type="button" className="dash-button dash-button--text" onClick={later}>
          {t('push.later')}
        </button>
      </div>
    </section>
  );
}
