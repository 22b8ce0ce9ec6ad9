/** Sends one text message. `to` is a bare 10-digit Indian mobile number. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

export interface SmsMessage {
  to: string;
  text: string;
}

/** Which provider sends the texts (SMS_PROVIDER, SMS_HTTP_*): the console, or an HTTP gateway. */
export type SmsSettings = { provider: 'console' } | { provider: 'http'; url: string; token: string | undefined };

/** E.164 form of a stored 10-digit number (India, country code 91). */
export function toE164(phoneNumber: string): string {
  return `+91${phoneNumber}`;
}
