/**
 * Client-side checks mirroring the server's contract (`PhoneNumber`, `OtpVerifyBody` in
 * @saathi/shared), kept as plain functions so the login chunk does not carry a schema library.
 */
export type FieldCheck<T> = { ok: true; value: T } | { ok: false; errorKey: string };

/** Accepts "98765 43210", "+91 98765-43210" or "919876543210"; yields the bare 10 digits. */
export function normalisePhoneNumber(input: string): string {
  return input
    .trim()
    .replace(/[\s()-]/g, '')
    .replace(/^(\+91|91|0)(?=\d{10}$)/, '');
}

export function checkPhoneNumber(input: string): FieldCheck<string> {
  const phone = normalisePhoneNumber(input);
  if (phone === '') return { ok: false, errorKey: 'errors.phoneRequired' };
  if (!/^[6-9]\d{9}$/.test(phone)) return { ok: false, errorKey: 'errors.phoneInvalid' };
  return { ok: true, value: phone };
}

export function checkOtpCode(input: string): FieldCheck<string> {
  const code = input.replace(/\s/g, '');
  if (code === '') return { ok: false, errorKey: 'errors.codeRequired' };
  if (!/^\d{6}$/.test(code)) return { ok: false, errorKey: 'errors.codeInvalid' };
  return { ok: true, value: code };
}

/** "9876543210" → "+91 98765 43210", how the number is read back to the user. */
export function formatPhoneForDisplay(phone: string): string {
  return /^\d{10}$/.test(phone) ? `+91 ${phone.slice(0, 5)} ${phone.slice(5)}` : phone;
}

/** Digits only, at most `max`: what the code field accepts while typing. */
export function keepDigits(input: string, max: number): string {
  return input.replace(/\D/g, '').slice(0, max);
}
