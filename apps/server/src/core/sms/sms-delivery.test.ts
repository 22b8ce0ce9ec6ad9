import { describe, expect, it } from 'vitest';
import { build } from '../../../test/build';
import { takeConsoleErrors } from '../../../test/console';
import { addContact, freshPlace, get, makeVolunteer, offset, post, raiseSos } from '../../../test/sos-fixtures';

// The recording gateway and its recording fallback (SMS_FALLBACK_PROVIDER) stand in for two real ones.
const t = build({ PUBLIC_URL: 'https://saathi.example', SOS_ESCALATION_SECONDS: '30' }, { fallback: true });

const smsRows = (phone: string) =>
  t.db
    .selectFrom('sms_messages')
    .select(['template', 'status', 'provider', 'provider_message_id', 'attempts', 'variables'])
    .where('to_phone', '=', phone)
    .orderBy('id')
    .execute();
const textsTo = (phone: string) => [...t.sms.messages, ...t.smsFallback.messages].filter((m) => m.to === phone);

/** Lets every retry that is due by `ms` from now run. */
async function after(ms: number) {
  t.clock.advance(ms);
  await t.app.outbox.drain();
}

async function raise(name: string, contactPhone: string) {
  const here = freshPlace();
  const owner = await t.factory.user({ name });
  await addContact(t, owner.id, { name: 'Didi', phoneNumber: contactPhone });
  await makeVolunteer(t, { at: offset(here, 60) });
  const token = await t.loginAs(owner);
  const eventId = (await raiseSos(t, token, { ...here, threat: 'medical', contactsOnly: false })).json().id as number;
  await t.app.outbox.drain();
  return { owner, token, eventId };
}

const contactOf = async (token: string, eventId: number) => {
  const view = (await get(t, token, `/api/sos/${eventId}`)).json();
  return view.alerted.find((r: { kind: string }) => r.kind === 'contact');
};

