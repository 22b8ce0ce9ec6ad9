import { afterAll, describe, expect, it } from 'vitest';
import { startTwilioPeer } from '../sms-peers';
import { waitFor } from '../wait-for';
import { api, Cleanups, clusterEnv, exitOf, migratedDatabase, seedSosOnPeer, startProcess, startSharedServices } from './cluster';

/**
 * SMS across a crash: a message a gateway took is never sent again, and one it had not
 * answered when the process died (SIGKILL: no shutdown hook runs) is sent by the next process
 * once its lease ends. Against the Twilio peer, as a deployment would run it.
 */
const ACCOUNT = `AC${'b2'.repeat(16)}`;
const AUTH_TOKEN = 'kill-test-auth-token';
const LEASE_MS = 1500;
const CONTACTS = ['9822300001', '9822300002'];

const cleanups = new Cleanups();
afterAll(async () => {
  await cleanups.run();
});

describe('SMS across a kill -9', () => {
  it('sends each contact exactly one SMS when the process dies with one in flight', { timeout: 120_000 }, async () => {
    const [database, services, twilio] = await Promise.all([
      migratedDatabase(cleanups),
      startSharedServices(cleanups),
      startTwilioPeer({ accountSid: ACCOUNT, authToken: AUTH_TOKEN }),
    ]);
    cleanups.add(() => twilio.close());
    const scenario = await seedSosOnPeer(database, services.push, { center: { latitude: 18.52, longitude: 73.85 }, count: 0, prefix: 'k' });
    await database.db
      .insertInto('emergency_contacts')
      .values(CONTACTS.map((phone, position) => ({ user_id: scenario.victimId, name: `Contact ${position + 1}`, phone_number: phone, position })))
      .execute();
    const env = clusterEnv(database.url, services, {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: ACCOUNT,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_FROM: 'SAATHI',
      TWILIO_API_URL: twilio.origin,
      OUTBOX_LEASE_MS: String(LEASE_MS),
      // A try lasts at most two timeouts, so the SMS a dead process held return after 2 × 1 s + 5 s.
      SMS_TIMEOUT_MS: '1000',
    });
    const accepted = (phone: string) => twilio.requests.filter((r) => r.answer === 201 && (r.body as Record<string, string>).To === `+91${phone}`).length;
    const recorded = async () =>
      (await database.db.selectFrom('sms_messages').select('id').where('provider_message_id', 'is not', null).where('to_phone', 'in', CONTACTS).execute())
        .length;

    // The first process: the gateway takes one contact's SMS and holds the other's unanswered.
    const first = await startProcess(env, cleanups);
    twilio.hangNext(1);
    const raised = await api(first, 'POST', '/sos', { token: scenario.victimToken, body: { latitude: 18.52, longitude: 73.85, contactsOnly: true } });
    expect(raised.status).toBe(201);
    await waitFor(() => twilio.requests.length === 2 && twilio.requests.some((r) => r.answer === 'hung'), {
      timeoutMs: 20_000,
      what: 'one SMS taken, one held',
    });
    await waitFor(async () => (await recorded()) === 1, { timeoutMs: 10_000, what: 'the taken SMS recorded' });
    await first.kill9();
    expect((await exitOf(first)).signal).toBe('SIGKILL');

    // The next process sends what was held, once its lease ran out, and nothing else.
    const second = await startProcess(env, cleanups);
    await waitFor(async () => (await recorded()) === 2, { timeoutMs: 30_000, what: 'the held SMS sent by the next process' });
    await new Promise((resolve) => setTimeout(resolve, 2 * LEASE_MS));
    expect(CONTACTS.map(accepted)).toEqual([1, 1]);

    // Nor does a crash after both were taken send either again.
    await second.kill9();
    const third = await startProcess(env, cleanups);
    await new Promise((resolve) => setTimeout(resolve, 3 * LEASE_MS));
    expect(CONTACTS.map(accepted)).toEqual([1, 1]);
    const owner = await api(third, 'GET', `/sos/${(raised.body as { id: number }).id}`, { token: scenario.victimToken });
    const statuses = (owner.body as { alerted: Array<{ phoneNumber: string; sms: { status: string } | null }> }).alerted.map((r) => [
      r.phoneNumber,
      r.sms?.status,
    ]);
    expect(statuses.sort()).toEqual(CONTACTS.map((phone) => [phone, 'queued']));
  });
});
