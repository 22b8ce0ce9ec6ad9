import { api, isApiError } from '../../lib/api-client';
import { getSession } from '../../entities/session';
import { createFeedbackOutbox, feedbackForm, indexedDbStore, memoryStore, type FeedbackOutbox, type QueuedFeedback, type SendOutcome } from './feedback-outbox';

/** Sends one queued ticket; offline, a server fault or a lost session keeps it for later. */
export async function sendQueued(item: QueuedFeedback): Promise<SendOutcome> {
  try {
    return { kind: 'sent', ticket: await api.call('POST /feedback', { body: feedbackForm(item) }) };
  } catch (error) {
    if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 408 && error.status !== 429)
      return { kind: 'drop' };
    return { kind: 'retry' };
  }
}

let outbox: FeedbackOutbox | undefined;

/** The app's one outbox (IndexedDB when the browser has it). */
export function feedbackOutbox(): FeedbackOutbox {
  outbox ??= createFeedbackOutbox({
    store: typeof indexedDB === 'undefined' ? memoryStore() : indexedDbStore,
    send: sendQueued,
    flag: typeof localStorage === 'undefined' ? undefined : localStorage,
    currentUserId: () => getSession()?.user.id ?? null,
  });
  return outbox;
}
