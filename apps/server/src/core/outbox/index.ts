export { createOutboxRepository, enqueue, type ClaimedJob, type OutboxMessage, type OutboxRepository } from './outbox.repository';
export {
  backoffMs,
  createOutboxWorker,
  OUTBOX_RETENTION,
  PermanentJobError,
  type JobContext,
  type OutboxHandler,
  type OutboxRetention,
  type OutboxWorker,
} from './outbox-worker';
