import type { Timestamp } from './columns';

/** A radius step of an SOS whose last push was accepted (migration 0037). */
export interface SosFanoutStepsTable {
  event_id: number;
  /** 1 is the first step: the contacts and the first radius. */
  step: number;
  raised_at: Timestamp;
  done_at: Timestamp;
}

export type DeliveryChannel = 'push' | 'sms' | 'inapp';
export type DeliveryOutcome = 'ok' | 'failed' | 'expired' | 'refused';

/** Deliveries per minute, channel and outcome, summed over the processes (migration 0037). */
export interface DeliveryCountsTable {
  minute: Timestamp;
  channel: DeliveryChannel;
  outcome: DeliveryOutcome;
  count: number;
}

export interface OperationsTables {
  sos_fanout_steps: SosFanoutStepsTable;
  delivery_counts: DeliveryCountsTable;
}
