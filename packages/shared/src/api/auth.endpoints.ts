import { LoginResponse, OtpRequestBody, OtpRequestResponse, OtpVerifyBody } from '../schemas/auth';
import { OkResponse } from '../schemas/common';
import { defineEndpoints } from './endpoint';

/** OTP login and logout: the session travels as a bearer token (API clients) or an HttpOnly cookie (the web app). */
export const authEndpoints = defineEndpoints('auth', {
  'POST /auth/otp/request': {
    summary: 'Send a 6-digit login code by SMS; the answer names the login attempt the code belongs to',
    access: 'public',
    body: OtpRequestBody,
    responses: { 200: OtpRequestResponse },
    errors: ['too_many_requests', 'otp_number_limit', 'otp_ip_limit', 'sms_failed'],
  },
  'POST /auth/otp/verify': {
    summary:
      'Exchange the code (with the attemptId of its request) for a session: a bearer token in the body for API clients, and an HttpOnly cookie for the web app; creates the user on first login',
    access: 'public',
    body: OtpVerifyBody,
    responses: { 200: LoginResponse },
    errors: ['code_not_requested', 'code_expired', 'incorrect_code', 'code_locked', 'too_many_guesses'],
  },
  'POST /auth/logout': {
    summary: 'End the session of this request (bearer token or cookie) and clear the cookie',
    responses: { 200: OkResponse },
  },
});
