import { OkResponse } from '../schemas/common';
import { DeleteAccountBody, DeletionCodeResponse, UserDataExport } from '../schemas/data-rights';
import { defineEndpoints, ok } from './endpoint';

/** The user's rights over their data: a copy of all of it, and deleting the account. */
export const dataRightsEndpoints = defineEndpoints('data-rights', {
  'GET /users/me/export': ok(UserDataExport, { errors: ['user_not_found'] }).summary(
    "All the signed-in user's data as JSON, served as the attachment saathi-data-<date>.json",
  ),
  'POST /users/me/deletion-code': ok(DeletionCodeResponse, {
    errors: ['too_many_requests', 'sms_failed', 'user_not_found'],
  }).summary("Send a fresh 6-digit code by SMS to the user's number to confirm deleting the account (the login's limits apply)"),
  'DELETE /users/me': ok(OkResponse, {
    body: DeleteAccountBody,
    errors: ['code_not_requested', 'code_expired', 'incorrect_code', 'code_locked', 'user_not_found'],
  }).summary(
    'Delete the account with the code sent by POST /users/me/deletion-code: profile, contacts, places, posts, comments, likes, reels and their files; SOS events keep only the volunteers’ ratings, without the person. Every session ends.',
  ),
});
