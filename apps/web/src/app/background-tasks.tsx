import { useEffect } from 'react';
import { getSession } from '../entities/session';
import { startFeedbackOutbox } from '../features/feedback';
import { PwaUpdatePrompt } from '../pwa/pwa-update-prompt';

/**
 * What the app starts once the first screen is up (app.tsx loads this module lazily, keeping it
 * off the SOS dashboard's budget): feedback written offline is sent at start and whenever the
 * connection returns, and the service worker is registered, with its update prompt.
 */
export function BackgroundTasks() {
  return (
    <>
      <FeedbackOutbox />
      <PwaUpdatePrompt isSignedIn={isSignedIn} />
    </>
  );
}

function FeedbackOutbox() {
  useEffect(() => startFeedbackOutbox(), []);
  return null;
}

/** Whether someone is signed in on this device, asked when the app is ready offline. */
const isSignedIn = () => getSession() !== null;
