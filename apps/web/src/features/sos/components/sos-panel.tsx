import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { EmergencyContact, Threat } from '@saathi/shared';
import { useQueryClient } from '@tanstack/react-query';
import { sosKeys } from '../../../entities/sos-event';
import { countdownSeconds } from '../../../entities/sos';
import { useSosCountdown } from '../lib/use-sos-countdown';
import { fixTimeoutMs, getSosPosition, vibrate, type DevicePosition } from '../../../lib/position';
import { raiseSos } from '../lib/raise-sos';
import { sosModePath, storeActiveEvent } from '../lib/active-event';
import { ThreatChips } from './threat-chips';
import { SmsFallback } from './sms-fallback';
import { Call112 } from './call-112';

interface SosPanelProps {
  userId: number;
  countdownSetting: number | undefined;
  contacts: readonly EmergencyContact[];
}

type Result =
  | { kind: 'none' }
  | { kind: 'sending' }
  | { kind: 'fallback'; reason: 'offline' | 'no-position'; position: DevicePosition | null }
  | { kind: 'refused'; message: string };

/**
 * The SOS button: press → a visible countdown with a big Cancel → the alert is raised with the
 * device position, then SOS mode opens. The position is looked up while the countdown runs.
 */
export function SosPanel({ userId, countdownSetting, contacts }: SosPanelProps) {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [threat, setThreat] = useState<Threat | null>(null);
  const [contactsOnly, setContactsOnly] = useState(false);
  const [result, setResult] = useState<Result>({ kind: 'none' });
  const positionRef = useRef<Promise<DevicePosition | null> | null>(null);
  const choicesRef = useRef({ threat, contactsOnly });
  useEffect(() => {
    choicesRef.current = { threat, contactsOnly };
  }, [threat, contactsOnly]);

  const fire = useCallback(async () => {
    vibrate([200, 100, 200]);
    setResult({ kind: 'sending' });
    const position = await (positionRef.current ?? getSosPosition());
    positionRef.current = null;
    const outcome = await raiseSos({ position, ...choicesRef.current, online: navigator.onLine !== false });
    switch (outcome.kind) {
      case 'raised':
        storeActiveEvent({ id: outcome.event.id, contactsOnly: outcome.event.contactsOnly, userId });
        queryClient.setQueryData(sosKeys.event(outcome.event.id), outcome.event);
        void navigate(sosModePath(outcome.event.id, outcome.event.contactsOnly));
        return;
      case 'offline':
        setResult({ kind: 'fallback', reason: 'offline', position: outcome.position });
        return;
      case 'no-position':
        setResult({ kind: 'fallback', reason: 'no-position', position: null });
        return;
      case 'refused': {
        // Error texts load only when needed: the dashboard's first load stays small (DESIGN.md §7).
        const message = await import('../../../lib/error-text').then(({ loadErrorText }) => loadErrorText(outcome.error)).catch(() => t('common:error.title'));
        setResult({ kind: 'refused', message });
      }
    }
  }, [navigate, queryClient, userId, t]);

  const seconds = countdownSeconds(countdownSetting);
  const countdown = useSosCountdown(seconds, () => void fire());
  const { state } = countdown;

  const press = () => {
    vibrate(60);
    setResult({ kind: 'none' });
    // Start finding the position now, so the alert goes out the moment the count ends.
    positionRef.current = getSosPosition(fixTimeoutMs(seconds));
    countdown.start();
  };
  const cancel = () => {
    vibrate(30);
    positionRef.current = null;
    countdown.cancel();
    countdown.reset();
  };

  useEffect(() => {
    if (state.phase === 'counting') vibrate(40);
  }, [state]);

  const busy = state.phase === 'counting' || result.kind === 'sending';

  return (
    <section className="sos-panel" aria-labelledby="sos-heading">
      <h2 id="sos-heading" className="visually-hidden">
        {t('sos.heading')}
      </h2>

      {state.phase === 'counting' ? (
        <div className="sos-countdown" role="timer" aria-live="assertive" aria-atomic="true">
          <p className="sos-countdown__label">{t('sos.countdownLabel')}</p>
          <p className="sos-countdown__number">{state.remaining}</p>
          <button type="button" className="sos-cancel" onClick={cancel} autoFocus>
            {t('sos.cancel')}
          </button>
        </div>
      ) : (
        <div className="sos-button-wrap">
          <button type="button" className="sos-button" onClick={press} disabled={result.kind === 'sending'} aria-describedby="sos-hint">
            <span className="sos-button__label">{t('sos.button')}</span>
            <span className="sos-button__caption">{result.kind === 'sending' ? t('sos.sending') : t('sos.press')}</span>
          </button>
          <p id="sos-hint" className="sos-hint">
            {seconds > 0 ? t('sos.hint', { count: seconds }) : t('sos.hintNow')}
          </p>
        </div>
      )}

      <Call112 />

      {result.kind === 'fallback' && (
        <SmsFallback reason={result.reason} position={result.position} contacts={contacts} onDismiss={() => setResult({ kind: 'none' })} />
      )}
      {result.kind === 'refused' && (
        <p className="sos-error" role="alert">
          {result.message}
        </p>
      )}

      <ThreatChips value={threat} onChange={setThreat} disabled={busy} />

      <label className="sos-switch">
        <input type="checkbox" role="switch" checked={contactsOnly} onChange={(event) => setContactsOnly(event.target.checked)} disabled={busy} />
        <span className="sos-switch__track" aria-hidden="true" />
        <span>
          <span className="sos-switch__label">{t('sos.contactsOnly')}</span>
          <span className="sos-switch__help">{t('sos.contactsOnlyHelp')}</span>
        </span>
      </label>
    </section>
  );
}
