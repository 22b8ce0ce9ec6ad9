export { createDeliveryCounter, type DeliveryCounter } from './delivery-counts';
export { createMetrics, metricsText, processMetrics, type DeliveryChannel, type DeliveryOutcome, type Metrics, type MetricsProbes } from './metrics';
export { startMetricsServer, type MetricsServer } from './metrics-server';
