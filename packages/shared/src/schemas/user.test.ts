import { describe, expect, it } from 'vitest';
import { OtpVerifyBody } from './auth';
import { PhoneNumber } from './common';
import { UpdateUserBody } from './user';

describe('PhoneNumber', () => {
  it.each([
    ['9876543210', '9876543210'],
    ['+91 98765 43210', '9876543210'],
    ['919876543210', '9876543210'],
    ['98765-43210', '9876543210'],
  ])('accepts %s as %s', (input, expected) => {
    expect(PhoneNumber.parse(input)).toBe(expected);
  });

  it.each(['987654321', 'abcdefghij', '1234567890', '+1 9876543210', '98765432100'])('rejects %s', (input) => {
    expect(PhoneNumber.safeParse(input).success).toBe(false);
  });
});

describe('OtpVerifyBody', () => {
  const attemptId = 'a'.repeat(43);

  it('needs exactly six digits', () => {
    expect(OtpVerifyBody.safeParse({ phoneNumber: '9876543210', code: '12345', attemptId }).success).toBe(false);
    expect(OtpVerifyBody.safeParse({ phoneNumber: '9876543210', code: '12345a', attemptId }).success).toBe(false);
    expect(OtpVerifyBody.parse({ phoneNumber: '9876543210', code: ' 123456 ', attemptId }).code).toBe('123456');
  });

  it('needs the attemptId of the code request', () => {
    expect(OtpVerifyBody.safeParse({ phoneNumber: '9876543210', code: '123456' }).success).toBe(false);
    expect(OtpVerifyBody.safeParse({ phoneNumber: '9876543210', code: '123456', attemptId: 'short' }).success).toBe(false);
  });
});

describe('UpdateUserBody', () => {
  const pathOf = (body: unknown) => {
    const result = UpdateUserBody.safeParse(body);
    return result.success ? null : result.error.issues[0]?.path.join('.');
  };

  it('names the field that failed', () => {
    expect(pathOf({ dob: '2999-01-01' })).toBe('dob');
    expect(pathOf({ dob: '2001-02-30' })).toBe('dob');
    expect(pathOf({ name: 'x'.repeat(81) })).toBe('name');
    expect(pathOf({ emergencyContacts: [{ name: 'Asha', phoneNumber: '12345' }] })).toBe('emergencyContacts.0.phoneNumber');
    expect(pathOf({ locations: [{ name: 'Home', location: { type: 'Point', coordinates: [72.5, 95] } }] })).toBe('locations.0.location.coordinates.1');
  });

  it('rejects fields it does not know', () => {
    expect(UpdateUserBody.safeParse({ role: 'admin' }).success).toBe(false);
  });

  it('accepts a complete valid profile', () => {
    const parsed = UpdateUserBody.parse({
      name: 'Asha Patel',
      dob: '2000-05-17',
      pincode: '380001',
      emergencyContacts: [{ name: 'Ravi', phoneNumber: '+91 91234 56789' }],
      locations: [{ name: 'Home', location: { type: 'Point', coordinates: [72.57, 23.02] } }],
      defaultApp: 'news',
      language: 'gu-IN',
    });
    expect(parsed.emergencyContacts?.[0]?.phoneNumber).toBe('9123456789');
    expect(parsed.locations?.[0]?.isBusinessLocation).toBe(false);
  });
});
