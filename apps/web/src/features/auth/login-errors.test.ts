import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';
import { describeLoginError } from './login-errors';

// Echo the key so the test checks which message is chosen, not its wording.
const t = ((key: string) => `t:${key}`) as unknown as TFunction<'auth'>;

describe('login error messages', () => {
  it.each([
    ['incorrect_code', 'code', 't:errors.codeWrong'],
    ['code_expired', 'code', 't:errors.codeExpired'],
    ['code_not_requested', 'code', 't:errors.codeExpired'],
    ['code_locked', 'code', 't:errors.locked'],
  ])('%s is shown on the code field', (code, field, message) => {
    expect(describeLoginError(new ApiError(400, code, 'server text', 'code'), t)).toEqual({ field, message });
  });

  it('shows rate limits above the form', () => {
    expect(describeLoginError(new ApiError(429, 'too_many_requests', 'Please wait 20 seconds'), t)).toEqual({
      field: undefined,
      message: 't:errors.rateLimited',
    });
  });

  it('keeps the server message for other validation errors, on the named field', () => {
    expect(describeLoginError(new ApiError(400, 'validation_error', 'Enter a valid 10-digit mobile number', 'phoneNumber'), t)).toEqual({
      field: 'phoneNumber',
      message: 'Enter a valid 10-digit mobile number',
    });
  });

  it('hides server error details', () => {
    expect(describeLoginError(new ApiError(500, 'internal', 'stack trace'), t)).toEqual({ field: undefined, message: 't:errors.server' });
    expect(describeLoginError(new Error('boom'), t)).toEqual({ field: undefined, message: 't:errors.unexpected' });
  });
});
