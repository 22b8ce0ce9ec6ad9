import type { Language } from '../languages';
import { cutGraphemes } from '../domain/names';
import { ALERTS_CATALOG } from '../locales/alerts';

/**
 * Every SMS Saathi sends, as a closed list of templates. India's carriers deliver an
 * application's SMS only when it matches a content template registered on a DLT portal
 * (TRAI's TCCCPR 2018): fixed text, and variable parts of at most 30 characters each. So the
 * texts live here, in the `sms` part of the `alerts` catalog (en-US, hi-IN, gu-IN), and the
 * only way to make an SMS is `fillSmsTemplate`; `npm run sms:templates` prints the list to
 * register (see the README's "Sending SMS in India").
 */

/** The longest a variable may be after filling, in characters (UTF-16 units: what DLT counts for Indic text). */
export const SMS_VARIABLE_MAX = 30;

/** The most SMS parts a filled template may take (a test checks every template and language). */
export const SMS_SEGMENTS_MAX = 2;

/**
 * How a variable is filled: a `name` is cut to fit (at a letter's edge); a `value` (a code, a
 * number, a link, a word from a closed list) must fit, or the message is not made at all.
 */
type VariableKind = 'name' | 'value';

/**
 * DLT's categories: `transactional` for one-time codes, `service` (Service Implicit) for
 * alerts a person's own action caused, which carriers deliver to numbers on the do-not-disturb
 * list too.
 */
export type SmsCategory = 'transactional' | 'service';

interface TemplateDefinition {
  category: SmsCategory;
  variables: Readonly<Record<string, VariableKind>>;
}

export const SMS_TEMPLATES = {
  /** The login code; its text says how long it lasts (LIMITS.otpTtlSeconds, checked by a test). */
  loginCode: { category: 'transactional', variables: { code: 'value' } },
  /** The code that confirms deleting an account. */
  deletionCode: { category: 'transactional', variables: { code: 'value' } },
  /** An SOS, to each emergency contact: who, what, the live-location link. */
  sosContact: { category: 'service', variables: { name: 'name', threat: 'value', link: 'value' } },
  /** The SOS was cancelled. */
  sosAllClear: { category: 'service', variables: { name: 'name' } },
  /** The safety timer ran out unanswered, with the live-location link. */
  timerOverdue: { category: 'service', variables: { name: 'name', link: 'value' } },
  /** The same when no position is known. */
  timerOverdueNoLink: { category: 'service', variables: { name: 'name' } },
  /** A silent alert (the duress PIN, too many wrong PINs), with the live-location link. */
  timerSilent: { category: 'service', variables: { name: 'name', link: 'value' } },
  timerSilentNoLink: { category: 'service', variables: { name: 'name' } },
  /** The person checked in after their contacts were alerted. */
  timerAllClear: { category: 'service', variables: { name: 'name' } },
  /** A journey started: to each contact watching it, with the live-location link. */
  journeyStarted: { category: 'service', variables: { name: 'name', link: 'value' } },
  journeyStartedNoLink: { category: 'service', variables: { name: 'name' } },
  /** The journey ended safely (the PIN, or unanswered "Arrived?" near the destination). */
  journeyArrived: { category: 'service', variables: { name: 'name' } },
  /** Late, stopped or off course, and "Are you OK?" went unanswered: with the live-location link. */
  journeyAlert: { category: 'service', variables: { name: 'name', link: 'value' } },
  journeyAlertNoLink: { category: 'service', variables: { name: 'name' } },
} as const satisfies Record<string, TemplateDefinition>;

export type SmsTemplateName = keyof typeof SMS_TEMPLATES;
export const SMS_TEMPLATE_NAMES = Object.keys(SMS_TEMPLATES) as SmsTemplateName[];

export type SmsVariables<N extends SmsTemplateName> = { [K in keyof (typeof SMS_TEMPLATES)[N]['variables']]: string };

/** Only `fillSmsTemplate` makes an SmsMessage: a message built by hand does not typecheck. */
declare const filledFromTemplate: unique symbol;

/** A message ready for a gateway: the filled text and what it was filled from. */
export interface SmsMessage {
  /** A bare 10-digit Indian mobile number. */
  readonly to: string;
  readonly text: string;
  readonly template: { name: SmsTemplateName; language: Language; variables: Readonly<Record<string, string>> };
  readonly [filledFromTemplate]: true;
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** The template's fixed text with `{{variable}}` placeholders, in `language`. */
export function smsTemplateText(name: SmsTemplateName, language: Language): string {
  const text = (ALERTS_CATALOG[language].sms as Record<string, string>)[name];
  if (typeof text !== 'string') throw new Error(`SMS template ${name} has no ${language} text`);
  return text;
}

/** The text to register on a DLT portal: every variable as `{#var#}`. */
export function dltTemplateText(name: SmsTemplateName, language: Language): string {
  return smsTemplateText(name, language).replace(PLACEHOLDER, '{#var#}');
}

/** The variables in the order they stand in the text (the order DLT portals and MSG91 number them). */
export function smsTemplateVariables(name: SmsTemplateName, language: Language): string[] {
  return [...smsTemplateText(name, language).matchAll(PLACEHOLDER)].map((match) => match[1] as string);
}

/** Characters no variable may carry: a line break or a control character would change the registered layout. */
const CONTROL = /[\p{Cc}\u2028\u2029]/gu;

function fillVariable(template: SmsTemplateName, language: Language, key: string, kind: VariableKind, raw: string): string {
  const value = raw.replace(CONTROL, ' ').trim();
  // A person without a name that may be quoted (see smsName) is "your contact".
  if (kind === 'name') return cutToUnits(value || ALERTS_CATALOG[language].yourContact, SMS_VARIABLE_MAX);
  if (value.length === 0 || value.length > SMS_VARIABLE_MAX) {
    throw new Error(`SMS template ${template}: ${key} must be 1 to ${SMS_VARIABLE_MAX} characters, got ${value.length}`);
  }
  return value;
}

/** At most `max` UTF-16 units of `text`, cut between letters (never inside a conjunct or before a mark). */
function cutToUnits(text: string, max: number): string {
  let cut = cutGraphemes(text, max);
  for (let points = [...cut].length; cut.length > max && points > 0; points -= 1) cut = cutGraphemes(cut, points - 1);
  return cut;
}

/**
 * The one way to make an SMS: the template in `language` with its variables filled. Names are
 * cut to 30 characters; any other variable longer than that is a mistake in the caller and
 * throws rather than reaching a carrier that would drop the message.
 */
export function fillSmsTemplate<N extends SmsTemplateName>(to: string, name: N, language: Language, variables: SmsVariables<N>): SmsMessage {
  const kinds = SMS_TEMPLATES[name].variables as Readonly<Record<string, VariableKind>>;
  const given = variables as Readonly<Record<string, string>>;
  const filled: Record<string, string> = {};
  for (const [key, kind] of Object.entries(kinds)) {
    const value = given[key];
    if (typeof value !== 'string') throw new Error(`SMS template ${name}: ${key} is missing`);
    filled[key] = fillVariable(name, language, key, kind, value);
  }
  const text = smsTemplateText(name, language).replace(PLACEHOLDER, (_, key: string) => filled[key] ?? '');
  return { to, text, template: { name, language, variables: filled } } as SmsMessage;
}
