import { SmsGatewayError, type SmsMessage, type SmsProvider } from '../src/core/sms';

/** Keeps every message instead of sending it, so tests can read the login code. */
export interface RecordingSms extends SmsProvider {
  messages: SmsMessage[];
  /** The code of the last message to `phoneNumber` (the first 6-digit run, as e2e reads it). */
  lastCode(phoneNumber: string): string;
  /** Makes the next `count` sends fail, like a gateway that is down (a 5xx: worth trying again). */
  failNext(count?: number): void;
}

export function createRecordingSms(name = 'recording'): RecordingSms {
  let failures = 0;
  const messages: SmsMessage[] = [];
  return {
    name,
    messages,
    async send(message) {
      if (failures > 0) {
        failures -= 1;
        throw new SmsGatewayError('gateway down', false);
      }
      messages.push(message);
      return { providerMessageId: `${name}-${messages.length}`, status: 'sent' };
    },
    lastCode(phoneNumber) {
      const last = messages.filter((m) => m.to === phoneNumber).at(-1);
      const code = last && /\d{6}/.exec(last.text)?.[0];
      if (!code) throw new Error(`no code was sent to ${phoneNumber}`);
      return code;
    },
    failNext(count = 1) {
      failures = count;
    },
  };
}
