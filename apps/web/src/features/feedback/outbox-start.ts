import { PENDING_FLAG } from './pending-flag';

/**
 * Sends feedback that waits on this device at app start and whenever the connection returns.
 * Kept tiny for the first bundle: the outbox itself loads only when the flag says something waits.
 */
export function startFeedbackOutbox(): () => void {
  const flush = () => {
    let waiting: string | null;
    try {
      waiting = localStorage.getItem(PENDING_FLAG);
    } catch {
      return;
    }
    if (waiting && navigator.onLine) void import('./outbox').then(({ feedbackOutbox }) => feedbackOutbox().flush());
  };
  flush();
  window.addEventListener('online', flush);
  return () => window.removeEventListener('online', flush);
}
