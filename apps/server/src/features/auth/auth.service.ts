import { DEFAULT_LANGUAGE, LIMITS, REFERRAL_ID_ALPHABET, REFERRAL_ID_LENGTH, type Language, type LoginResponse, type OtpRequestResponse } from '@saathi/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/schema';
import type { Clock } from '../../core/clock';
import { acceptedLanguage, languageOf } from '../../core/i18n';
import { hmacHex, newOtpCode, newToken, randomString, sameHex, sha256Hex } from '../../core/crypto';
import { AppError, ChallengeRequiredError, TooManyRequestsError, ValidationError } from '../../core/errors';
import { fillSmsTemplate, type SmsMessage } from '@saathi/shared/sms';
import type { SmsDispatch } from '../../core/sms';
import type { UsersService } from '../users';
import type { AuthRepository, OtpCodeRow } from './auth.repository';
import type { ChallengeScope, LoginChallenges } from './login-challenges';
import { challengeLevel, LOGIN_LIMITS, resendWaitLeft, waitAfterCode } from './login-limits';
import type { SessionsRepository } from '../../core/sessions/sessions.repository';

export interface AuthServiceDeps {
  auth: AuthRepository;
  sessions: SessionsRepository;
  users: UsersService;
  sms: Pick<SmsDispatch, 'sendCode'>;
  clock: Clock;
  /** Keys the HMAC of stored codes. */
  secret: string;
  sessionTtlDays: number;
  /** Login codes from one address in an hour before its requests need a challenge. */
  codesPerIpPerHour: number;
  challenges: LoginChallenges;
  log: FastifyBaseLogger;
}

export interface LoginDevice {
  hash: string;
  presented: boolean;
}

/** Who asks for a code, and with what. */
export interface CodeRequest {
  phoneNumber: string;
  ip: string;
  /**
   * The browser's device cookie (login-device-cookie.ts): its hash, and whether the request
   * carried it. A request without one waits on its address's ladder instead.
   */
  device: LoginDevice;
  /** The request's Accept-Language: the SMS language when the number is nobody's yet. */
  acceptLanguage?: string | undefined;
  /** A solved challenge (ALTCHA payload), when the last answer asked for one. */
  altcha?: string | undefined;
  /** Signed in to this number already (the account deletion's code): never challenged. */
  signedIn?: boolean;
  /** A login's is random; confirming an account deletion names its own (see confirmCode). */
  attemptId?: string;
  /** Which SMS carries the code: the login's, or the one that confirms deleting the account. */
  purpose?: 'login' | 'deletion';
}

/** The code's SMS to `phoneNumber`, in `language` (a template of @saathi/shared/sms). */
export function codeMessage(phoneNumber: string, code: string, language: Language = DEFAULT_LANGUAGE, purpose: CodeRequest['purpose'] = 'login'): SmsMessage {
  return fillSmsTemplate(phoneNumber, purpose === 'deletion' ? 'deletionCode' : 'loginCode', language, { code });
}

