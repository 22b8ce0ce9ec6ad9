/** Set while something waits in the outbox, so app start looks in IndexedDB only when there is something to send. */
export const PENDING_FLAG = 'saathi.feedback.pending';
