import { OkResponse } from '../schemas/common';
import { DeleteAccountBody, DeletionCodeResponse, UserDataExport } from '../schemas/data-rights';
import { defineEndpoints } from './endpoint';

/** The user's rights over their data: a copy of all of it, and deleting the account. */
export const dataRightsEndpoints = defineEndpoints('data-rights', {
  'GET /users/me/export': {
    summary: "All the signed-in user's data as JSON, served as the attachment saathi-data-<date>.json",
    responses: { 200: UserDataExport },
    errors: ['user_not_found'],
  },
  'POST /users/me/deletion-code': {
    summary: "Send a fresh 6-digit code by SMS to the user's number to confirm deleting the account (the login's limits apply)",
    responses: { 200: DeletionCodeResponse },
    errors: ['too_many_requests', 'otp_number_limit', 'otp_ip_limit', 'sms_failed', 'user_not_found'],
  },
  'DELETE /users/me': {
    summary:
      'Delete the account with the code sent by POST /users/me/deletion-code: profile, contacts, places, posts, comments, likes, reels and their files; SOS events keep only the volunteers’ ratings, without the person. Every session ends.',
    body: DeleteAccountBody,
    responses: { 200: OkResponse },
    errors: ['code_not_requested', 'code_expired', 'incorrect_code', 'code_locked', 'too_many_guesses', 'user_not_found'],
  },
});
