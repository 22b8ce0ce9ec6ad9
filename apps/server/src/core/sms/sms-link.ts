/**
 * The live-location link an SMS carries: `<host>/t/<token>`, without the scheme, so that it
 * fits a DLT variable (30 characters) with a 15-character host; phones turn it into a link,
 * and `/t/<token>` answers with a redirect to the tracking page. The host must be the
 * registered (whitelisted) domain of PUBLIC_URL.
 */
export function smsLink(publicUrl: string, token: string): string {
  return `${new URL(publicUrl).host}/t/${token}`;
}

/** The longest PUBLIC_URL host whose links fit a DLT variable with a 12-character token. */
export const SMS_LINK_HOST_MAX = 30 - '/t/'.length - 12;
