import { sql, type Kysely } from 'kysely';
import type { DbRef } from '../../core/db/db-ref';
import type { Database } from '../../core/db/schema';
import { toDateOrNull } from '../../core/db/row-values';
import type { RequestCounts } from './login-limits';

export interface OtpCodeRow {
  id: number;
  code_hash: string;
  attempts: number;
  expires_at: Date;
  created_at: Date;
}

/** A code row with its times as Date objects, whatever the driver handed back. */
const codeRow = (row: OtpCodeRow | undefined): OtpCodeRow | undefined =>
  row && { ...row, expires_at: new Date(row.expires_at), created_at: new Date(row.created_at) };

/** Login codes, the browsers that signed in, spent challenges and the users codes create. */
export function createAuthRepository(ref: DbRef) {
  /** The codes of a number not used yet (otp_codes_phone_idx). */
  const unusedCodesOf = (phoneNumber: string) =>
    ref.db
      .selectFrom('otp_codes')
      .select(['id', 'code_hash', 'attempts', 'expires_at', 'created_at'])
      .where('phone_number', '=', phoneNumber)
      .where('consumed_at', 'is', null);

  return {
    transaction<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
      return ref.db.transaction().execute(work);
    },

    /**
     * Serialises code requests for one number (and one IP) across processes until the
     * transaction ends, so two parallel requests cannot both slip under a limit.
     */
    async lockRequester(trx: Kysely<Database>, phoneNumber: string, ip: string): Promise<void> {
      await sql`select pg_advisory_xact_lock(hashtext(${`otp-phone:${phoneNumber}`}))`.execute(trx);
      await sql`select pg_advisory_xact_lock(hashtext(${`otp-ip:${ip}`}))`.execute(trx);
    },

    /** The codes for a number to one browser since a time, and the newest's time (otp_codes_phone_idx). */
    async codesToDeviceSince(trx: Kysely<Database>, phoneNumber: string, deviceHash: string, since: Date): Promise<{ count: number; latest: Date | null }> {
      const row = await trx
        .selectFrom('otp_codes')
        .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('created_at').as('latest')])
        .where('phone_number', '=', phoneNumber)
        .where('device_hash', '=', deviceHash)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), latest: toDateOrNull(row.latest) };
    },

    /**
     * What the hour and the day hold for a code request (login-limits.ts): codes for the number
     * nobody used to sign in, to browsers that never signed in to it, the addresses they went
     * out from, and codes from this address whatever the number (otp_codes_phone_idx,
     * otp_codes_ip_idx).
     */
    async requestCounts(trx: Kysely<Database>, phoneNumber: string, ip: string, hourAgo: Date, dayAgo: Date): Promise<RequestCounts> {
      const { rows } = await sql<Record<keyof RequestCounts, number | string>>`
        WITH stranger_codes AS (
          SELECT c.created_at, c.requester_ip
          FROM otp_codes c
          WHERE c.phone_number = ${phoneNumber}
            AND c.created_at > ${dayAgo}::timestamptz
            AND c.consumed_at IS NULL
            AND NOT EXISTS (
              SELECT 1 FROM login_devices d
              WHERE d.phone_number = c.phone_number AND d.device_hash = c.device_hash
            )
        ),
        address_codes AS (
          SELECT c.created_at
          FROM otp_codes c
          WHERE c.requester_ip = ${ip} AND c.created_at > ${dayAgo}::timestamptz
        )
        SELECT
          (SELECT count(*) FROM stranger_codes WHERE created_at > ${hourAgo}::timestamptz) AS "strangerCodesHour",
          (SELECT count(*) FROM stranger_codes) AS "strangerCodesDay",
          (SELECT count(DISTINCT requester_ip) FROM stranger_codes WHERE created_at > ${hourAgo}::timestamptz) AS "strangerAddressesHour",
          (SELECT count(*) FROM address_codes WHERE created_at > ${hourAgo}::timestamptz) AS "addressCodesHour",
          (SELECT count(*) FROM address_codes) AS "addressCodesDay"
      `.execute(trx);
      const row = rows[0]!;
      return {
        strangerCodesHour: Number(row.strangerCodesHour),
        strangerCodesDay: Number(row.strangerCodesDay),
        strangerAddressesHour: Number(row.strangerAddressesHour),
        addressCodesHour: Number(row.addressCodesHour),
        addressCodesDay: Number(row.addressCodesDay),
      };
    },

    /** Whether this browser signed in to this number before (login_devices' key). */
    async isKnownDevice(phoneNumber: string, deviceHash: string | null): Promise<boolean> {
      if (!deviceHash) return false;
      const row = await ref.db
        .selectFrom('login_devices')
        .select('device_hash')
        .where('device_hash', '=', deviceHash)
        .where('phone_number', '=', phoneNumber)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Remembers that this browser signed in to this number. */
    async rememberDevice(trx: Kysely<Database>, phoneNumber: string, deviceHash: string, now: Date): Promise<void> {
      await trx
        .insertInto('login_devices')
        .values({ device_hash: deviceHash, phone_number: phoneNumber, created_at: now, last_login_at: now })
        .onConflict((oc) => oc.columns(['device_hash', 'phone_number']).doUpdateSet({ last_login_at: now }))
        .execute();
    },

    /** Forgets every browser of a number (the account is deleted). */
    async forgetDevices(trx: Kysely<Database>, phoneNumber: string): Promise<void> {
      await trx.deleteFrom('login_devices').where('phone_number', '=', phoneNumber).execute();
    },

    /**
     * Spends a solved challenge: false when it was spent before. Challenges that expired are
     * dropped on the way (login_challenges_spent_expires_idx), a few at a time.
     */
    async spendChallenge(trx: Kysely<Database>, nonce: string, expiresAt: Date, now: Date): Promise<boolean> {
      await sql`DELETE FROM login_challenges_spent WHERE nonce IN (
        SELECT nonce FROM login_challenges_spent WHERE expires_at < ${now}::timestamptz LIMIT 100)`.execute(trx);
      const row = await trx
        .insertInto('login_challenges_spent')
        .values({ nonce, expires_at: expiresAt })
        .onConflict((oc) => oc.column('nonce').doNothing())
        .returning('nonce')
        .executeTakeFirst();
      return row !== undefined;
    },

    async insertCode(
      trx: Kysely<Database>,
      input: { phoneNumber: string; attemptId: string; codeHash: string; ip: string; deviceHash: string; now: Date; expiresAt: Date },
    ): Promise<number> {
      const row = await trx
        .insertInto('otp_codes')
        .values({
          phone_number: input.phoneNumber,
          attempt_id: input.attemptId,
          code_hash: input.codeHash,
          requester_ip: input.ip,
          device_hash: input.deviceHash,
          created_at: input.now,
          expires_at: input.expiresAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Drops a code whose SMS could not be sent, so it neither works nor blocks a resend. */
    async deleteCode(id: number): Promise<void> {
      await ref.db.deleteFrom('otp_codes').where('id', '=', id).execute();
    },

    /**
     * The unused code of one login attempt (otp_codes_attempt_idx). Each attempt stands on
     * its own: a newer request for the same number, by anyone, does not cancel it.
     */
    async unusedCodeOfAttempt(phoneNumber: string, attemptId: string): Promise<OtpCodeRow | undefined> {
      return codeRow(await unusedCodesOf(phoneNumber).where('attempt_id', '=', attemptId).executeTakeFirst());
    },

    /**
     * The newest unused code of this number whose attempt id starts with `prefix` (a code that
     * confirms an action, not a login: its attempt id is never given to the client).
     * Uses otp_codes_phone_idx.
     */
    async newestUnusedCodeOfAttemptPrefix(phoneNumber: string, prefix: string): Promise<OtpCodeRow | undefined> {
      return codeRow(
        await unusedCodesOf(phoneNumber)
          .where(sql<boolean>`starts_with(attempt_id, ${prefix})`)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst(),
      );
    },

    /** Wrong guesses from one IP address since a time (otp_guesses_ip_idx). */
    async countWrongGuessesSince(ip: string, since: Date): Promise<number> {
      const row = await ref.db
        .selectFrom('otp_guesses')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('requester_ip', '=', ip)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async recordWrongGuess(ip: string, now: Date): Promise<void> {
      await ref.db.insertInto('otp_guesses').values({ requester_ip: ip, created_at: now }).execute();
    },

    /**
     * Counts one try atomically before the code is compared, so parallel guesses cannot
     * exceed the limit. Returns the new count, or undefined when the code is locked or used.
     */
    async registerAttempt(id: number, maxAttempts: number): Promise<number | undefined> {
      const row = await ref.db
        .updateTable('otp_codes')
        .set({ attempts: sql<number>`attempts + 1` })
        .where('id', '=', id)
        .where('attempts', '<', maxAttempts)
        .where('consumed_at', 'is', null)
        .returning('attempts')
        .executeTakeFirst();
      return row?.attempts;
    },

    /** Marks the code used; false if another request used it first. */
    async consumeCode(trx: Kysely<Database>, id: number, now: Date): Promise<boolean> {
      const result = await trx.updateTable('otp_codes').set({ consumed_at: now }).where('id', '=', id).where('consumed_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async findUserIdByPhone(trx: Kysely<Database>, phoneNumber: string): Promise<number | undefined> {
      const row = await trx.selectFrom('users').select('id').where('phone_number', '=', phoneNumber).executeTakeFirst();
      return row?.id;
    },

    /**
     * Inserts a verified user; undefined when the phone number or the referral id is
     * already taken (the caller tells them apart and retries with a new referral id).
     */
    async insertUser(trx: Kysely<Database>, phoneNumber: string, referralId: string): Promise<number | undefined> {
      const row = await trx
        .insertInto('users')
        .values({ phone_number: phoneNumber, referral_id: referralId, is_verified: true })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    async markVerified(trx: Kysely<Database>, userId: number): Promise<void> {
      await trx.updateTable('users').set({ is_verified: true }).where('id', '=', userId).where('is_verified', '=', false).execute();
    },

    /**
     * Sets referred_by once: only while it is empty, never to the user themself, and not
     * to someone the user referred (no two-person loops on the leaderboard).
     */
    async setReferrerOnce(trx: Kysely<Database>, userId: number, referralId: string): Promise<void> {
      await trx
        .updateTable('users')
        .set({
          referred_by: (eb) => eb.selectFrom('users as r').select('r.id').where('r.referral_id', '=', referralId).limit(1),
        })
        .where('users.id', '=', userId)
        .where('users.referred_by', 'is', null)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('users as r')
              .select('r.id')
              .where('r.referral_id', '=', referralId)
              .where('r.id', '<>', userId)
              .where((w) => w.or([w('r.referred_by', 'is', null), w('r.referred_by', '<>', userId)])),
          ),
        )
        .execute();
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
