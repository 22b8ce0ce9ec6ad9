import type { TFunction } from 'i18next';
import { UpdateUserBody } from '@saathi/shared';
import { describe, expect, it } from 'vitest';
import { fieldErrorsFromIssues, leafField, messageForField, messageForServerError } from './field-errors';

// Echoes the key (and count) so the assertions name the message that would be shown.
const t = ((key: string, options?: { count?: number }) => (options?.count === undefined ? key : `${key}:${options.count}`)) as unknown as TFunction<'profile'>;

describe('field errors', () => {
  it('finds the field a dotted server path names', () => {
    expect(leafField('emergencyContacts.2.phoneNumber')).toBe('phoneNumber');
    expect(leafField('locations.0.location.coordinates.1')).toBe('location');
    expect(leafField('dob')).toBe('dob');
  });

  it('maps shared-schema issues to one message per field', () => {
    const parsed = UpdateUserBody.safeParse({
      name: '',
      pincode: '012345',
      dob: '2999-01-01',
      city: 'x'.repeat(81),
      emergencyContacts: [{ name: 'Ravi', phoneNumber: '12345' }],
    });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(fieldErrorsFromIssues(t, parsed.error.issues)).toEqual({
      name: 'validation.required',
      pincode: 'validation.invalid.pincode',
      dob: 'validation.invalid.dob',
      city: 'validation.tooLong:80',
      'emergencyContacts.0.phoneNumber': 'validation.invalid.phoneNumber',
    });
  });

  it('translates server error codes that have their own text, else uses the field message', () => {
    const text = (error: unknown) => `errors:${(error as { code: string }).code}`;
    expect(messageForServerError(t, { code: 'dob_change_not_allowed', field: 'dob' }, text)).toEqual({
      message: 'errors:dob_change_not_allowed',
      specific: true,
    });
    expect(messageForServerError(t, { code: 'validation_error', field: 'dob' }, text)).toEqual({ message: 'validation.invalid.dob', specific: false });
    expect(messageForServerError(t, { code: 'HTTP_400', field: 'dob' }, text)).toEqual({ message: 'validation.invalid.dob', specific: false });
  });

  it('words the name rule for a person’s and a business name, not for a place’s name', () => {
    const parsed = UpdateUserBody.safeParse({
      name: 'Priya123',
      businessName: 'Shop www.shop.in',
      emergencyContacts: [{ name: 'x'.repeat(81), phoneNumber: '9876543210' }],
    });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(fieldErrorsFromIssues(t, parsed.error.issues)).toEqual({
      name: 'validation.invalid.name',
      businessName: 'validation.invalid.businessName',
      'emergencyContacts.0.name': 'validation.tooLong:80',
    });
    expect(messageForField(t, 'emergencyContacts.3.name', 'invalid')).toBe('validation.invalid.name');
    expect(messageForField(t, 'locations.0.name', 'invalid')).toBe('validation.checkField');
    const text = (error: unknown) => `errors:${(error as { code: string }).code}`;
    expect(messageForServerError(t, { code: 'validation_error', field: 'emergencyContacts.1.name' }, text)).toEqual({
      message: 'validation.invalid.name',
      specific: false,
    });
  });

  it('falls back to a generic message for fields without a specific one', () => {
    expect(messageForField(t, 'city', 'invalid')).toBe('validation.checkField');
  });
});
