import { z } from 'zod';
import { OkResponse } from '../schemas/common';
import { defineEndpoints } from './endpoint';

/** MSG91's report URL carries the shared secret MSG91_WEBHOOK_TOKEN, when one is set. */
export const Msg91ReceiptQuery = z.object({ token: z.string().max(200).optional() });

/**
 * Delivery receipts the SMS gateways post (their formats, not ours: read as raw forms or JSON
 * by the server). A receipt for an unknown message, or one applied already, is answered 200
 * and changes nothing, so a gateway does not retry it.
 */
export const smsEndpoints = defineEndpoints('sms', {
  'POST /sms/status/twilio': {
    summary:
      "A delivery receipt from Twilio (the message's StatusCallback: MessageSid, MessageStatus, ErrorCode as a form), signed with X-Twilio-Signature by the configured account's auth token; 403 when the signature does not match, 404 when Twilio is not a configured gateway",
    access: 'public',
    body: 'binary',
    contentTypes: ['application/x-www-form-urlencoded'],
    responses: { 200: OkResponse },
    errors: ['forbidden', 'not_found'],
  },
  'POST /sms/status/msg91': {
    summary:
      'A delivery report from MSG91 (its webhook: the `data` form field or a JSON body). With MSG91_WEBHOOK_TOKEN set, the URL must carry it as `?token=`; 403 otherwise, 404 when MSG91 is not a configured gateway',
    access: 'public',
    query: Msg91ReceiptQuery,
    body: 'binary',
    contentTypes: ['application/x-www-form-urlencoded', 'application/json'],
    responses: { 200: OkResponse },
    errors: ['forbidden', 'not_found'],
  },
});
