export { smsSize, type SmsEncoding, type SmsSize } from './segments';
export {
  SMS_SEGMENTS_MAX,
  SMS_TEMPLATES,
  SMS_TEMPLATE_NAMES,
  SMS_VARIABLE_MAX,
  dltTemplateText,
  fillSmsTemplate,
  smsTemplateText,
  smsTemplateVariables,
  type SmsCategory,
  type SmsMessage,
  type SmsTemplateName,
  type SmsVariables,
} from './templates';
export { SMS_TEMPLATE_ID_KEYS, smsTemplatesCsv, templateIdKey } from './registration';
