import type { EmergencyContact } from '@saathi/shared';

export interface SmsPosition {
  latitude: number;
  longitude: number;
  accuracy?: number | null;
}

/** A maps link anyone can open, with or without the app (SPEC.md §7: `q=lat,lng`). */
export function mapsLink(latitude: number, longitude: number): string {
  return `https://www.google.com/maps?q=${latitude.toFixed(6)},${longitude.toFixed(6)}`;
}

/** Coordinates as people read them aloud or type them: 6 decimals is about 10 cm. */
export function formatCoordinates(latitude: number, longitude: number): string {
  return `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`;
}

/** Indian numbers are stored as 10 digits; the SMS app needs the country code. */
export function smsRecipient(phoneNumber: string): string | null {
  const digits = phoneNumber.replace(/\D/g, '');
  if (digits.length === 10) return `+91${digits}`;
  if (digits.length === 12 && digits.startsWith('91')) return `+${digits}`;
  return null;
}

/**
 * An `sms:` URI (RFC 5724) addressed to every emergency contact with a prefilled message.
 * Recipients are comma separated, the body is percent-encoded. With no valid number the
 * link still opens the SMS app with the message, so the user can pick someone by hand.
 */
export function buildSosSmsLink(contacts: readonly Pick<EmergencyContact, 'phoneNumber'>[], message: string): string {
  const recipients = [...new Set(contacts.map((contact) => smsRecipient(contact.phoneNumber)).filter((n): n is string => n !== null))];
  return `sms:${recipients.join(',')}?body=${encodeURIComponent(message)}`;
}

/** The values the translated offline SOS message interpolates (`dashboard:offline.message`). */
export function smsMessageValues(position: SmsPosition | null): { coordinates: string; accuracy: string; mapsLink: string } | null {
  if (!position) return null;
  return {
    coordinates: formatCoordinates(position.latitude, position.longitude),
    accuracy: position.accuracy != null ? String(Math.round(position.accuracy)) : '?',
    mapsLink: mapsLink(position.latitude, position.longitude),
  };
}
