/**
 * The live-location link an SMS carries: `<host>/t/<token>`, without the scheme, so that it
 * fits a DLT variable (30 characters) with a host of up to 15 (SMS_LINK_HOST_MAX, checked
 * by the configuration); phones turn it into a link,
 * and `/t/<token>` answers with a redirect to the tracking page. The host must be the
 * registered (whitelisted) domain of PUBLIC_URL.
 */
export function smsLink(publicUrl: string, token: string): string {
  return `${new URL(publicUrl).host}/t/${token}`;
}

/**
 * Makes an SMS, or logs why it cannot be made and gives undefined: a variable that does not
 * fit (a PUBLIC_URL host longer than the configuration allows for a real gateway) must not
 * stop the rest of an alert (the pushes, the other contacts).
 */
export function smsOrNothing<T>(make: () => T, log: { error(obj: object, msg: string): void }, context: object): T | undefined {
  try {
    return make();
  } catch (error) {
    log.error({ ...context, reason: String(error) }, 'an SMS could not be made from its template');
    return undefined;
  }
}
