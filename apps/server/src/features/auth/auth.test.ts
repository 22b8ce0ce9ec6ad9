import { describe, expect, it } from 'vitest';
import { bearer, build } from '../../../test/build';
import { takeConsoleErrors } from '../../../test/console';
import { uniquePhone } from '../../../test/factory';

const t = build();

let ipCounter = 0;
/** Each test asks from its own address so the per-IP limit only bites where it is tested. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** The attemptId of the newest code each number was sent, as the client that asked for it keeps it. */
const attempts = new Map<string, string>();
const digits = (phoneNumber: string) => phoneNumber.replace(/\D/g, '').slice(-10);
/** Well-formed, but no request ever answered it. */
const UNKNOWN_ATTEMPT = 'x'.repeat(43);

async function requestCode(phoneNumber: string, ip: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/otp/request', payload: { phoneNumber }, remoteAddress: ip });
  if (res.statusCode === 200) attempts.set(digits(phoneNumber), res.json().attemptId);
  return res;
}

/** Verifies with the attempt of the newest request for the number unless `attemptId` says otherwise. */
async function verify(payload: { phoneNumber: string; code: string; referrer?: string; attemptId?: string }, ip = '10.9.9.9') {
  const attemptId = payload.attemptId ?? attempts.get(digits(payload.phoneNumber)) ?? UNKNOWN_ATTEMPT;
  return t.app.inject({ method: 'POST', url: '/api/auth/otp/verify', payload: { ...payload, attemptId }, remoteAddress: ip });
}

async function login(phoneNumber: string, referrer?: string) {
  const ip = freshIp();
  expect((await requestCode(phoneNumber, ip)).statusCode).toBe(200);
  const res = await verify({ phoneNumber, code: t.sms.lastCode(phoneNumber), ...(referrer ? { referrer } : {}) }, ip);
  expect(res.statusCode).toBe(200);
  return res.json<{ token: string; user: { id: number; referralId: string; referredBy: number | null; isVerified: boolean; phoneNumber: string } }>();
}

/** A code that is certainly not the one sent. */
const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

