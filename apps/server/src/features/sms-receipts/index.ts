export { smsReceiptsPlugin } from './sms-receipts.plugin';
