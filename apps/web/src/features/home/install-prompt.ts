import { useEffect, useState } from 'react';

/** Chromium's install event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

// Listening from this chunk, not the first screen's, keeps the SOS dashboard's JavaScript small;
// a browser that offered the prompt before this page loaded offers it again on the next visit.
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    for (const listener of listeners) listener();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    for (const listener of listeners) listener();
  });
}

/** Whether the app already runs installed (from the Home Screen or as a desktop app). */
export function isInstalled(): boolean {
  if (typeof window === 'undefined') return false;
  const standalone = typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
  return standalone || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

/** The browser's own install prompt when it offers one, else null (then the page shows the manual steps). */
export function useInstallPrompt(): { canPrompt: boolean; install: () => Promise<void> } {
  const [, setVersion] = useState(0);
  useEffect(() => {
    const listener = () => setVersion((v) => v + 1);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
  return {
    canPrompt: deferred !== null,
    install: async () => {
      const event = deferred;
      if (!event) return;
      await event.prompt();
      await event.userChoice;
      // A prompt can be shown once; the browser offers a new event if it may ask again.
      deferred = null;
      setVersion((v) => v + 1);
    },
  };
}
