import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, build } from '../../../test/build';
import { freshPlace, makeVolunteer, offset, raiseSos } from '../../../test/sos-fixtures';
import { ADULT_DOB, communityFixtures } from '../../../test/community-fixtures';

/**
 * DESIGN.md §8, docs/adr/0008: phone numbers and email addresses of other users never reach a
 * reader. Reader B walks every read endpoint that shows other users, with those users'
 * emails, login numbers, WhatsApp numbers and emergency contacts all set, and the serialized
 * bodies are searched for each of them in any format. The one exception is a business's
 * WhatsApp number on its own business posts (and the catalog and orders those posts lead to).
 */
const t = build();
const f = communityFixtures(t);

interface Person {
  id: number;
  token: string;
  phoneNumber: string;
  email: string;
  whatsapp: string;
  contactPhone: string;
}

/** The 10 digits with any of ' ', '-', '.', '(', ')' between them, after an optional +91 / 91 / 0. */
function phonePattern(digits: string): RegExp {
  return new RegExp(digits.split('').join('[\\s().-]{0,2}'));
}

let sequence = 0;
/** A distinct valid mobile number per call, unlike anything else in the bodies. */
function phone(prefix: '6' | '7' | '8'): string {
  sequence += 1;
  return `${prefix}${String(process.pid % 10_000).padStart(4, '0')}${String(sequence).padStart(5, '0')}`;
}

/** Gives a user an email, a WhatsApp number and an emergency contact, as a profile edit would. */
async function withContactData(user: { id: number; phoneNumber: string }, token: string, tag: string): Promise<Person> {
  const person = {
    id: user.id,
    token,
    phoneNumber: user.phoneNumber,
    email: `${tag}.private.${user.id}@mail.example.in`,
    whatsapp: phone('7'),
    contactPhone: phone('6'),
  };
  await t.db.updateTable('users').set({ email: person.email, whatsapp_number: person.whatsapp }).where('id', '=', user.id).execute();
  await t.db
    .insertInto('emergency_contacts')
    .values({ user_id: user.id, name: `${tag} contact`, phone_number: person.contactPhone })
    .execute();
  return person;
}

/** `token`'s caller orders `text` of the first item of `business`'s catalog. */
function placeOrder(token: string, business: { id: number; itemIds: number[] }, text: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/community/orders',
    headers: bearer(token),
    payload: { businessUserId: business.id, order: [{ slideId: business.itemIds[0], text }] },
  });
}