describe('the SMS that carry an SOS', () => {
  it('shows the owner each contact it reached, with the number to call; volunteers have neither', async () => {
    const { token, eventId } = await raise('Priya Nair', '9811100001');
    const view = (await get(t, token, `/api/sos/${eventId}`)).json();
    const contact = view.alerted.find((r: { kind: string }) => r.kind === 'contact');
    expect(contact).toMatchObject({ name: 'Didi', phoneNumber: '9811100001', deliveryStatus: 'sent', sms: { status: 'sent', updatedAt: expect.any(String) } });
    const volunteer = view.alerted.find((r: { kind: string }) => r.kind === 'volunteer');
    expect(volunteer).toMatchObject({ phoneNumber: null, sms: null });
    // The link it carried is not kept once a gateway took it.
    expect(await smsRows('9811100001')).toEqual([
      { template: 'sosContact', status: 'sent', provider: 'recording', provider_message_id: expect.any(String), attempts: 1, variables: null },
    ]);
  });

  it('retries a gateway that is down, then sends through the fallback, once', async () => {
    t.sms.failNext(2);
    const { token, eventId } = await raise('Kavya Rao', '9811100002');
    expect(textsTo('9811100002')).toEqual([]);
    expect(await contactOf(token, eventId)).toMatchObject({ deliveryStatus: 'pending', sms: { status: 'queued' } });

    await after(1_500); // second try: the first gateway again, down again
    expect(textsTo('9811100002')).toEqual([]);
    await after(3_000); // third: the fallback takes it
    expect(t.smsFallback.messages.filter((m) => m.to === '9811100002').map((m) => m.template.name)).toEqual(['sosContact']);
    expect(t.sms.messages.filter((m) => m.to === '9811100002')).toEqual([]);
    expect(await contactOf(token, eventId)).toMatchObject({ deliveryStatus: 'sent', sms: { status: 'sent' } });
    expect((await smsRows('9811100002'))[0]).toMatchObject({ provider: 'recording-fallback', attempts: 3 });

    // Nothing is sent again, however long the outbox keeps running.
    await after(10 * 60_000);
    expect(textsTo('9811100002')).toHaveLength(1);
    // The contact was reached, so the all-clear reaches them too.
    expect((await post(t, token, `/api/sos/${eventId}/cancel`)).statusCode).toBe(200);
    await t.app.outbox.drain();
    expect(
      textsTo('9811100002')
        .map((m) => m.template.name)
        .sort(),
    ).toEqual(['sosAllClear', 'sosContact']);
  });

  it('gives up after the last try and tells the owner it failed', async () => {
    t.sms.failNext(1_000);
    t.smsFallback.failNext(1_000);
    try {
      const { token, eventId } = await raise('Anu Das', '9811100003');
      for (let i = 0; i < 12; i += 1) await after(6 * 60_000);
      expect(textsTo('9811100003')).toEqual([]);
      expect(await contactOf(token, eventId)).toMatchObject({ sms: { status: 'failed' } });
      expect((await smsRows('9811100003'))[0]).toMatchObject({ status: 'failed', provider: null, variables: null });
      // Whoever runs the service hears of it: an error names the message, not its number or link.
      const logged = takeConsoleErrors().join('\n');
      expect(logged).toContain('SMS failed: no gateway took it');
      expect(logged).not.toMatch(/9811100003|saathi\.example\/t\//);
    } finally {
      t.sms.failNext(0);
      t.smsFallback.failNext(0);
    }
  });

  it('a gateway that refuses a message for good hands it to the fallback at once', async () => {
    const refuse = t.sms.send.bind(t.sms);
    const { SmsGatewayError } = await import('./sms-provider');
    t.sms.send = async () => {
      throw new SmsGatewayError('template not registered', true);
    };
    try {
      await raise('Ritu Sen', '9811100004');
      expect(t.smsFallback.messages.filter((m) => m.to === '9811100004')).toHaveLength(1);
    } finally {
      t.sms.send = refuse;
    }
  });
});

describe('contacts outside India', () => {
  it('cannot be saved (numbers are Indian mobiles, texted as +91), so no SMS goes abroad', async () => {
    const owner = await t.factory.user({ name: 'Asha Menon' });
    const token = await t.loginAs(owner);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${token}` },
      payload: { emergencyContacts: [{ name: 'Ravi', phoneNumber: '+44 7700 900123', relation: 'Brother' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_error', message: 'Enter a valid 10-digit mobile number' });
    expect(await t.db.selectFrom('emergency_contacts').select('id').where('user_id', '=', owner.id).execute()).toEqual([]);
  });
});

describe('short tracking links', () => {
  it('/t/<token> sends the browser to the tracking page, and the link in the SMS opens it', async () => {
    const { eventId } = await raise('Neha Iyer', '9811100005');
    expect(eventId).toBeGreaterThan(0);
    const text = textsTo('9811100005')[0]?.text ?? '';
    const link = /saathi\.example(\/t\/[A-Za-z0-9]{12})\b/.exec(text)?.[1];
    expect(link).toBeDefined();
    const res = await t.app.inject({ method: 'GET', url: link as string });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/track/${link?.slice(3)}`);
    const tracked = await t.app.inject({ method: 'GET', url: `/api${res.headers.location as string}` });
    expect(tracked.statusCode).toBe(200);
    expect(tracked.json().firstName).toBe('Neha');
  });

  it('answers junk with the tracking page of an invalid link', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/t/%3Cscript%3E' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/track/invalid');
  });
});

describe('codes', () => {
  it('a login code goes through the fallback at once when the first gateway fails, and is not kept', async () => {
    t.sms.failNext(1);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/otp/request', payload: { phoneNumber: '9811100006' } });
    expect(res.statusCode).toBeLessThan(300);
    expect(t.smsFallback.messages.filter((m) => m.to === '9811100006').map((m) => m.template.name)).toEqual(['loginCode']);
    expect(await smsRows('9811100006')).toEqual([]);
  });
});
