/** Where MSG91 posts delivery reports (set as the account's webhook, with `?token=` when MSG91_WEBHOOK_TOKEN is set); Twilio's is TWILIO_STATUS_CALLBACK_PATH, given per message. */
export const MSG91_STATUS_PATH = '/api/sms/status/msg91';