async function countCodes(phoneNumber: string) {
  const row = await t.db
    .selectFrom('otp_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('phone_number', '=', phoneNumber)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('OTP login', () => {
  it('sends a 6-digit code by SMS and exchanges it for a token and a new verified user', async () => {
    const phone = uniquePhone();
    const res = await requestCode(phone, freshIp());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: true, attemptId: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expiresInSeconds: 300, resendAfterSeconds: 30 });
    const message = t.sms.messages.at(-1)!;
    expect(message.to).toBe(phone);
    expect(message.text).toMatch(/^Your Saathi login code is \d{6}\. It expires in 5 minutes\. Do not share it with anyone\.$/);

    const stored = await t.db.selectFrom('otp_codes').select('code_hash').where('phone_number', '=', phone).executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(t.sms.lastCode(phone));

    const verified = await verify({ phoneNumber: phone, code: t.sms.lastCode(phone) });
    expect(verified.statusCode).toBe(200);
    const { token, user } = verified.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user).toMatchObject({ phoneNumber: phone, isVerified: true, referredBy: null, roles: ['user'], userType: 'Youth', profileCompleted: false });
    expect(user.referralId).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$/);

    const session = await t.db.selectFrom('sessions').select(['token_hash', 'expires_at']).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(session.token_hash).not.toBe(token);
    const ttlDays = (new Date(session.expires_at).getTime() - t.clock.now().getTime()) / 86_400_000;
    expect(ttlDays).toBeGreaterThan(29.9);
    expect(ttlDays).toBeLessThan(30.1);

    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, phoneNumber: phone });
  });

  it('accepts +91 and spaces, and signs an existing user in to the same account', async () => {
    const existing = await t.factory.user({ name: 'Asha Patel' });
    const pretty = `+91 ${existing.phoneNumber.slice(0, 5)} ${existing.phoneNumber.slice(5)}`;
    const ip = freshIp();
    expect((await requestCode(pretty, ip)).statusCode).toBe(200);
    const res = await verify({ phoneNumber: pretty, code: t.sms.lastCode(existing.phoneNumber) });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: existing.id, name: 'Asha Patel', referralId: existing.referralId });
  });

  it.each([
    ['a 9-digit number', '987654321'],
    ['an alphabetic number', 'abcdefghij'],
    ['a number not starting with 6-9', '1234567890'],
  ])('rejects %s with 400 naming phoneNumber, and stores nothing', async (_label, phoneNumber) => {
    const res = await requestCode(phoneNumber, freshIp());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'validation_error', message: 'Enter a valid 10-digit mobile number', field: 'phoneNumber' },
    });
    expect(await countCodes(phoneNumber)).toBe(0);
    expect(t.sms.messages.some((m) => m.to === phoneNumber)).toBe(false);
  });

  it('rejects a wrong code with 400 "Incorrect code" on field code', async () => {
    const phone = uniquePhone();
    await requestCode(phone, freshIp());
    const res = await verify({ phoneNumber: phone, code: wrongCodeFor(t.sms.lastCode(phone)) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'incorrect_code', message: 'Incorrect code', field: 'code' } });
    const users = await t.db.selectFrom('users').select('id').where('phone_number', '=', phone).execute();
    expect(users).toHaveLength(0);
  });

  it('rejects a code that is not 6 digits before looking it up', async () => {
    const res = await verify({ phoneNumber: uniquePhone(), code: '12ab' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_error', field: 'code' });
  });

  it('accepts a code until its 5 minutes are up', async () => {
    const phone = uniquePhone();
    await requestCode(phone, freshIp());
    t.clock.advance(299_000);
    expect((await verify({ phoneNumber: phone, code: t.sms.lastCode(phone) })).statusCode).toBe(200);
  });

  it('rejects an expired code with 400 and a clear message', async () => {
    const phone = uniquePhone();
    await requestCode(phone, freshIp());
    t.clock.advance(301_000);
    const res = await verify({ phoneNumber: phone, code: t.sms.lastCode(phone) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'code_expired', message: 'The code has expired. Request a new one.', field: 'code' } });
  });

  it('locks the code out after 5 wrong tries, even for the right code, until a new one is requested', async () => {
    const phone = uniquePhone();
    const ip = freshIp();
    await requestCode(phone, ip);
    const code = t.sms.lastCode(phone);
    for (let i = 0; i < 5; i++) {
      const wrong = await verify({ phoneNumber: phone, code: wrongCodeFor(code) });
      expect(wrong.statusCode).toBe(400);
    }
    const locked = await verify({ phoneNumber: phone, code });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatchObject({ code: 'code_locked', message: 'Too many wrong codes. Request a new code.' });

    t.clock.advance(31_000);
    expect((await requestCode(phone, ip)).statusCode).toBe(200);
    const fresh = await verify({ phoneNumber: phone, code: t.sms.lastCode(phone) });
    expect(fresh.statusCode).toBe(200);
  });

  it('uses a code once', async () => {
    const phone = uniquePhone();
    await requestCode(phone, freshIp());
    const code = t.sms.lastCode(phone);
    expect((await verify({ phoneNumber: phone, code })).statusCode).toBe(200);
    const again = await verify({ phoneNumber: phone, code });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ code: 'code_not_requested', field: 'code' });
  });

  it('refuses a resend within 30 seconds with 429 and retryAfterSeconds (the other waits and limits: login-limits.test.ts)', async () => {
    const phone = uniquePhone();
    const ip = freshIp();
    await requestCode(phone, ip);
    t.clock.advance(10_000);
    const soon = await requestCode(phone, ip);
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toEqual({
      error: { code: 'too_many_requests', message: 'Please wait 20 seconds before asking for a new code.', params: { seconds: 20 }, retryAfterSeconds: 20 },
    });
    expect(soon.headers['retry-after']).toBe('20');
    expect(await countCodes(phone)).toBe(1);
    t.clock.advance(20_000);
    expect((await requestCode(phone, ip)).statusCode).toBe(200);
    expect(await countCodes(phone)).toBe(2);
  });

  it('answers 502 when the SMS cannot be sent, and keeps no code', async () => {
    const phone = uniquePhone();
    t.sms.failNext();
    const res = await requestCode(phone, freshIp());
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('sms_failed');
    expect(await countCodes(phone)).toBe(0);
    const logged = takeConsoleErrors().join('\n');
    expect(logged).toContain('sending the code failed');
    expect(logged).not.toMatch(/login code is \d{6}/);
    expect((await requestCode(phone, freshIp())).statusCode).toBe(200);
  });
});