export function createAuthService(deps: AuthServiceDeps) {
  const { auth, sessions, users, sms, clock, secret } = deps;
  // The number is part of the MAC, so a code hash is useless for any other number.
  const hashCode = (phoneNumber: string, code: string) => hmacHex(secret, `${phoneNumber}:${code}`);
  /** The language of the number's user if it has one, else the request's Accept-Language if the app speaks it, else English. */
  const smsLanguage = async (phoneNumber: string, acceptLanguage: string | undefined): Promise<Language> => {
    const userId = await auth.transaction((trx) => auth.findUserIdByPhone(trx, phoneNumber));
    const own = userId === undefined ? undefined : (await users.getUser(userId)).language;
    return languageOf(own, acceptedLanguage(acceptLanguage));
  };

  return {
    /**
     * Sends a login code unless this browser must wait (its own resend ladder) or, where the
     * requests look abusive and the browser never signed in to the number, solve a challenge
     * first (login-limits.ts).
     */
    async requestCode(input: CodeRequest): Promise<OtpRequestResponse> {
      const { phoneNumber, ip, device } = input;
      // The resend ladder is the browser's; a client that carries no device cookie has its address's.
      const deviceHash = device.presented ? device.hash : sha256Hex(`login-address:${ip}`);
      const attemptId = input.attemptId ?? newToken();
      const now = clock();
      const code = newOtpCode();
      const hourAgo = new Date(now.getTime() - LOGIN_LIMITS.hourSeconds * 1000);
      const dayAgo = new Date(now.getTime() - LOGIN_LIMITS.daySeconds * 1000);
      const known = input.signedIn === true || (device.presented && (await auth.isKnownDevice(phoneNumber, device.hash)));
      const { codeId, sent } = await auth.transaction(async (trx) => {
        await auth.lockRequester(trx, phoneNumber, ip);
        const own = await auth.codesToDeviceSince(trx, phoneNumber, deviceHash, hourAgo);
        const wait = resendWaitLeft(own.count, own.latest, now);
        if (wait > 0) {
          throw new TooManyRequestsError(`Please wait ${wait} seconds before asking for a new code.`, wait, 'too_many_requests', { seconds: wait });
        }
        if (!known) {
          const level = challengeLevel(await auth.requestCounts(trx, phoneNumber, ip, hourAgo, dayAgo), deps.codesPerIpPerHour);
          await passChallenge(trx, { action: 'otp-request', phoneNumber }, level, input.altcha, now);
        }
        const id = await auth.insertCode(trx, {
          phoneNumber,
          attemptId,
          codeHash: hashCode(phoneNumber, code),
          ip,
          deviceHash,
          now,
          expiresAt: new Date(now.getTime() + LIMITS.otpTtlSeconds * 1000),
        });
        return { codeId: id, sent: own.count + 1 };
      });
      const message = codeMessage(phoneNumber, code, await smsLanguage(phoneNumber, input.acceptLanguage), input.purpose);
      try {
        await sms.sendCode(message);
      } catch (error) {
        await auth.deleteCode(codeId);
        deps.log.error({ reason: String(error), template: message.template.name }, 'sending the code failed');
        throw new AppError('sms_failed', 'The code could not be sent. Try again in a minute.');
      }
      return { sent: true, attemptId, expiresInSeconds: LIMITS.otpTtlSeconds, resendAfterSeconds: waitAfterCode(sent) };
    },

    async verifyCode(input: {
      phoneNumber: string;
      code: string;
      attemptId: string;
      referrer?: string | undefined;
      ip: string;
      userAgent: string | null;
      device: LoginDevice;
      altcha?: string | undefined;
    }): Promise<LoginResponse> {
      const { phoneNumber, code } = input;
      const now = clock();
      const known = input.device.presented && (await auth.isKnownDevice(phoneNumber, input.device.hash));
      // The code belongs to the attempt that asked for it: a stranger's guesses at this
      // number go against their own attempt and can never lock this one.
      const stored = await checkCode({ phoneNumber, code, ip: input.ip, known, altcha: input.altcha }, now, () =>
        auth.unusedCodeOfAttempt(phoneNumber, input.attemptId),
      );

      const token = newToken();
      const userId = await auth.transaction(async (trx) => {
        if (!(await auth.consumeCode(trx, stored.id, now))) {
          throw new ValidationError('Request a code first.', 'code', 'code_not_requested');
        }
        const { id, created } = await findOrCreateUser(trx, phoneNumber);
        await auth.rememberDevice(trx, phoneNumber, input.device.hash, now);
        // A referral is someone who joined through the link: only a new account takes one, so
        // every referral points to an older account and no chain of them can loop back.
        const referrer = input.referrer?.trim().toUpperCase();
        if (referrer && created) await auth.setReferrerOnce(trx, id, referrer);
        await sessions.create(trx, {
          userId: id,
          tokenHash: sha256Hex(token),
          userAgent: input.userAgent?.slice(0, 300) ?? null,
          now,
          expiresAt: new Date(now.getTime() + deps.sessionTtlDays * 86_400_000),
        });
        return id;
      });
      return { token, user: await users.getUser(userId) };
    },

    async logout(sessionId: number): Promise<void> {
      await sessions.revoke(sessionId, clock());
    },

    /**
     * Checks a code sent by `requestCode` with an attempt id starting with `attemptPrefix` (the
     * newest such code), with the login's limits, then uses it and runs `work` in the same
     * transaction: a wrong, expired or used code throws before `work` changes anything.
     */
    async confirmCode<T>(
      input: { phoneNumber: string; code: string; attemptPrefix: string; ip: string },
      work: (trx: Parameters<Parameters<AuthRepository['transaction']>[0]>[0]) => Promise<T>,
    ): Promise<T> {
      const now = clock();
      // Only the signed-in owner asks for these codes: no challenge.
      const stored = await checkCode({ phoneNumber: input.phoneNumber, code: input.code, ip: input.ip, known: true }, now, () =>
        auth.newestUnusedCodeOfAttemptPrefix(input.phoneNumber, input.attemptPrefix),
      );
      return auth.transaction(async (trx) => {
        if (!(await auth.consumeCode(trx, stored.id, now))) {
          throw new ValidationError('Request a code first.', 'code', 'code_not_requested');
        }
        return work(trx);
      });
    },
  };

  /**
   * Asks for a challenge of `level` (none at 0) unless `altcha` solves one, unspent; spends it.
   * A solution that does not do is answered with a fresh challenge, as a missing one is.
   */
  async function passChallenge(trx: Kysely<Database>, scope: ChallengeScope, level: number, altcha: string | undefined, now: Date): Promise<void> {
    if (level === 0) return;
    const nonce = await deps.challenges.solvedNonce(altcha, scope, level, now);
    if (nonce && (await auth.spendChallenge(trx, nonce, new Date(now.getTime() + LOGIN_LIMITS.daySeconds * 1000), now))) return;
    throw new ChallengeRequiredError(await deps.challenges.create(scope, level, now));
  }

  /**
   * The login code checks: a challenge after many wrong codes from the address (unless the
   * browser signed in to the number before), then the stored code's tries, expiry and value.
   */
  async function checkCode(
    input: { phoneNumber: string; code: string; ip: string; known: boolean; altcha?: string | undefined },
    now: Date,
    find: () => Promise<OtpCodeRow | undefined>,
  ): Promise<OtpCodeRow> {
    const { phoneNumber, code, ip } = input;
    if (!input.known) {
      const guesses = await auth.countWrongGuessesSince(ip, new Date(now.getTime() - LOGIN_LIMITS.hourSeconds * 1000));
      if (guesses >= LOGIN_LIMITS.wrongCodesPerAddressPerHour) {
        await auth.transaction((trx) => passChallenge(trx, { action: 'otp-verify', phoneNumber }, 1, input.altcha, now));
      }
    }
    const stored = await find();
    if (!stored) throw new ValidationError('Request a code first.', 'code', 'code_not_requested');
    if (stored.attempts >= LIMITS.otpMaxAttempts) throw lockedOut();
    if (stored.expires_at.getTime() <= now.getTime()) {
      throw new ValidationError('The code has expired. Request a new one.', 'code', 'code_expired');
    }
    const attempts = await auth.registerAttempt(stored.id, LIMITS.otpMaxAttempts);
    if (attempts === undefined) throw lockedOut();
    if (!sameHex(hashCode(phoneNumber, code), stored.code_hash)) {
      await auth.recordWrongGuess(ip, now);
      throw new ValidationError('Incorrect code', 'code', 'incorrect_code');
    }
    return stored;
  }

  async function findOrCreateUser(trx: Parameters<Parameters<AuthRepository['transaction']>[0]>[0], phoneNumber: string) {
    // A referral id collision is rare (32^8 ids); a few tries make it vanishingly so.
    for (let i = 0; i < 5; i++) {
      const existing = await auth.findUserIdByPhone(trx, phoneNumber);
      if (existing !== undefined) {
        await auth.markVerified(trx, existing);
        return { id: existing, created: false };
      }
      const created = await auth.insertUser(trx, phoneNumber, randomString(REFERRAL_ID_ALPHABET, REFERRAL_ID_LENGTH));
      if (created !== undefined) return { id: created, created: true };
    }
    throw new Error('could not allocate a unique referral id');
  }
}

function lockedOut(): TooManyRequestsError {
  return new TooManyRequestsError('Too many wrong codes. Request a new code.', undefined, 'code_locked');
}

export type AuthService = ReturnType<typeof createAuthService>;
