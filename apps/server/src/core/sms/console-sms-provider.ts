import { toE164, type SmsMessage, type SmsProvider } from './sms-provider';

/**
 * Development provider: one line per message on standard output, in the exact form
 * `[sms] to=+91XXXXXXXXXX text=...` that the README and the end-to-end tests read.
 * It is the only place a login code is ever printed.
 */
export function consoleSmsProvider(write: (line: string) => void = (line) => process.stdout.write(line)): SmsProvider {
  return {
    name: 'console',
    async send({ to, text }: SmsMessage) {
      write(`[sms] to=${toE164(to)} text=${text.replace(/[\r\n]+/g, ' ')}\n`);
    },
  };
}
