/**
 * The login's limits (docs/adr/0018-login-limits-nobody-can-turn-against-the-owner.md). They
 * protect the SMS budget and slow guessing, and none of them can be turned against a number's
 * owner:
 *
 * - Resend waits grow per number and browser: 30 s after the first code, then 1, 2, 5 and
 *   10 minutes. Only the browser's own codes count, so a stranger's requests never make the
 *   owner wait, and no wait is longer than 10 minutes.
 * - Where requests look abusive (codes for a number to browsers that never signed in to it,
 *   many addresses for one number, many codes from one address, a daily budget spent), a
 *   browser that has not signed in to the number must solve a proof-of-work challenge first;
 *   the challenge grows harder as the abuse goes on. A browser that signed in to the number
 *   before (its device cookie) is never asked.
 * - Wrong codes from one address ask for a challenge on the next try; a correct code with a
 *   solved challenge always goes through. Each code still takes 5 tries (DESIGN.md §4).
 */
export const LOGIN_LIMITS = {
  /** The wait after the 1st, 2nd, ... code for a number to one browser within the hour. */
  resendWaitsSeconds: [30, 60, 120, 300, 600],
  hourSeconds: 3600,
  daySeconds: 86_400,
  /** Codes for a number to browsers unknown to it, in the hour, before a challenge is asked. */
  strangerCodesPerNumberPerHour: 3,
  /** Different addresses asking for one number in the hour. */
  addressesPerNumberPerHour: 3,
  /** Codes for a number to unknown browsers in a day: harder challenges from here. */
  strangerCodesPerNumberPerDay: 10,
  /** Wrong codes from one address in the hour before each further try needs a challenge. */
  wrongCodesPerAddressPerHour: 30,
} as const;

/** What the last hour and day hold for a code request, counted by the repository. */
export interface RequestCounts {
  /** Codes for this number to browsers that never signed in to it. */
  strangerCodesHour: number;
  strangerCodesDay: number;
  /** Different addresses those codes went out from. */
  strangerAddressesHour: number;
  /** Codes from this address, whatever the number. */
  addressCodesHour: number;
  addressCodesDay: number;
}

/**
 * How hard a challenge a browser unknown to the number must solve: 0 none, 1 about a second
 * on a phone, 2 and 3 four and sixteen times that. `codesPerAddressPerHour` is the operator's
 * OTP_CODES_PER_IP_PER_HOUR.
 */
export function challengeLevel(counts: RequestCounts, codesPerAddressPerHour: number): number {
  const perAddressDay = codesPerAddressPerHour * 5;
  if (counts.strangerCodesDay >= LOGIN_LIMITS.strangerCodesPerNumberPerDay * 3 || counts.addressCodesDay >= perAddressDay * 4) return 3;
  if (counts.strangerCodesDay >= LOGIN_LIMITS.strangerCodesPerNumberPerDay || counts.addressCodesDay >= perAddressDay) return 2;
  if (
    counts.strangerCodesHour >= LOGIN_LIMITS.strangerCodesPerNumberPerHour ||
    counts.strangerAddressesHour >= LOGIN_LIMITS.addressesPerNumberPerHour ||
    counts.addressCodesHour >= codesPerAddressPerHour
  ) {
    return 1;
  }
  return 0;
}

/** The wait after a browser's `sent`-th code for a number within the hour (1-based). */
export function waitAfterCode(sent: number): number {
  const waits = LOGIN_LIMITS.resendWaitsSeconds;
  return waits[Math.min(Math.max(sent, 1), waits.length) - 1] as number;
}

/**
 * Seconds this browser must still wait before another code for the number, given the codes it
 * got in the last hour (`sent`, the newest at `latest`); 0 when it may ask now.
 */
export function resendWaitLeft(sent: number, latest: Date | null, now: Date): number {
  if (sent === 0 || !latest) return 0;
  const until = latest.getTime() + waitAfterCode(sent) * 1000;
  return Math.max(0, Math.ceil((until - now.getTime()) / 1000));
}