describe('public user objects carry no contact data (DESIGN.md §8)', () => {
  const here = freshPlace();
  const near = offset(here, 120);
  let reader: Person & { itemIds: number[] };
  let asha: Person;
  let business: Person & { itemIds: number[] };
  let postId: number;
  let businessPostId: number;
  let reelId: number;
  let eventId: number;

  beforeAll(async () => {
    // B, the reader: also a business, so someone can order from them.
    const b = await f.business({ ...here, whatsapp: phone('8'), items: ['Kaju katli'] });
    reader = { ...(await withContactData(b, b.token, 'reader')), itemIds: b.itemIds };

    // A: author, commenter, liker, reel uploader, volunteer, customer; not a business.
    const volunteer = await makeVolunteer(t, { at: near, name: 'Asha Verma' });
    await t.db.updateTable('users').set({ dob: ADULT_DOB }).where('id', '=', volunteer.id).execute();
    asha = await withContactData(volunteer, await t.loginAs(volunteer), 'asha');

    // A business whose WhatsApp number may show on its business posts, catalog and orders only.
    const biz = await f.business({ ...near, whatsapp: phone('8'), items: ['Pedha', 'Barfi'] });
    business = { ...(await withContactData(biz, biz.token, 'biz')), itemIds: biz.itemIds };
    await t.db.updateTable('users').set({ whatsapp_number: business.whatsapp }).where('id', '=', biz.id).execute();

    postId = await f.post({ userId: asha.id, title: 'Streetlight out', ...near, showLocation: true });
    businessPostId = await f.post({ userId: business.id, title: 'Fresh sweets', ...near, businessCategory: 'bakery' });
    await t.db.updateTable('posts').set({ whatsapp_number: business.whatsapp }).where('id', '=', businessPostId).execute();

    for (const who of [asha, business]) {
      expect((await t.app.inject({ method: 'POST', url: `/api/posts/${postId}/like`, headers: bearer(who.token), payload: {} })).statusCode).toBe(200);
      const comment = await t.app.inject({
        method: 'POST',
        url: `/api/posts/${postId}/comments`,
        headers: bearer(who.token),
        payload: { content: 'Reported it' },
      });
      expect(comment.statusCode).toBe(201);
    }

    reelId = (
      await t.db
        .insertInto('incidents')
        .values({ title: 'Flooded underpass', video_url: '/media/reels/demo.webm', uploader_id: asha.id })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const reelComment = await t.app.inject({
      method: 'POST',
      url: '/api/incidents/add-comment',
      headers: bearer(asha.token),
      payload: { incidentId: reelId, comment_text: 'Avoid this road' },
    });
    expect(reelComment.statusCode).toBe(201);

    // A orders from B's catalog: B reads the order with A as the customer.
    const order = await placeOrder(asha.token, reader, '1 kg');
    expect(order.statusCode).toBe(201);

    // B raises an SOS; A, a volunteer nearby, accepts it.
    const sos = await raiseSos(t, reader.token, { ...here, threat: 'theft' });
    expect(sos.statusCode).toBe(201);
    eventId = sos.json().id as number;
    await t.app.outbox.drain();
    expect((await t.app.inject({ method: 'POST', url: `/api/sos/${eventId}/accept`, headers: bearer(asha.token) })).statusCode).toBe(200);
    await t.app.outbox.drain();
  });

  /** Every search term of a person's contact data, as a label and a matcher. */
  function contactData(person: Person, options: { whatsappAllowed?: boolean } = {}): Array<[string, RegExp]> {
    const escaped = person.email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return [
      ['email', new RegExp(escaped, 'i')],
      ['email local part', new RegExp(escaped.split('@')[0]!, 'i')],
      ['login phone number', phonePattern(person.phoneNumber)],
      ['emergency contact number', phonePattern(person.contactPhone)],
      ...(options.whatsappAllowed ? [] : [['WhatsApp number', phonePattern(person.whatsapp)] as [string, RegExp]]),
    ];
  }

  /**
   * The body with the allowed exception taken out: `"whatsappNumber":"<the business's number>"`
   * where the endpoint shows that business's own posts, catalog or orders.
   */
  function searchable(body: string, allowBusinessWhatsapp: boolean): string {
    return allowBusinessWhatsapp ? body.split(`"whatsappNumber":"${business.whatsapp}"`).join('"whatsappNumber":"<allowed>"') : body;
  }

  async function read(token: string, url: string): Promise<string> {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.body;
  }

  function expectNoContactData(url: string, body: string, others: Person[], allowBusinessWhatsapp = false) {
    const text = searchable(body, allowBusinessWhatsapp);
    for (const person of others) {
      for (const [label, pattern] of contactData(person)) {
        expect(pattern.test(text), `${url} shows user ${person.id}'s ${label}: ${text}`).toBe(false);
      }
    }
  }

  const nearQuery = () => `latitude=${here.latitude}&longitude=${here.longitude}`;

  it('B sees no email or phone number of A or the business on any read endpoint', async () => {
    const others = [asha, business];
    const walk: Array<{ url: string; mentions?: number; allowBusinessWhatsapp?: boolean }> = [
      { url: `/api/posts/community-posts?${nearQuery()}&limit=50`, mentions: asha.id, allowBusinessWhatsapp: true },
      { url: `/api/posts/community-posts?userId=${asha.id}&${nearQuery()}`, mentions: asha.id },
      { url: `/api/posts/community-posts?userId=${business.id}&${nearQuery()}`, mentions: business.id, allowBusinessWhatsapp: true },
      { url: `/api/posts/community-posts?prompt=Asha&${nearQuery()}`, mentions: asha.id, allowBusinessWhatsapp: true },
      { url: `/api/posts/${postId}`, mentions: asha.id },
      { url: `/api/posts/${businessPostId}`, mentions: business.id, allowBusinessWhatsapp: true },
      { url: `/api/posts/${postId}/comments`, mentions: business.id },
      { url: `/api/posts/${postId}/likes`, mentions: business.id },
      { url: `/api/community-posts/${postId}/like/${reader.id}` },
      { url: '/api/incidents/reels', mentions: asha.id },
      { url: `/api/incidents/reels-comments?incidentId=${reelId}`, mentions: asha.id },
      { url: `/api/community/volunteers-nearby?location=${encodeURIComponent(`${here.latitude}, ${here.longitude}`)}&range=1000`, mentions: asha.id },
      { url: `/api/community/business-catalog/${business.id}?${nearQuery()}`, allowBusinessWhatsapp: true },
      { url: '/api/community/orders', mentions: asha.id },
      { url: `/api/sos/sos-accepted-users?userId=${reader.id}&eventId=${eventId}`, mentions: asha.id },
      { url: `/api/sos/${eventId}`, mentions: asha.id },
      { url: '/api/notifications' },
    ];
    for (const { url, mentions, allowBusinessWhatsapp } of walk) {
      const body = await read(reader.token, url);
      // The walk reads real answers: each names the user it is about.
      if (mentions !== undefined) expect(body, url).toMatch(new RegExp(`"(id|userId)":${mentions}\\b`));
      expectNoContactData(url, body, others, allowBusinessWhatsapp);
    }
  });

  it('the business WhatsApp number shows only where allowed: on its business post, catalog and orders', async () => {
    const post = JSON.parse(await read(reader.token, `/api/posts/${businessPostId}`));
    expect(post.whatsappNumber).toBe(business.whatsapp);
    const catalog = JSON.parse(await read(reader.token, `/api/community/business-catalog/${business.id}?${nearQuery()}`));
    expect(catalog.whatsappNumber).toBe(business.whatsapp);
    const order = await placeOrder(reader.token, business, '500 g');
    expect(order.statusCode).toBe(201);
    expect(order.json().whatsappNumber).toBe(business.whatsapp);
    expectNoContactData('POST /api/community/orders', order.body, [asha, business], true);
    // Not on anything else about the business: its comment and like on A's post.
    expectNoContactData('comments', await read(reader.token, `/api/posts/${postId}/comments`), [business]);
  });

  it('A, the volunteer, sees none of B’s contact data either', async () => {
    for (const url of [`/api/sos/${eventId}`, '/api/notifications', `/api/posts/community-posts?userId=${reader.id}&${nearQuery()}`]) {
      expectNoContactData(url, await read(asha.token, url), [reader]);
    }
  });

  it('objects of other users are exactly id, name and avatar (plus profileImage of a post author)', async () => {
    const [comment] = JSON.parse(await read(reader.token, `/api/posts/${postId}/comments?pageSize=1`));
    expect(Object.keys(comment.user).sort()).toEqual(['avatar', 'id', 'name']);
    const likes = JSON.parse(await read(reader.token, `/api/posts/${postId}/likes`));
    expect(Object.keys(likes.likes[0].user).sort()).toEqual(['avatar', 'id', 'name']);
    const post = JSON.parse(await read(reader.token, `/api/posts/${postId}`));
    expect(Object.keys(post.user).sort()).toEqual(['avatar', 'id', 'name', 'profileImage']);
    const reels = JSON.parse(await read(reader.token, '/api/incidents/reels'));
    expect(Object.keys(reels.find((r: { id: number }) => r.id === reelId).uploader).sort()).toEqual(['avatar', 'id', 'name']);
    const [reelComment] = JSON.parse(await read(reader.token, `/api/incidents/reels-comments?incidentId=${reelId}`));
    expect(Object.keys(reelComment.user).sort()).toEqual(['avatar', 'id', 'name']);
    const [order] = JSON.parse(await read(reader.token, '/api/community/orders'));
    expect(Object.keys(order.customer).sort()).toEqual(['avatar', 'id', 'name']);
  });

  it('the stored rows do hold the data the bodies must not show (the test searches for real values)', async () => {
    const row = await sql<{ email: string; phone_number: string; whatsapp_number: string }>`
      SELECT email, phone_number, whatsapp_number FROM users WHERE id = ${asha.id}`.execute(t.db);
    expect(row.rows[0]).toEqual({ email: asha.email, phone_number: asha.phoneNumber, whatsapp_number: asha.whatsapp });
    expect(phonePattern('9876543210').test('+91 98765-43210')).toBe(true);
    expect(phonePattern('9876543210').test('(98765) 43210')).toBe(true);
  });
});
