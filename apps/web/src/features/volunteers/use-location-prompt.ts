import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toast';
import type { LocationDialog } from './location-dialogs';
import { LocationError, locationStore, PROMPT_TIMEOUT_MS, useLocationState, type LocationStore, type StoredPosition } from '../../entities/location';
import { isIosStandalone } from './platform';

export interface LocationPromptOptions {
  /** Called with each position this flow obtains. */
  onPosition: (position: StoredPosition) => void;
  /** Called when no position came, with why (the screen shows its own message). */
  onError?: (error: LocationError) => void;
  store?: LocationStore;
  iosStandalone?: () => boolean;
}

/**
 * The permission flow every screen that needs location uses (SPEC.md §2, §4): granted → read
 * the position; prompt → the 'Enable Location' dialog first; denied on an iOS home-screen app
 * → the Settings steps. Toasts say granted/denied; the prompt flow waits 5 s (SPEC.md §9).
 */
export function useLocationPrompt({ onPosition, onError, store = locationStore(), iosStandalone = isIosStandalone }: LocationPromptOptions) {
  const { t } = useTranslation('location');
  const toast = useToast();
  const { permission } = useLocationState(store);
  const [dialog, setDialog] = useState<LocationDialog>(null);
  const [locating, setLocating] = useState(false);
  // The latest callbacks, without restarting a flow already under way when they change.
  const callbacks = useRef({ onPosition, onError });
  useEffect(() => {
    callbacks.current = { onPosition, onError };
  });

  const read = useCallback(
    async (announce: boolean) => {
      setLocating(true);
      try {
        const position = await store.requestPosition(PROMPT_TIMEOUT_MS);
        if (announce) toast.success(t('toast.granted'));
        callbacks.current.onPosition(position);
      } catch (reason) {
        const error = reason instanceof LocationError ? reason : new LocationError('unavailable');
        if (error.kind === 'denied') {
          toast.error(t('toast.denied'));
          if (iosStandalone()) setDialog('ios');
        }
        callbacks.current.onError?.(error);
      } finally {
        setLocating(false);
      }
    },
    [store, toast, t, iosStandalone],
  );

  /** Starts the flow: what happens depends on where the permission stands. */
  const ask = useCallback(() => {
    const current = store.getState().permission;
    if (current === 'granted') void read(false);
    else if (current === 'denied') {
      if (iosStandalone()) setDialog('ios');
      else void read(true);
    } else setDialog('enable');
  }, [store, read, iosStandalone]);

  const dialogProps = {
    dialog,
    onLater: () => setDialog(null),
    onEnable: () => {
      setDialog(null);
      void read(true);
    },
    onGotIt: () => setDialog(null),
  };

  return { permission, ask, locating, dialogProps };
}
