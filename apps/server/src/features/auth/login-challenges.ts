import { createChallenge, randomInt, verifySolution, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { LoginChallenge } from '@saathi/shared';
import { hmacHex } from '../../core/crypto';

/**
 * Proof-of-work challenges in ALTCHA's format (altcha-lib, PBKDF2/SHA-256), asked of login
 * requests that look abusive (login-limits.ts). Solving one costs the browser a number of key
 * derivations chosen here; checking a solution costs the server one HMAC. A challenge is bound
 * to its action and phone number, lives five minutes and buys one request.
 */

/** PBKDF2 iterations per try. */
const COST = 100;
/**
 * Tries to the answer at level 1 (chosen at random in this range: the solver has no shortcut);
 * each level above multiplies them by 4. Level 1 takes a mid-range phone about a second.
 */
const TRIES_AT_LEVEL_1 = [600, 1400] as const;
const LEVEL_FACTOR = 4;
const LIFETIME_SECONDS = 300;

export type ChallengeAction = 'otp-request' | 'otp-verify';

export interface ChallengeScope {
  action: ChallengeAction;
  phoneNumber: string;
}

export interface LoginChallenges {
  create(scope: ChallengeScope, level: number, now: Date): Promise<LoginChallenge>;
  /**
   * The challenge `payload` (the widget's base64 JSON) solves, when it is one of ours for this
   * scope, at `level` or harder, not expired: its nonce, to be spent once (spendNonce). Else null.
   */
  solvedNonce(payload: string | undefined, scope: ChallengeScope, level: number, now: Date): Promise<string | null>;
}

export function createLoginChallenges(secret: string): LoginChallenges {
  // Two keys derived from the app's secret: one signs the challenge, one the expected key.
  const signatureSecret = hmacHex(secret, 'login-challenge:signature');
  const keySecret = hmacHex(secret, 'login-challenge:key');
  return {
    async create(scope, level, now) {
      const factor = LEVEL_FACTOR ** Math.max(0, level - 1);
      const challenge = await createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost: COST,
        counter: randomInt(TRIES_AT_LEVEL_1[0] * factor, TRIES_AT_LEVEL_1[1] * factor),
        deriveKey,
        data: { action: scope.action, phoneNumber: scope.phoneNumber, level },
        expiresAt: new Date(now.getTime() + LIFETIME_SECONDS * 1000),
        hmacSignatureSecret: signatureSecret,
        hmacKeySignatureSecret: keySecret,
      });
      return challenge as LoginChallenge;
    },

    async solvedNonce(payload, scope, level, now) {
      const parsed = parsePayload(payload);
      if (!parsed) return null;
      const { parameters } = parsed.challenge;
      const data = parameters.data ?? {};
      if (data.action !== scope.action || data.phoneNumber !== scope.phoneNumber || Number(data.level) < level) return null;
      // altcha-lib checks expiry against the machine's clock; the app's clock decides here too.
      if (!parameters.expiresAt || parameters.expiresAt * 1000 <= now.getTime()) return null;
      const result = await verifySolution({
        challenge: parsed.challenge,
        solution: parsed.solution,
        deriveKey,
        hmacSignatureSecret: signatureSecret,
        hmacKeySignatureSecret: keySecret,
      }).catch(() => null);
      return result?.verified ? parameters.nonce : null;
    },
  };
}

/** The widget's payload: base64 of `{challenge, solution}`. Anything else is no solution. */
function parsePayload(payload: string | undefined): Payload | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Partial<Payload> | null;
    const challenge = value?.challenge;
    const solution = value?.solution;
    if (!challenge?.parameters || typeof challenge.parameters.nonce !== 'string' || typeof challenge.signature !== 'string') return null;
    if (!solution || typeof solution.counter !== 'number' || typeof solution.derivedKey !== 'string') return null;
    return { challenge, solution };
  } catch {
    return null;
  }
}
