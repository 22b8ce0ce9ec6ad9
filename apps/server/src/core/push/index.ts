export { createDisabledPushSender, createWebPushSender, type OutcomeListener, type PushOutcome, type PushSender } from './push-sender';
export { createPushSubscriptionsRepository } from './push-subscriptions.repository';
export { loadVapidKeys, type VapidKeys } from './vapid-keys';
export { createInThreadTransport, createWorkerTransport, type PushTransport } from './push-transport';
