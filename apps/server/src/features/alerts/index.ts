export { createAlertsDeliveryHandlers } from './alerts-delivery';
export { alertsPlugin } from './alerts.plugin';
