import { LoginResponse, OtpRequestBody, OtpRequestResponse, OtpVerifyBody } from '../schemas/auth';
import { OkResponse } from '../schemas/common';
import { defineEndpoints, ok } from './endpoint';

/** OTP login and logout: the session travels as a bearer token (API clients) or an HttpOnly cookie (the web app). */
export const authEndpoints = defineEndpoints('auth', {
  'POST /auth/otp/request': ok(OtpRequestResponse, {
    access: 'public',
    body: OtpRequestBody,
    errors: ['too_many_requests', 'challenge_required', 'sms_failed'],
  }).summary(
    'Send a 6-digit login code by SMS; the answer names the login attempt the code belongs to. Each browser waits 30 s, then 1, 2, 5 and 10 minutes between codes; where requests look abusive, a browser that never signed in to the number gets 428 challenge_required with a proof-of-work challenge to solve first',
  ),
  'POST /auth/otp/verify': ok(LoginResponse, {
    access: 'public',
    body: OtpVerifyBody,
    errors: ['code_not_requested', 'code_expired', 'incorrect_code', 'code_locked', 'challenge_required'],
  }).summary(
    'Exchange the code (with the attemptId of its request) for a session: a bearer token in the body for API clients, and an HttpOnly cookie for the web app; creates the user on first login',
  ),
  'POST /auth/logout': ok(OkResponse).summary('End the session of this request (bearer token or cookie) and clear the cookie'),
});
