import { describe, expect, it } from 'vitest';
import { build } from '../../../test/build';
import { addContact, freshPlace, offset, post, raiseSos } from '../../../test/sos-fixtures';

const t = build({ PUBLIC_URL: 'https://saathi.example' });

async function trackingLink(phoneNumber: string) {
  const here = freshPlace();
  const victim = await t.factory.user({ name: 'Pooja Desai' });
  await addContact(t, victim.id, { name: 'Papa', phoneNumber });
  const token = await t.loginAs(victim);
  const eventId = (await raiseSos(t, token, { ...here, threat: 'medical', accuracy: 20 })).json().id as number;
  await t.app.outbox.drain();
  const text = t.sms.messages.find((m) => m.to === phoneNumber)?.text ?? '';
  const link = /\bsaathi\.example\/t\/([A-Za-z0-9]{12})\b/.exec(text)?.[1];
  expect(link).toBeDefined();
  return { here, token, eventId, link: link as string };
}

describe('GET /api/track/:token', () => {
  it("shows the contact the status, the victim's first name and live location, without a login", async () => {
    const { here, token, eventId, link } = await trackingLink('9844000001');
    const moved = offset(here, 40);
    await post(t, token, `/api/sos/${eventId}/location`, { ...moved, accuracy: 6 });
    const res = await t.app.inject({ method: 'GET', url: `/api/track/${link}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      status: 'active',
      firstName: 'Pooja',
      threat: 'medical',
      createdAt: expect.any(String),
      location: { latitude: expect.closeTo(moved.latitude, 6), longitude: expect.closeTo(moved.longitude, 6), accuracy: 6, at: expect.any(String) },
      mapsUrl: expect.stringContaining('https://www.google.com/maps/search/?api=1&query='),
      responders: [],
    });
  });

  it('answers 410 once the event ended and 404 for an unknown token', async () => {
    const { token, eventId, link } = await trackingLink('9844000002');
    await post(t, token, `/api/sos/${eventId}/resolve`);
    const ended = await t.app.inject({ method: 'GET', url: `/api/track/${link}` });
    expect(ended.statusCode).toBe(410);
    expect(ended.body).not.toContain('latitude');
    expect((await t.app.inject({ method: 'GET', url: `/api/track/${'x'.repeat(43)}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/track/short' })).statusCode).toBe(400);
  });

  it('lives 24 hours from the SMS while the event is active: works 1 s before, 410 from 1 s after', async () => {
    // The link's lifetime is pinned here as a number (24 h from the fan-out that sent it), not
    // read back from the code; the ended-event case above covers the other way it stops working.
    const { link } = await trackingLink('9844000003');
    t.clock.advance(24 * 3600_000 - 1000);
    expect((await t.app.inject({ method: 'GET', url: `/api/track/${link}` })).statusCode).toBe(200);
    t.clock.advance(2000);
    const expired = await t.app.inject({ method: 'GET', url: `/api/track/${link}` });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).not.toContain('latitude');
  });
});
