import { LANGUAGES, type Language } from '../languages';
import { SMS_TEMPLATES, SMS_TEMPLATE_NAMES, dltTemplateText, smsTemplateVariables, type SmsTemplateName } from './templates';

/** The key of a template in SMS_TEMPLATE_IDS: `name.language`, e.g. `sosContact.hi-IN`. */
export const templateIdKey = (name: SmsTemplateName, language: Language) => `${name}.${language}`;

/** Every key SMS_TEMPLATE_IDS must hold for a real gateway. */
export const SMS_TEMPLATE_ID_KEYS: readonly string[] = SMS_TEMPLATE_NAMES.flatMap((name) => LANGUAGES.map((language) => templateIdKey(name, language)));

const csvField = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * What to register on a DLT portal, one row per template and language (RFC 4180 CSV): the
 * name and language (together the key of SMS_TEMPLATE_IDS), the category, the text with every
 * variable as `{#var#}`, and the variables in the order they stand in the text.
 */
export function smsTemplatesCsv(): string {
  const rows = [['name', 'language', 'category', 'text', 'variables']];
  for (const name of SMS_TEMPLATE_NAMES) {
    for (const language of LANGUAGES) {
      rows.push([name, language, SMS_TEMPLATES[name].category, dltTemplateText(name, language), smsTemplateVariables(name, language).join(' ')]);
    }
  }
  return `${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
