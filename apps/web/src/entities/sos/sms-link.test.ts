import { describe, expect, it } from 'vitest';
import { buildSosSmsLink, formatCoordinates, mapsLink, smsMessageValues, smsRecipient } from './sms-link';

describe('offline SOS SMS link', () => {
  it('adds the Indian country code to 10-digit numbers and keeps full ones', () => {
    expect(smsRecipient('9876543210')).toBe('+919876543210');
    expect(smsRecipient('+91 98765 43210')).toBe('+919876543210');
    expect(smsRecipient('12345')).toBeNull();
  });

  it('addresses every contact once, comma separated, with the encoded message', () => {
    const link = buildSosSmsLink(
      [{ phoneNumber: '9876543210' }, { phoneNumber: '9123456780' }, { phoneNumber: '9876543210' }],
      'SOS! I need help at 23.0225, 72.5714 https://www.google.com/maps?q=23.0225,72.5714 & fast',
    );
    expect(link).toBe(
      'sms:+919876543210,+919123456780?body=SOS!%20I%20need%20help%20at%2023.0225%2C%2072.5714%20https%3A%2F%2Fwww.google.com%2Fmaps%3Fq%3D23.0225%2C72.5714%20%26%20fast',
    );
    expect(decodeURIComponent(link.split('?body=')[1] ?? '')).toContain('& fast');
  });

  it('still opens the SMS app with the message when no contact has a valid number', () => {
    expect(buildSosSmsLink([{ phoneNumber: '12' }], 'help')).toBe('sms:?body=help');
  });

  it('builds a maps link and readable coordinates with 6 decimals', () => {
    expect(mapsLink(23.0225, 72.5714)).toBe('https://www.google.com/maps?q=23.022500,72.571400');
    expect(formatCoordinates(-1.5, 2)).toBe('-1.500000, 2.000000');
  });

  it('gives the message values for a position and nothing without one', () => {
    expect(smsMessageValues({ latitude: 19.076, longitude: 72.8777, accuracy: 12.6 })).toEqual({
      coordinates: '19.076000, 72.877700',
      accuracy: '13',
      mapsLink: 'https://www.google.com/maps?q=19.076000,72.877700',
    });
    expect(smsMessageValues({ latitude: 1, longitude: 2 })?.accuracy).toBe('?');
    expect(smsMessageValues(null)).toBeNull();
  });
});
