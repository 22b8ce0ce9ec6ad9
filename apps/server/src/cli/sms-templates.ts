import { SMS_TEMPLATE_ID_KEYS, smsTemplatesCsv } from '@saathi/shared/sms';

/**
 * `npm run sms:templates`: every SMS the app sends, as CSV to register on a DLT portal
 * (README, "Sending SMS in India"). With `--ids`: a skeleton of the SMS_TEMPLATE_IDS file,
 * every key with an empty id, to fill with the ids the portal gives.
 */
if (process.argv.includes('--ids')) {
  process.stdout.write(`${JSON.stringify(Object.fromEntries(SMS_TEMPLATE_ID_KEYS.map((key) => [key, ''])), null, 2)}\n`);
} else {
  process.stdout.write(smsTemplatesCsv());
}
