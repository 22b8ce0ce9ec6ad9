export { createOutboxRepository, enqueue, type ClaimedJob, type OutboxMessage, type OutboxRepository } from './outbox.repository';
export { backoffMs, createOutboxWorker, PermanentJobError, type JobContext, type OutboxHandler, type OutboxWorker } from './outbox-worker';
