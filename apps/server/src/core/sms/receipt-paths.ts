/** Where the gateways post delivery receipts (features/sms-receipts); Twilio is told per message. */
export const TWILIO_STATUS_PATH = '/api/sms/status/twilio';
/** Set as the webhook of the MSG91 account, with `?token=` when MSG91_WEBHOOK_TOKEN is set. */
export const MSG91_STATUS_PATH = '/api/sms/status/msg91';
