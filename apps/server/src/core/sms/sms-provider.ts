import type { SmsMessage } from '@saathi/shared/sms';
import type { SmsStatus } from '@saathi/shared';

export type { SmsMessage };

/** The gateways Saathi can send through (SMS_PROVIDER, SMS_FALLBACK_PROVIDER). */
export type SmsGatewayKind = 'console' | 'http' | 'msg91' | 'twilio';

/** What a gateway said when it took a message. */
export interface SmsAccepted {
  /** The gateway's id of the message, which its delivery receipts carry; null when it gives none. */
  providerMessageId: string | null;
  /** `queued` when receipts will follow, `sent` when the gateway's answer is all we will hear. */
  status: Extract<SmsStatus, 'queued' | 'sent'>;
}

/** Sends one filled template (see @saathi/shared/sms): the only way an SMS leaves the server. */
export interface SmsProvider {
  /** The gateway's kind (console, http, msg91, twilio): what sms_messages.provider records. */
  readonly name: string;
  send(message: SmsMessage): Promise<SmsAccepted>;
}

/**
 * A gateway did not take the message. `permanent`: it refused this message for good (a 4xx
 * such as a bad number or a template it does not know), so trying it again there is useless;
 * otherwise (5xx, timeout, network) the same gateway may take it later.
 */
export class SmsGatewayError extends Error {
  override name = 'SmsGatewayError';
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** A delivery receipt, whichever gateway sent it. */
export interface SmsReceipt {
  providerMessageId: string;
  status: SmsStatus;
  /** The gateway's error code or description, when it gave one. */
  error: string | null;
}

/** DLT registration (TRAI's TCCCPR 2018): who sends, under which header, with which templates. */
export interface SmsDltSettings {
  /** SMS_DLT_ENTITY_ID: the principal entity's id. */
  entityId: string | undefined;
  /** SMS_SENDER_ID: the registered header (6 letters). */
  senderId: string | undefined;
  /** SMS_TEMPLATE_IDS: `name.language` → the registered template's id. */
  templateIds: Readonly<Record<string, string>>;
}

/** E.164 form of a stored 10-digit number (India, country code 91). */
export function toE164(phoneNumber: string): string {
  return `+91${phoneNumber}`;
}

/** The registered template id of a message, or undefined when none is configured. */
export const templateIdOf = (dlt: SmsDltSettings, message: SmsMessage): string | undefined =>
  dlt.templateIds[`${message.template.name}.${message.template.language}`];

/** One gateway's settings (see the README's table: SMS_*, TWILIO_*, MSG91_*). */
export type SmsGatewaySettings =
  | { kind: 'console' }
  | { kind: 'http'; url: string; token: string | undefined }
  | { kind: 'msg91'; authKey: string; apiUrl: string; webhookToken: string | undefined }
  | {
      kind: 'twilio';
      accountSid: string;
      authToken: string;
      /** A sender number or header; or a messaging service instead. */
      from: string | undefined;
      messagingServiceSid: string | undefined;
      apiUrl: string;
    };

export interface SmsSettings {
  gateway: SmsGatewaySettings;
  /** SMS_FALLBACK_PROVIDER: tried when the first refuses or does not answer. */
  fallback: SmsGatewaySettings | null;
  dlt: SmsDltSettings;
  /** SMS_TIMEOUT_MS: how long each gateway may take to answer (10 s). */
  timeoutMs: number;
}
