import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { errorTextKey } from '../../lib/error-text';
import { describeLoginError } from './login-errors';

// Echo the errors-namespace key so the test checks which text is chosen, not its wording.
const text = (error: unknown) => `errors:${errorTextKey(error)}`;

describe('login error messages', () => {
  it.each([
    ['incorrect_code', 400],
    ['code_expired', 400],
    ['code_not_requested', 400],
    ['code_locked', 429],
  ])('%s is shown on the code field, in the text of its code', (code, status) => {
    expect(describeLoginError(new ApiError(status, code, 'server text', 'code'), text)).toEqual({ field: 'code', message: `errors:${code}` });
    expect(describeLoginError(new ApiError(status, code, 'server text'), text)).toEqual({ field: 'code', message: `errors:${code}` });
  });

  it('shows waiting above the form', () => {
    expect(describeLoginError(new ApiError(429, 'too_many_requests', 'Please wait 20 seconds', undefined, { seconds: 20 }), text)).toEqual({
      field: undefined,
      message: 'errors:too_many_requests',
    });
  });

  it('shows other refusals on the named field', () => {
    expect(describeLoginError(new ApiError(400, 'validation_error', 'Enter a valid 10-digit mobile number', 'phoneNumber'), text)).toEqual({
      field: 'phoneNumber',
      message: 'errors:validation_error',
    });
  });

  it('hides server error details and words network trouble', () => {
    expect(describeLoginError(new ApiError(500, 'internal_error', 'stack trace'), text)).toEqual({ field: undefined, message: 'errors:internal_error' });
    expect(describeLoginError(new ApiError(502, 'sms_failed', 'gateway'), text)).toEqual({ field: undefined, message: 'errors:sms_failed' });
    expect(describeLoginError(new ApiError(0, 'NETWORK_ERROR', 'offline'), text)).toEqual({ field: undefined, message: 'errors:network_error' });
    expect(describeLoginError(new Error('boom'), text)).toEqual({ field: undefined, message: 'errors:unknown' });
  });
});