describe('referrer', () => {
  it('sets referredBy from a referral id at the first login and never overwrites it', async () => {
    const first = await t.factory.user();
    const second = await t.factory.user();
    const phone = uniquePhone();
    const a = await login(phone, first.referralId.toLowerCase());
    expect(a.user.referredBy).toBe(first.id);
    t.clock.advance(31_000);
    const b = await login(phone, second.referralId);
    expect(b.user.referredBy).toBe(first.id);
  });

  it("ignores an unknown referrer and the user's own referral id", async () => {
    const phone = uniquePhone();
    const a = await login(phone, 'ZZZZZZZZ');
    expect(a.user.referredBy).toBeNull();
    t.clock.advance(31_000);
    const b = await login(phone, a.user.referralId);
    expect(b.user.referredBy).toBeNull();
  });

  it('does not let two users refer each other', async () => {
    const inviter = await t.factory.user();
    const phone = uniquePhone();
    const invited = await login(phone, inviter.referralId);
    expect(invited.user.referredBy).toBe(inviter.id);
    const inviterLogin = await login(inviter.phoneNumber, invited.user.referralId);
    expect(inviterLogin.user.referredBy).toBeNull();
  });

  it('gives a referrer only to a new account, so three people cannot refer each other in a circle', async () => {
    const [phoneA, phoneB, phoneC] = [uniquePhone(), uniquePhone(), uniquePhone()];
    const a = await login(phoneA);
    const b = await login(phoneB, a.user.referralId);
    const c = await login(phoneC, b.user.referralId);
    expect([b.user.referredBy, c.user.referredBy]).toEqual([a.user.id, b.user.id]);
    t.clock.advance(31_000);
    const again = await login(phoneA, c.user.referralId);
    expect(again.user.referredBy).toBeNull();
  });
});

describe('tokens', () => {
  it('logout revokes the token', async () => {
    const { token } = await login(uniquePhone());
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ ok: true });
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
    expect(me.json().error.code).toBe('unauthorized');
  });

  it.each([
    ['no Authorization header', undefined],
    ['a garbage token', 'Bearer not-a-real-token-at-all-xxxxxxxxxxxx'],
    ['a non-bearer scheme', 'Basic dXNlcjpwYXNz'],
  ])('answers 401 for %s', async (_label, authorization) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: authorization ? { authorization } : {} });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: { code: 'unauthorized' } });
  });

  it('answers 401 for a revoked or expired token', async () => {
    const user = await t.factory.user();
    const revoked = await t.loginAs(user);
    await t.db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', user.id).execute();
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(revoked) })).statusCode).toBe(401);

    const expired = await t.loginAs(user, { expiresAt: new Date(t.clock.now().getTime() - 1000) });
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(expired) })).statusCode).toBe(401);

    const valid = await t.loginAs(user);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(valid) })).statusCode).toBe(200);
  });

  it('logout without a token is 401', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(401);
  });
});

describe('session activity', () => {
  it('records last use at most once a minute', async () => {
    const user = await t.factory.user();
    const token = await t.loginAs(user);
    const lastUsed = async () =>
      new Date((await t.db.selectFrom('sessions').select('last_used_at').where('user_id', '=', user.id).executeTakeFirstOrThrow()).last_used_at).getTime();
    t.clock.advance(120_000);
    await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
    const first = await lastUsed();
    expect(first).toBe(t.clock.now().getTime());
    t.clock.advance(30_000);
    await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
    expect(await lastUsed()).toBe(first);
    t.clock.advance(31_000);
    await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
    expect(await lastUsed()).toBe(t.clock.now().getTime());
  });
});

