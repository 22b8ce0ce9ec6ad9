import { sql, type Kysely } from 'kysely';
import type { DbRef } from '../../core/db/db-ref';
import type { Database } from '../../core/db/schema';
import { toDateOrNull } from '../../core/db/row-values';

export interface OtpCodeRow {
  id: number;
  code_hash: string;
  attempts: number;
  expires_at: Date;
  created_at: Date;
}

export interface WindowCount {
  count: number;
  oldest: Date | null;
}

/** Login codes and the users they create. Rate limits are counted from otp_codes rows. */
/** A code row with its times as Date objects, whatever the driver handed back. */
const codeRow = (row: OtpCodeRow | undefined): OtpCodeRow | undefined =>
  row && { ...row, expires_at: new Date(row.expires_at), created_at: new Date(row.created_at) };

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

    /** Uses otp_codes_phone_idx. */
    async countForPhoneSince(trx: Kysely<Database>, phoneNumber: string, since: Date): Promise<WindowCount> {
      return countWindow(trx, 'phone_number', phoneNumber, since);
    },

    /** Uses otp_codes_ip_idx. */
    async countForIpSince(trx: Kysely<Database>, ip: string, since: Date): Promise<WindowCount> {
      return countWindow(trx, 'requester_ip', ip, since);
    },

    async latestCreatedAt(trx: Kysely<Database>, phoneNumber: string): Promise<Date | undefined> {
      const row = await trx
        .selectFrom('otp_codes')
        .select('created_at')
        .where('phone_number', '=', phoneNumber)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? new Date(row.created_at) : undefined;
    },

    async insertCode(
      trx: Kysely<Database>,
      input: { phoneNumber: string; attemptId: string; codeHash: string; ip: string; now: Date; expiresAt: Date },
    ): Promise<number> {
      const row = await trx
        .insertInto('otp_codes')
        .values({
          phone_number: input.phoneNumber,
          attempt_id: input.attemptId,
          code_hash: input.codeHash,
          requester_ip: input.ip,
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
    async countWrongGuessesSince(ip: string, since: Date): Promise<WindowCount> {
      const row = await ref.db
        .selectFrom('otp_guesses')
        .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
        .where('requester_ip', '=', ip)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), oldest: toDateOrNull(row.oldest) };
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

async function countWindow(trx: Kysely<Database>, column: 'phone_number' | 'requester_ip', value: string, since: Date): Promise<WindowCount> {
  const row = await trx
    .selectFrom('otp_codes')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where(column, '=', value)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: toDateOrNull(row.oldest) };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
