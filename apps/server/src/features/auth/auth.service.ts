import { DEFAULT_LANGUAGE, LIMITS, REFERRAL_ID_ALPHABET, REFERRAL_ID_LENGTH, type Language, type LoginResponse, type OtpRequestResponse } from '@saathi/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../core/clock';
import { acceptedLanguage, alertsT, languageOf } from '../../core/i18n';
import { hmacHex, newOtpCode, newToken, randomString, sameHex, sha256Hex } from '../../core/crypto';
import { AppError, TooManyRequestsError, ValidationError } from '../../core/errors';
import type { SmsProvider } from '../../core/sms';
import type { UsersService } from '../users/users.service';
import type { AuthRepository, OtpCodeRow } from './auth.repository';
import type { SessionsRepository } from '../../core/sessions/sessions.repository';

/**
 * Per-hour caps (DESIGN.md §4): codes sent per number, counted from otp_codes rows, and
 * wrong guesses per IP, counted from otp_guesses rows. Codes per IP come from the config
 * (OTP_CODES_PER_IP_PER_HOUR).
 */
export const OTP_RATE_LIMITS = {
  windowSeconds: 3600,
  perNumber: 5,
  wrongGuessesPerIp: 30,
} as const;

export interface AuthServiceDeps {
  auth: AuthRepository;
  sessions: SessionsRepository;
  users: UsersService;
  sms: SmsProvider;
  clock: Clock;
  /** Keys the HMAC of stored codes. */
  secret: string;
  sessionTtlDays: number;
  /** Login codes sent per IP address per hour. */
  codesPerIpPerHour: number;
  log: FastifyBaseLogger;
}

/** The login code SMS, in `language` (the `alerts` catalog of packages/shared). */
export function otpMessage(code: string, language: Language = DEFAULT_LANGUAGE): string {
  return alertsT(language)('sms.loginCode', { code, count: LIMITS.otpTtlSeconds / 60 });
}

const secondsUntil = (later: Date, now: Date) => Math.max(1, Math.ceil((later.getTime() - now.getTime()) / 1000));

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
     * `acceptLanguage`: the request's header, the SMS language when the number is nobody's yet.
     * `attemptId`: a login's is random; confirming an account deletion names its own (see confirmCode).
     */
    async requestCode(phoneNumber: string, ip: string, acceptLanguage?: string, attemptId: string = newToken()): Promise<OtpRequestResponse> {
      const now = clock();
      const code = newOtpCode();
      const windowStart = new Date(now.getTime() - OTP_RATE_LIMITS.windowSeconds * 1000);
      const codeId = await auth.transaction(async (trx) => {
        await auth.lockRequester(trx, phoneNumber, ip);
        const last = await auth.latestCreatedAt(trx, phoneNumber);
        if (last && now.getTime() - last.getTime() < LIMITS.otpResendSeconds * 1000) {
          const wait = secondsUntil(new Date(last.getTime() + LIMITS.otpResendSeconds * 1000), now);
          throw new TooManyRequestsError(`Please wait ${wait} seconds before asking for a new code.`, wait);
        }
        const byNumber = await auth.countForPhoneSince(trx, phoneNumber, windowStart);
        if (byNumber.count >= OTP_RATE_LIMITS.perNumber && byNumber.oldest) {
          const wait = secondsUntil(new Date(byNumber.oldest.getTime() + OTP_RATE_LIMITS.windowSeconds * 1000), now);
          throw new TooManyRequestsError('Too many codes were requested for this number. Try again later.', wait, 'otp_number_limit', { seconds: wait });
        }
        const byIp = await auth.countForIpSince(trx, ip, windowStart);
        if (byIp.count >= deps.codesPerIpPerHour && byIp.oldest) {
          const wait = secondsUntil(new Date(byIp.oldest.getTime() + OTP_RATE_LIMITS.windowSeconds * 1000), now);
          throw new TooManyRequestsError('Too many codes were requested from this network. Try again later.', wait, 'otp_ip_limit', { seconds: wait });
        }
        return auth.insertCode(trx, {
          phoneNumber,
          attemptId,
          codeHash: hashCode(phoneNumber, code),
          ip,
          now,
          expiresAt: new Date(now.getTime() + LIMITS.otpTtlSeconds * 1000),
        });
      });
      const text = otpMessage(code, await smsLanguage(phoneNumber, acceptLanguage));
      try {
        await sms.send({ to: phoneNumber, text });
      } catch (error) {
        await auth.deleteCode(codeId);
        deps.log.error({ err: error, provider: sms.name }, 'sending the login code failed');
        throw new AppError('sms_failed', 'The code could not be sent. Try again in a minute.');
      }
      return { sent: true, attemptId, expiresInSeconds: LIMITS.otpTtlSeconds, resendAfterSeconds: LIMITS.otpResendSeconds };
    },

    async verifyCode(input: {
      phoneNumber: string;
      code: string;
      attemptId: string;
      referrer?: string | undefined;
      ip: string;
      userAgent: string | null;
    }): Promise<LoginResponse> {
      const { phoneNumber, code } = input;
      const now = clock();
      // The code belongs to the attempt that asked for it: a stranger's guesses at this
      // number go against their own attempt and can never lock this one.
      const stored = await checkCode(phoneNumber, code, input.ip, now, () => auth.unusedCodeOfAttempt(phoneNumber, input.attemptId));

      const token = newToken();
      const userId = await auth.transaction(async (trx) => {
        if (!(await auth.consumeCode(trx, stored.id, now))) {
          throw new ValidationError('Request a code first.', 'code', 'code_not_requested');
        }
        const { id, created } = await findOrCreateUser(trx, phoneNumber);
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
      const stored = await checkCode(input.phoneNumber, input.code, input.ip, now, () =>
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

  /** The login code checks: guesses per IP, then the stored code's tries, expiry and value. */
  async function checkCode(phoneNumber: string, code: string, ip: string, now: Date, find: () => Promise<OtpCodeRow | undefined>): Promise<OtpCodeRow> {
    const guesses = await auth.countWrongGuessesSince(ip, new Date(now.getTime() - OTP_RATE_LIMITS.windowSeconds * 1000));
    if (guesses.count >= OTP_RATE_LIMITS.wrongGuessesPerIp && guesses.oldest) {
      const wait = secondsUntil(new Date(guesses.oldest.getTime() + OTP_RATE_LIMITS.windowSeconds * 1000), now);
      throw new TooManyRequestsError('Too many wrong codes from this network. Try again later.', wait, 'too_many_guesses', { seconds: wait });
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
