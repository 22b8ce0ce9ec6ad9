import { toE164, type SmsMessage, type SmsProvider } from './sms-provider';

/**
 * Development provider: one line per message on standard output, in the exact form
 * `[sms] to=+91XXXXXXXXXX text=...` that the README and the end-to-end tests read.
 * It is the only place a login code is ever printed. The line is all there is to the
 * message, so it is `sent` at once and no receipt follows.
 */
export function consoleSmsProvider(write: (line: string) => void = (line) => process.stdout.write(line)): SmsProvider {
  return {
    name: 'console',
    async send({ to, text }: SmsMessage) {
      write(`[sms] to=${toE164(to)} text=${text.replace(/[\r\n]+/g, ' ')}\n`);
      return { providerMessageId: null, status: 'sent' };
    },
  };
}
