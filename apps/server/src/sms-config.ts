import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { LANGUAGES } from '@saathi/shared';
import { SMS_TEMPLATE_NAMES } from '@saathi/shared/sms';
import { DEFAULT_MSG91_API_URL, DEFAULT_TWILIO_API_URL, type SmsGatewayKind, type SmsGatewaySettings, type SmsSettings } from './core/sms';

/**
 * The SMS part of the configuration (README, "Configuration" and "Sending SMS in India"):
 * which gateways, their credentials, and the DLT registration. config.ts folds SMS_ENV into
 * its schema and smsProblems into its list; this file keeps the rules between them together.
 */

const GATEWAYS = ['console', 'http', 'msg91', 'twilio'] as const satisfies readonly SmsGatewayKind[];

/** Empty strings count as unset, as in config.ts. */
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const httpUrl = optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional());

export const SMS_ENV = {
  SMS_PROVIDER: z.enum(GATEWAYS).default('console'),
  SMS_FALLBACK_PROVIDER: optionalText.pipe(z.enum(GATEWAYS).optional()),
  SMS_HTTP_URL: optionalText.pipe(z.url().optional()),
  SMS_HTTP_TOKEN: optionalText,
  /** The principal entity's DLT id: digits (19 on the portals of today). */
  SMS_DLT_ENTITY_ID: optionalText.pipe(
    z
      .string()
      .regex(/^\d{10,30}$/, 'must be the DLT entity id (digits)')
      .optional(),
  ),
  /** The registered header of service and transactional SMS: 6 letters. */
  SMS_SENDER_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z]{6}$/, 'must be the 6-letter DLT header')
      .transform((v) => v.toUpperCase())
      .optional(),
  ),
  /** A JSON file: `name.language` → registered template id (read by readSmsTemplateIds). */
  SMS_TEMPLATE_IDS: optionalText,
  TWILIO_ACCOUNT_SID: optionalText.pipe(
    z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'must be AC followed by 32 hex digits')
      .optional(),
  ),
  TWILIO_AUTH_TOKEN: optionalText,
  TWILIO_FROM: optionalText,
  TWILIO_MESSAGING_SERVICE_SID: optionalText.pipe(
    z
      .string()
      .regex(/^MG[0-9a-fA-F]{32}$/, 'must be MG followed by 32 hex digits')
      .optional(),
  ),
  TWILIO_API_URL: httpUrl,
  MSG91_AUTH_KEY: optionalText,
  MSG91_API_URL: httpUrl,
  /** A receipt URL must carry it as `?token=`: MSG91 signs nothing, so this is what keeps forged reports out. */
  MSG91_WEBHOOK_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  /** How long a gateway may take to answer before the message counts as not taken (it is retried, then the fallback). */
  SMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
};

type SmsEnv = z.output<z.ZodObject<typeof SMS_ENV>>;

/** The variables each gateway cannot work without. */
const REQUIRED: Record<SmsGatewayKind, string[]> = {
  console: [],
  http: ['SMS_HTTP_URL'],
  msg91: ['MSG91_AUTH_KEY'],
  twilio: ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'],
};

/**
 * An SMS link is `host/t/` and a 12-character token, and a DLT variable holds at most 30
 * characters (SMS_VARIABLE_MAX): so PUBLIC_URL's host may have at most 15.
 */
export const SMS_LINK_HOST_MAX = 15;

const isGateway = (value: string | undefined): value is SmsGatewayKind => (GATEWAYS as readonly string[]).includes(value ?? '');

/** Every template a production gateway must have an id for: each name in each language. */
export const SMS_TEMPLATE_KEYS: readonly string[] = SMS_TEMPLATE_NAMES.flatMap((name) => LANGUAGES.map((language) => `${name}.${language}`));

/**
 * Rules between the SMS variables, checked on the raw environment so they are listed with
 * the rest. `templateIds` is what SMS_TEMPLATE_IDS held (undefined when unset or unreadable:
 * readSmsTemplateIds has said why).
 */
