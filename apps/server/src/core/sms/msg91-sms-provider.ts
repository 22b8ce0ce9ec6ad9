import { DEFAULT_GATEWAY_TIMEOUT_MS, exchange, field, gatewaySays, isPermanentStatus, isSuccessStatus, parseJson } from './gateway-http';
import { SmsGatewayError, templateIdOf, type SmsDltSettings, type SmsMessage, type SmsProvider } from './sms-provider';

export const DEFAULT_MSG91_API_URL = 'https://control.msg91.com';

export interface Msg91SmsOptions {
  authKey: string;
  /** MSG91_API_URL: the API's origin, without a path. */
  apiUrl: string;
  dlt: SmsDltSettings;
  timeoutMs?: number;
}

/** The body of MSG91's Flow API v5 (`POST /api/v5/flow`) for one message. */
export interface Msg91FlowRequest {
  template_id: string;
  /** "0": links stay as written, or the text would no longer match its DLT template. */
  short_url: '0';
  recipients: Array<Record<string, string>>;
}

/**
 * One recipient, the template's variables under their own names: each MSG91 template is
 * registered with `##name##`-style variables named as ours (`##code##`, `##minutes##`,
 * `##name##`, `##threat##`, `##link##`), so MSG91 fills the same text we did. `mobiles` is
 * set last so that no variable can take its place.
 */
export function msg91FlowRequest(message: SmsMessage, templateId: string): Msg91FlowRequest {
  return { template_id: templateId, short_url: '0', recipients: [{ ...message.template.variables, mobiles: `91${message.to}` }] };
}

/**
 * MSG91's Flow API: MSG91 keeps the template (its own id in SMS_TEMPLATE_IDS, mapped to
 * the DLT template in MSG91's panel) and fills it with our variables. It answers
 * `{"type":"success","message":"<request id>"}`; its delivery reports carry that request id
 * (parseMsg91Receipts), so the message is `queued` until they come.
 */
export function msg91SmsProvider({ authKey, apiUrl, dlt, timeoutMs = DEFAULT_GATEWAY_TIMEOUT_MS }: Msg91SmsOptions): SmsProvider {
  const url = `${apiUrl.replace(/\/+$/, '')}/api/v5/flow`;
  return {
    name: 'msg91',
    async send(message) {
      const key = `${message.template.name}.${message.template.language}`;
      const templateId = templateIdOf(dlt, message);
      // Without its id MSG91 cannot know the template: no try will ever pass.
      if (!templateId) throw new SmsGatewayError(`MSG91: no template id for ${key} in SMS_TEMPLATE_IDS`, true);
      const init = {
        method: 'POST',
        headers: { authkey: authKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(msg91FlowRequest(message, templateId)),
      };
      const answer = await exchange('MSG91', url, init, timeoutMs);
      if (!isSuccessStatus(answer.status)) throw new SmsGatewayError(`MSG91 answered ${answer.status} for ${key}`, isPermanentStatus(answer.status));
      const json = parseJson(answer.body);
      const requestId = field(json, 'message');
      if (field(json, 'type') === 'success' && typeof requestId === 'string' && requestId !== '') return { providerMessageId: requestId, status: 'queued' };
      // MSG91 refuses a request (a bad number, an unknown template, no balance) with a 200 and type "error".
      if (field(json, 'type') === 'error') throw new SmsGatewayError(`MSG91 refused ${key}: ${gatewaySays(field(json, 'message'))}`, true);
      // A 2xx we cannot read may or may not have sent it: another try risks a second SMS, never none.
      throw new SmsGatewayError(`MSG91 answered ${answer.status} without a request id for ${key}`, false);
    },
  };
}
