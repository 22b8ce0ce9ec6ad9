import { describe, expect, it } from 'vitest';
import { checkOtpCode, checkPhoneNumber, formatPhoneForDisplay, keepDigits } from './login-validation';

describe('login validation', () => {
  it.each(['9876543210', '98765 43210', '+91 98765-43210', '919876543210', '09876543210'])('accepts %s', (input) => {
    expect(checkPhoneNumber(input)).toEqual({ ok: true, value: '9876543210' });
  });

  it.each([
    ['', 'errors.phoneRequired'],
    ['987654321', 'errors.phoneInvalid'],
    ['98765432100', 'errors.phoneInvalid'],
    ['abcdefghij', 'errors.phoneInvalid'],
    ['1234567890', 'errors.phoneInvalid'],
  ])('rejects %j', (input, errorKey) => {
    expect(checkPhoneNumber(input)).toEqual({ ok: false, errorKey });
  });

  it('checks the code has exactly 6 digits', () => {
    expect(checkOtpCode('123456')).toEqual({ ok: true, value: '123456' });
    expect(checkOtpCode('')).toEqual({ ok: false, errorKey: 'errors.codeRequired' });
    expect(checkOtpCode('12345')).toEqual({ ok: false, errorKey: 'errors.codeInvalid' });
    expect(checkOtpCode('12a456')).toEqual({ ok: false, errorKey: 'errors.codeInvalid' });
  });

  it('formats and filters for display and typing', () => {
    expect(formatPhoneForDisplay('9876543210')).toBe('+91 98765 43210');
    expect(keepDigits('12-34 56789', 6)).toBe('123456');
  });
});
