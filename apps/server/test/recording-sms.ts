import type { SmsMessage, SmsProvider } from '../src/core/sms';

/** Keeps every message instead of sending it, so tests can read the login code. */
export interface RecordingSms extends SmsProvider {
  messages: SmsMessage[];
  /** The code of the last message to `phoneNumber` (the first 6-digit run, as e2e reads it). */
  lastCode(phoneNumber: string): string;
  /** Makes the next send throw, like a gateway that is down. */
  failNext(): void;
}

export function createRecordingSms(): RecordingSms {
  let fail = false;
  const messages: SmsMessage[] = [];
  return {
    name: 'recording',
    messages,
    async send(message) {
      if (fail) {
        fail = false;
        throw new Error('gateway down');
      }
      messages.push(message);
    },
    lastCode(phoneNumber) {
      const last = messages.filter((m) => m.to === phoneNumber).at(-1);
      const code = last && /\d{6}/.exec(last.text)?.[0];
      if (!code) throw new Error(`no code was sent to ${phoneNumber}`);
      return code;
    },
    failNext() {
      fail = true;
    },
  };
}
