import { describe, expect, it } from 'vitest';
import { bearer, build } from '../../../test/build';
import { uniquePhone } from '../../../test/factory';
import { solveChallengeOf } from '../../../test/altcha-solver';

const t = build();

let ipCounter = 0;
/** Each test asks from its own addresses, so what one test spends never touches another. */
const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
let browserCounter = 0;
/** A browser: its device cookie (as the first answer would have set it) and its address. */
const newBrowser = (ip = freshIp()) => ({ cookie: `saathi_device=${String(++browserCounter).padStart(43, 'b')}`, ip });
type Browser = ReturnType<typeof newBrowser>;

/** A client that keeps no cookies, from `ip`. */
const cookieless = (ip = freshIp()): Browser => ({ cookie: '', ip });

function ask(browser: Browser, phoneNumber: string, altcha?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/otp/request',
    payload: { phoneNumber, ...(altcha ? { altcha } : {}) },
    headers: browser.cookie ? { cookie: browser.cookie } : {},
    remoteAddress: browser.ip,
  });
}

function verify(browser: Browser, phoneNumber: string, attemptId: string, code: string, altcha?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/otp/verify',
    payload: { phoneNumber, attemptId, code, ...(altcha ? { altcha } : {}) },
    headers: browser.cookie ? { cookie: browser.cookie } : {},
    remoteAddress: browser.ip,
  });
}

/** Signs `browser` in to the number: from then on the number knows it. */
async function signIn(browser: Browser, phoneNumber: string) {
  const sent = await ask(browser, phoneNumber);
  expect(sent.statusCode).toBe(200);
  const res = await verify(browser, phoneNumber, sent.json().attemptId, t.sms.lastCode(phoneNumber));
  expect(res.statusCode).toBe(200);
}