export function smsProblems(env: Record<string, string | undefined>, templateIds: Readonly<Record<string, string>> | undefined): string[] {
  const set = (key: string) => (env[key] ?? '').trim() !== '';
  const primary = (env.SMS_PROVIDER ?? '').trim() || 'console';
  const fallback = (env.SMS_FALLBACK_PROVIDER ?? '').trim() || undefined;
  const problems: string[] = [];
  for (const [variable, kind] of [
    ['SMS_PROVIDER', primary],
    ['SMS_FALLBACK_PROVIDER', fallback],
  ] as const) {
    if (!isGateway(kind)) continue;
    for (const key of REQUIRED[kind]) if (!set(key)) problems.push(`${key}: is required when ${variable}=${kind}`);
    if (kind === 'twilio' && !set('TWILIO_FROM') && !set('TWILIO_MESSAGING_SERVICE_SID')) {
      problems.push(`TWILIO_FROM, TWILIO_MESSAGING_SERVICE_SID: one is required when ${variable}=twilio (the sender, or a messaging service that picks it)`);
    }
  }
  if (fallback !== undefined && fallback === primary) problems.push(`SMS_FALLBACK_PROVIDER: must differ from SMS_PROVIDER (both are ${primary})`);

  const isProduction = env.NODE_ENV === 'production';
  const gateways = [primary, fallback].filter((kind) => kind !== undefined && kind !== 'console');
  if (isProduction && fallback === 'console') problems.push('SMS_FALLBACK_PROVIDER: console sends nothing, so it is no fallback in production');
  if (isProduction && gateways.length > 0) {
    const which = `in production with SMS_PROVIDER=${primary}${fallback ? ` and SMS_FALLBACK_PROVIDER=${fallback}` : ''}`;
    if (!set('SMS_TEMPLATE_IDS')) {
      problems.push(`SMS_TEMPLATE_IDS: is required ${which}: carriers in India deliver only SMS that match a registered DLT template`);
    } else if (templateIds) {
      const missing = SMS_TEMPLATE_KEYS.filter((key) => !templateIds[key]);
      if (missing.length > 0) problems.push(`SMS_TEMPLATE_IDS: no template id ${which} for ${missing.join(', ')}`);
    }
  }
  // Any real gateway, in any environment: an SMS whose link does not fit could not be sent.
  const host = publicHost(env.PUBLIC_URL);
  if (gateways.length > 0 && host && host.length > SMS_LINK_HOST_MAX) {
    problems.push(
      `PUBLIC_URL: its host ${host} has ${host.length} characters; SMS links (host/t/ and 12 characters) fit a DLT variable only with a host of at most ${SMS_LINK_HOST_MAX}: use a shorter domain`,
    );
  }
  return problems;
}

function publicHost(publicUrl: string | undefined): string | undefined {
  const value = publicUrl?.trim();
  return value && URL.canParse(value) ? new URL(value).host : undefined;
}

/**
 * The JSON file SMS_TEMPLATE_IDS names, resolved like DATA_DIR: an object from `name.language`
 * (`sosContact.hi-IN`) to the id the DLT portal (or MSG91) gave that template. Any mistake in
 * it is a problem of the configuration, never a message that fails later.
 */
export function readSmsTemplateIds(file: string | undefined, baseDir: string): { templateIds: Record<string, string> | undefined; problems: string[] } {
  if (!file) return { templateIds: {}, problems: [] };
  const fullPath = path.resolve(baseDir, file);
  const problem = (why: string) => ({ templateIds: undefined, problems: [`SMS_TEMPLATE_IDS: ${fullPath} ${why}`] });
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(fullPath, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return problem(code ? `cannot be read (${code})` : `is not JSON (${(error as Error).message})`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return problem('must hold one JSON object: {"sosContact.hi-IN": "<template id>", …}');
  const templateIds: Record<string, string> = {};
  const problems: string[] = [];
  for (const [key, id] of Object.entries(json)) {
    if (!SMS_TEMPLATE_KEYS.includes(key))
      problems.push(`SMS_TEMPLATE_IDS: ${fullPath}: unknown template ${key} (keys are name.language, e.g. sosContact.hi-IN)`);
    else if (typeof id !== 'string' || !/^[\w-]{1,64}$/.test(id.trim()))
      problems.push(`SMS_TEMPLATE_IDS: ${fullPath}: ${key} must be a template id (letters, digits, - or _)`);
    else templateIds[key] = id.trim();
  }
  return problems.length > 0 ? { templateIds: undefined, problems } : { templateIds, problems: [] };
}

function gatewaySettings(kind: SmsGatewayKind, e: SmsEnv): SmsGatewaySettings {
  switch (kind) {
    case 'console':
      return { kind };
    case 'http':
      return { kind, url: e.SMS_HTTP_URL as string, token: e.SMS_HTTP_TOKEN };
    case 'msg91':
      return {
        kind,
        authKey: e.MSG91_AUTH_KEY as string,
        apiUrl: (e.MSG91_API_URL ?? DEFAULT_MSG91_API_URL).replace(/\/+$/, ''),
        webhookToken: e.MSG91_WEBHOOK_TOKEN,
      };
    case 'twilio':
      return {
        kind,
        accountSid: e.TWILIO_ACCOUNT_SID as string,
        authToken: e.TWILIO_AUTH_TOKEN as string,
        from: e.TWILIO_FROM,
        messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID,
        apiUrl: (e.TWILIO_API_URL ?? DEFAULT_TWILIO_API_URL).replace(/\/+$/, ''),
      };
  }
}

/** The settings of a checked environment (smsProblems found nothing). */
export function smsSettingsOf(e: SmsEnv, templateIds: Readonly<Record<string, string>>): SmsSettings {
  return {
    gateway: gatewaySettings(e.SMS_PROVIDER, e),
    fallback: e.SMS_FALLBACK_PROVIDER ? gatewaySettings(e.SMS_FALLBACK_PROVIDER, e) : null,
    dlt: { entityId: e.SMS_DLT_ENTITY_ID, senderId: e.SMS_SENDER_ID, templateIds },
    timeoutMs: e.SMS_TIMEOUT_MS,
  };
}