describe('login attempts', () => {
  async function attemptsOf(phoneNumber: string) {
    return t.db.selectFrom('otp_codes').select(['attempt_id', 'attempts']).where('phone_number', '=', phoneNumber).orderBy('id').execute();
  }

  it('gives every code request its own attemptId, and verify needs it', async () => {
    const phone = uniquePhone();
    await requestCode(phone, freshIp());
    const code = t.sms.lastCode(phone);
    const { phoneNumber, ...withoutAttempt } = { phoneNumber: phone, code };
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/otp/verify', payload: { phoneNumber, ...withoutAttempt }, remoteAddress: freshIp() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ code: 'validation_error', field: 'attemptId' });

    const unknown = await verify({ phoneNumber: phone, code, attemptId: UNKNOWN_ATTEMPT });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({ code: 'code_not_requested', field: 'code' });
    // A guess at an attempt that does not exist touches no real attempt.
    expect((await attemptsOf(phone)).map((a) => a.attempts)).toEqual([0]);

    expect((await verify({ phoneNumber: phone, code })).statusCode).toBe(200);
  });

  it("does not let a stranger's wrong guesses lock the owner out", async () => {
    const phone = uniquePhone();
    // The owner asks for a code on their phone and keeps its attemptId.
    expect((await requestCode(phone, freshIp())).statusCode).toBe(200);
    const ownerAttempt = attempts.get(phone)!;
    const ownerCode = t.sms.lastCode(phone);

    // A stranger who knows the number asks for a code of their own and guesses at it.
    t.clock.advance(31_000);
    const strangerIp = freshIp();
    expect((await requestCode(phone, strangerIp)).statusCode).toBe(200);
    const strangerAttempt = attempts.get(phone)!;
    expect(strangerAttempt).not.toBe(ownerAttempt);
    for (let i = 0; i < 5; i++) {
      const guess = await verify({ phoneNumber: phone, code: wrongCodeFor(ownerCode), attemptId: strangerAttempt }, strangerIp);
      expect(guess.statusCode).toBe(400);
    }
    const locked = await verify({ phoneNumber: phone, code: ownerCode, attemptId: strangerAttempt }, strangerIp);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('code_locked');
    // Even the owner's right code is no use with the stranger's attempt.
    expect((await verify({ phoneNumber: phone, code: ownerCode, attemptId: strangerAttempt }, strangerIp)).statusCode).toBe(429);

    // The owner's attempt was never touched and still logs them in.
    expect((await attemptsOf(phone)).find((a) => a.attempt_id === ownerAttempt)?.attempts).toBe(0);
    const owner = await verify({ phoneNumber: phone, code: ownerCode, attemptId: ownerAttempt });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user.phoneNumber).toBe(phone);
  });

  it("refuses an attempt's code for another number", async () => {
    const phone = uniquePhone();
    const other = uniquePhone();
    await requestCode(phone, freshIp());
    const res = await verify({ phoneNumber: other, code: t.sms.lastCode(phone), attemptId: attempts.get(phone)! });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('code_not_requested');
    expect(await t.db.selectFrom('users').select('id').where('phone_number', 'in', [phone, other]).execute()).toHaveLength(0);
  });
});

describe('session cookie', () => {
  const SET_COOKIE = /^saathi_session=([A-Za-z0-9_-]{43}); Max-Age=2592000; Path=\/; HttpOnly; SameSite=Strict$/;
  const origin = () => new URL(t.config.publicUrl).origin;

  async function cookieLogin() {
    const phone = uniquePhone();
    await requestCode(phone, freshIp());
    const res = await verify({ phoneNumber: phone, code: t.sms.lastCode(phone) });
    expect(res.statusCode).toBe(200);
    // The browser's device cookie comes too (login-limits.test.ts); this is the session's.
    const header = String([res.headers['set-cookie']].flat().find((line) => line?.startsWith('saathi_session=')));
    const match = SET_COOKIE.exec(header);
    expect(match, header).not.toBeNull();
    // The body still carries the token for API clients; it is the same session.
    expect(res.json().token).toBe(match![1]);
    return { cookie: `saathi_session=${match![1]}`, user: res.json().user as { id: number } };
  }

  it('is set HttpOnly and SameSite=Strict at login (no Secure over http) and signs the browser in', async () => {
    const { cookie, user } = await cookieLogin();
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
  });

  it("refuses a write carried by the cookie unless it comes from the app's own origin, and changes nothing", async () => {
    const { cookie } = await cookieLogin();
    for (const headers of [{ cookie }, { cookie, origin: 'https://evil.example' }, { cookie, origin: 'null' }]) {
      const res = await t.app.inject({ method: 'PATCH', url: '/api/users/me', headers, payload: { name: 'Taken Over' } });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('origin_mismatch');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } })).json().name).toBeNull();

    const own = await t.app.inject({ method: 'PATCH', url: '/api/users/me', headers: { cookie, origin: origin() }, payload: { name: 'Asha' } });
    expect(own.statusCode).toBe(200);
    expect(own.json().name).toBe('Asha');
  });

  it('leaves bearer clients alone: no Origin needed, and the bearer header wins over a cookie', async () => {
    const { cookie } = await cookieLogin();
    const other = await t.factory.user();
    const token = await t.loginAs(other);
    const res = await t.app.inject({ method: 'PATCH', url: '/api/users/me', headers: { ...bearer(token), cookie }, payload: { name: 'Bearer Client' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(other.id);
  });

  it('ends at logout: the session is revoked and the cookie cleared', async () => {
    const { cookie } = await cookieLogin();
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie, origin: origin() } });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(
      /^saathi_session=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Strict$/,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('ignores a cookie that is not a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: 'saathi_session=<script>' } });
    expect(res.statusCode).toBe(401);
  });
});