const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');
const codesTo = async (phoneNumber: string) =>
  Number(
    (
      await t.db
        .selectFrom('otp_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('phone_number', '=', phoneNumber)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('resend waits', () => {
  // The waits users meet are pinned here as numbers, not read back from the code under test.
  it('grow per number and browser: 30 s, then 1, 2, 5 and 10 minutes, never longer; each 429 says how long', async () => {
    const phone = uniquePhone();
    // A browser that signed in to the number before, so only the waits apply (no challenge).
    const browser = newBrowser();
    await signIn(browser, phone);
    t.clock.advance(3600_000);
    const waits = [30, 60, 120, 300, 600, 600];
    for (const wait of waits) {
      const sent = await ask(browser, phone);
      expect(sent.statusCode).toBe(200);
      expect(sent.json().resendAfterSeconds).toBe(wait);
      t.clock.advance((wait - 10) * 1000);
      const soon = await ask(browser, phone);
      expect(soon.statusCode).toBe(429);
      expect(soon.json()).toEqual({
        error: {
          code: 'too_many_requests',
          message: 'Please wait 10 seconds before asking for a new code.',
          params: { seconds: 10 },
          retryAfterSeconds: 10,
        },
      });
      expect(soon.headers['retry-after']).toBe('10');
      t.clock.advance(10_000);
    }
    expect(await codesTo(phone)).toBe(waits.length + 1);
    // An hour after the last code the ladder starts again.
    t.clock.advance(3600_000);
    expect((await ask(browser, phone)).json().resendAfterSeconds).toBe(30);
  });

  it('are the browser’s own: another browser asking for the same number is not made to wait', async () => {
    const phone = uniquePhone();
    expect((await ask(newBrowser(), phone)).statusCode).toBe(200);
    const other = await ask(newBrowser(), phone);
    expect(other.statusCode).toBe(200);
    expect(other.json().resendAfterSeconds).toBe(30);
  });

  it('hold for a client without cookies by its address', async () => {
    const phone = uniquePhone();
    const client = cookieless();
    expect((await ask(client, phone)).statusCode).toBe(200);
    expect((await ask(client, phone)).statusCode).toBe(429);
  });
});

describe('device cookie', () => {
  it('is given to a browser that has none, HttpOnly and SameSite=Strict for 400 days, and replaces a malformed one', async () => {
    const first = await ask(cookieless(), uniquePhone());
    const cookie = first.cookies.find((c) => c.name === 'saathi_device');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', maxAge: 400 * 86_400 });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const malformed = await ask({ cookie: 'saathi_device=<script>', ip: freshIp() }, uniquePhone());
    expect(malformed.cookies.find((c) => c.name === 'saathi_device')?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const kept = await ask(newBrowser(), uniquePhone());
    expect(kept.cookies.find((c) => c.name === 'saathi_device')).toBeUndefined();
  });
});

describe('a stranger cannot lock the owner out', () => {
  it('six requests for a number from anywhere leave its owner signing in at once, and another browser after one challenge', async () => {
    const phone = uniquePhone();
    const owner = newBrowser();
    await signIn(owner, phone);
    t.clock.advance(3600_000);
    // A stranger asks six times, from six addresses, keeping no cookies, 31 s apart.
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) {
      answers.push((await ask(cookieless(), phone)).statusCode);
      t.clock.advance(31_000);
    }
    // Three go out; after that the stranger must prove work for each.
    expect(answers).toEqual([200, 200, 200, 428, 428, 428]);

    // The owner's browser: a code at once, no challenge, the first rung of its own ladder.
    const own = await ask(owner, phone);
    expect(own.statusCode).toBe(200);
    expect(own.json().resendAfterSeconds).toBe(30);
    expect((await verify(owner, phone, own.json().attemptId, t.sms.lastCode(phone))).statusCode).toBe(200);

    // The owner on a new phone: one challenge, then the code.
    const newPhone = newBrowser();
    const challenged = await ask(newPhone, phone);
    expect(challenged.statusCode).toBe(428);
    expect(challenged.json().error).toMatchObject({
      code: 'challenge_required',
      challenge: { parameters: { algorithm: 'PBKDF2/SHA-256', data: { action: 'otp-request', phoneNumber: phone, level: 1 } }, signature: expect.any(String) },
    });
    const sent = await ask(newPhone, phone, await solveChallengeOf(challenged.json()));
    expect(sent.statusCode).toBe(200);
    expect((await verify(newPhone, phone, sent.json().attemptId, t.sms.lastCode(phone))).statusCode).toBe(200);
  });

  it('never counts a code that was used to sign in, whichever browser asked for it', async () => {
    const phone = uniquePhone();
    // Four sign-ins from four new clients that sent no device cookie with their code request.
    for (let i = 0; i < 4; i++) {
      const client = cookieless();
      const sent = await ask(client, phone);
      expect(sent.statusCode).toBe(200);
      expect((await verify(client, phone, sent.json().attemptId, t.sms.lastCode(phone))).statusCode).toBe(200);
    }
    expect((await ask(newBrowser(), phone)).statusCode).toBe(200);
  });

  it('asks a challenge when three addresses asked for one number within the hour, even from browsers that keep their cookie', async () => {
    const phone = uniquePhone();
    for (let i = 0; i < 3; i++) expect((await ask(newBrowser(), phone)).statusCode).toBe(200);
    expect((await ask(newBrowser(), phone)).statusCode).toBe(428);
    t.clock.advance(3600_000);
    expect((await ask(newBrowser(), phone)).statusCode).toBe(200);
  });

  it('asks harder challenges as a number’s daily budget is spent: level 2 from 10 codes a day, level 3 from 30', async () => {
    const phone = uniquePhone();
    const levelAfter = async (codes: number) => {
      while ((await codesTo(phone)) < codes) {
        const browser = newBrowser();
        const res = await ask(browser, phone);
        // Past the hourly count the budget is spent through solved challenges; the test inserts
        // those codes directly instead, an hour apart so only the day counts.
        if (res.statusCode === 428) {
          await t.db
            .insertInto('otp_codes')
            .values({
              phone_number: phone,
              code_hash: 'x',
              requester_ip: browser.ip,
              device_hash: null,
              attempt_id: null,
              expires_at: t.clock.now(),
              created_at: t.clock.now(),
            })
            .execute();
        }
        t.clock.advance(20 * 60_000);
      }
      const res = await ask(newBrowser(), phone);
      return res.statusCode === 428 ? res.json().error.challenge.parameters.data.level : 0;
    };
    expect(await levelAfter(10)).toBe(2);
    expect(await levelAfter(30)).toBe(3);
  });

  it('challenges an address that asked for many numbers, but never a browser known to the number it asks for', async () => {
    const ip = freshIp();
    const known = uniquePhone();
    const owner = newBrowser(ip);
    await signIn(owner, known);
    t.clock.advance(60_000);
    // OTP_CODES_PER_IP_PER_HOUR is 20 in tests, as by default.
    for (let i = 0; i < 19; i++) expect((await ask(newBrowser(ip), uniquePhone())).statusCode).toBe(200);
    const limited = await ask(newBrowser(ip), uniquePhone());
    expect(limited.statusCode).toBe(428);
    expect(limited.json().error.code).toBe('challenge_required');
    expect((await ask(owner, known)).statusCode).toBe(200);
  });
});

describe('challenges', () => {
  /** A number whose unknown browsers must solve a level-1 challenge. */
  async function challengedNumber() {
    const phone = uniquePhone();
    for (let i = 0; i < 3; i++) await ask(cookieless(), phone);
    const res = await ask(newBrowser(), phone);
    expect(res.statusCode).toBe(428);
    return { phone, challenge: res.json() };
  }

  it('buys one request: a replayed solution is answered with a new challenge', async () => {
    const { phone, challenge } = await challengedNumber();
    const altcha = await solveChallengeOf(challenge);
    expect((await ask(newBrowser(), phone, altcha)).statusCode).toBe(200);
    const replayed = await ask(newBrowser(), phone, altcha);
    expect(replayed.statusCode).toBe(428);
    expect(replayed.json().error.challenge.parameters.nonce).not.toBe(challenge.error.challenge.parameters.nonce);
  });

  it('refuses a solution for another number, an expired one, a tampered one and a payload that is not one, and sends nothing', async () => {
    const { phone, challenge } = await challengedNumber();
    const other = await challengedNumber();
    const altcha = await solveChallengeOf(challenge);
    const before = t.sms.messages.length;
    expect((await ask(newBrowser(), other.phone, altcha)).statusCode).toBe(428);
    const decoded = JSON.parse(Buffer.from(altcha, 'base64').toString());
    decoded.challenge.parameters.data.level = 0;
    expect((await ask(newBrowser(), phone, Buffer.from(JSON.stringify(decoded)).toString('base64'))).statusCode).toBe(428);
    decoded.challenge.parameters.data.level = 1;
    decoded.solution.derivedKey = decoded.solution.derivedKey.replace(/.$/, (c: string) => (c === '0' ? '1' : '0'));
    expect((await ask(newBrowser(), phone, Buffer.from(JSON.stringify(decoded)).toString('base64'))).statusCode).toBe(428);
    for (const junk of ['not base64 at all', Buffer.from('{"challenge":null}').toString('base64'), Buffer.from('[]').toString('base64')]) {
      expect((await ask(newBrowser(), phone, junk)).statusCode).toBe(428);
    }
    const tooLong = await ask(newBrowser(), phone, 'a'.repeat(4001));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toMatchObject({ code: 'validation_error', field: 'altcha' });
    t.clock.advance(301_000);
    expect((await ask(newBrowser(), phone, altcha)).statusCode).toBe(428);
    expect(t.sms.messages.length).toBe(before);
  });
});

describe('wrong codes from one address', () => {
  it('after 30 in an hour each further try needs a challenge; a correct code with one always works, and a known browser is never asked', async () => {
    const ip = freshIp();
    const known = uniquePhone();
    const owner = newBrowser(ip);
    await signIn(owner, known);
    let guesses = 0;
    while (guesses < 30) {
      const phone = uniquePhone();
      const sent = await ask(newBrowser(), phone);
      for (let i = 0; i < 5 && guesses < 30; i++, guesses++) {
        const res = await verify(cookieless(ip), phone, sent.json().attemptId, wrongCodeFor(t.sms.lastCode(phone)));
        expect(res.statusCode).toBe(400);
      }
    }
    const fresh = uniquePhone();
    const sent = await ask(newBrowser(), fresh);
    const neighbour = newBrowser(ip);
    const challenged = await verify(neighbour, fresh, sent.json().attemptId, t.sms.lastCode(fresh));
    expect(challenged.statusCode).toBe(428);
    expect(challenged.json().error.challenge.parameters.data).toMatchObject({ action: 'otp-verify', phoneNumber: fresh });
    // The challenged try did not spend one of the code's five.
    const row = await t.db.selectFrom('otp_codes').select('attempts').where('attempt_id', '=', sent.json().attemptId).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(0);
    const altcha = await solveChallengeOf(challenged.json());
    expect((await verify(neighbour, fresh, sent.json().attemptId, t.sms.lastCode(fresh), altcha)).statusCode).toBe(200);

    // The browser that signed in to its number before signs in again from the same address, unasked.
    t.clock.advance(31_000);
    const own = await ask(owner, known);
    expect((await verify(owner, known, own.json().attemptId, t.sms.lastCode(known))).statusCode).toBe(200);
  });
});

describe('account deletion', () => {
  it('forgets the browsers that signed in to the number', async () => {
    const phone = uniquePhone();
    const browser = newBrowser();
    await signIn(browser, phone);
    const user = await t.db.selectFrom('users').select('id').where('phone_number', '=', phone).executeTakeFirstOrThrow();
    const token = await t.loginAs(user);
    expect((await t.db.selectFrom('login_devices').select('device_hash').where('phone_number', '=', phone).execute()).length).toBe(1);
    expect((await t.app.inject({ method: 'POST', url: '/api/users/me/deletion-code', headers: bearer(token) })).statusCode).toBe(200);
    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/users/me', headers: bearer(token), payload: { code: t.sms.lastCode(phone) } });
    expect(deleted.statusCode).toBe(200);
    expect(await t.db.selectFrom('login_devices').select('device_hash').where('phone_number', '=', phone).execute()).toEqual([]);
  });
});
