import fs from 'node:fs/promises';
import path from 'node:path';
import type { FeedbackCreated, FeedbackInboxPage, InboxTicket, MyFeedbackResponse } from '@saathi/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, build } from '../../../test/build';
import { jpegWithGps, multipart } from '../../../test/uploads';

const t = build();

const DIAGNOSTICS = {
  appVersion: '1.4.0',
  language: 'hi-IN',
  browser: 'Mozilla/5.0 (Linux; Android 14) Chrome/126',
  permissions: { geolocation: 'granted', camera: 'prompt', microphone: 'denied', notifications: 'unsupported' },
};

const callers = { plain: { id: 0, token: '' }, other: { id: 0, token: '' }, moderator: { id: 0, token: '' }, admin: { id: 0, token: '' } };
beforeAll(async () => {
  const make = async (roles: ('moderator' | 'admin')[] = [], language = 'en-US') => {
    const user = await t.factory.user({ name: `Feedback ${roles.join('') || 'user'}`, roles });
    await t.db.updateTable('users').set({ language }).where('id', '=', user.id).execute();
    return { id: user.id, token: await t.loginAs(user) };
  };
  callers.plain = await make([], 'hi-IN');
  callers.other = await make();
  callers.moderator = await make(['moderator']);
  callers.admin = await make(['admin']);
});

type Form = ReturnType<typeof multipart>;
const form = (fields: Record<string, string> = {}, files: Parameters<typeof multipart>[1] = []): Form =>
  multipart({ category: 'problem', text: 'The SOS button is slow to answer', diagnostics: JSON.stringify(DIAGNOSTICS), ...fields }, files);
const send = (token: string | undefined, body: Form) =>
  t.app.inject({ method: 'POST', url: '/api/feedback', headers: { ...(token ? bearer(token) : {}), ...body.headers }, payload: body.payload });
const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const ticketCount = async () =>
  (
    await t.db
      .selectFrom('feedback_tickets')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

describe('POST /feedback', () => {
  it('stores a ticket with its diagnostics and a screenshot without metadata, and answers {id, status: open}', async () => {
    const photo = await jpegWithGps(2400, 1800);
    const res = await send(callers.plain.token, form({}, [{ field: 'screenshot', name: 'shot.jpg', type: 'image/jpeg', bytes: photo }]));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<FeedbackCreated>();
    expect(created).toEqual({ id: expect.any(Number), status: 'open' });

    const row = await t.db.selectFrom('feedback_tickets').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: callers.plain.id, category: 'problem', status: 'open', diagnostics: DIAGNOSTICS });
    expect(row.screenshot_url).toMatch(/^\/media\/feedback\/\d{4}\/\d{2}\/[0-9a-f]{32}\.jpg$/);
    const stored = await sharp(await fs.readFile(path.join(t.dataDir, 'media', row.screenshot_key!))).metadata();
    expect([stored.format, stored.width, stored.height, stored.exif]).toEqual(['jpeg', 1600, 1200, undefined]);
  });

  it('keeps a location only when the sender added it', async () => {
    const withPlace = { ...DIAGNOSTICS, location: { latitude: 19.07, longitude: 72.87, accuracyM: 20 } };
    const res = await send(callers.other.token, form({ category: 'safety_concern', diagnostics: JSON.stringify(withPlace) }));
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.db.selectFrom('feedback_tickets').select('diagnostics').where('id', '=', res.json<FeedbackCreated>().id).executeTakeFirstOrThrow();
    expect(row.diagnostics).toEqual(withPlace);
  });

  it('stores a ticket sent again with the same clientId once (an offline queue retrying)', async () => {
    const before = await ticketCount();
    const first = await send(callers.plain.token, form({ clientId: 'queue-0001-abcdef' }));
    const again = await send(callers.plain.token, form({ clientId: 'queue-0001-abcdef' }));
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json<FeedbackCreated>().id).toBe(first.json<FeedbackCreated>().id);
    expect(await ticketCount()).toBe(before + 1);
  });

  it('refuses bad input with a 400 naming the field, and stores nothing', async () => {
    const before = await ticketCount();
    const cases: [Form, string, string?][] = [
      [form({ category: 'complaint' }), 'category'],
      [form({ text: '   ' }), 'text'],
      [form({ text: 'x'.repeat(2001) }), 'text'],
      [form({ diagnostics: '{not json' }), 'diagnostics'],
      [
        form({ diagnostics: JSON.stringify({ ...DIAGNOSTICS, permissions: { ...DIAGNOSTICS.permissions, camera: 'maybe' } }) }),
        'diagnostics.permissions.camera',
      ],
      [form({ diagnostics: JSON.stringify({ ...DIAGNOSTICS, location: { latitude: 91, longitude: 0 } }) }), 'diagnostics.location.latitude'],
      [form({ clientId: 'bad id!' }), 'clientId'],
      [form({}, [{ field: 'screenshot', name: 'a.jpg', type: 'image/jpeg', bytes: Buffer.from('not a picture at all') }]), 'screenshot', 'image_rejected'],
      [
        form({}, [{ field: 'screenshot', name: 'big.jpg', type: 'image/jpeg', bytes: Buffer.alloc(5 * 1024 * 1024 + 1, 1) }]),
        'screenshot',
        'screenshot_too_large',
      ],
      [form({}, [{ field: 'photo', name: 'a.jpg', type: 'image/jpeg', bytes: await jpegWithGps() }]), 'photo'],
    ];
    for (const [body, field, code] of cases) {
      const res = await send(callers.plain.token, body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().error, field).toMatchObject({ field, ...(code ? { code } : {}) });
    }
    const notMultipart = await call('POST', '/feedback', callers.plain.token, { category: 'idea', text: 'hello' });
    expect(notMultipart.statusCode).toBe(400);
    expect(await ticketCount()).toBe(before);
    const files = await fs.readdir(path.join(t.dataDir, 'media', 'feedback'), { recursive: true });
    expect(files.filter((f) => f.endsWith('.jpg'))).toHaveLength(1);
  });

  it('needs a session', async () => {
    expect((await send(undefined, form())).statusCode).toBe(401);
    expect((await call('GET', '/feedback/mine')).statusCode).toBe(401);
  });
});

describe('the inbox and answers', () => {
  it('only admins use the inbox: no token 401, a plain user and a moderator 403 (also with a bad body), nothing changes', async () => {
    const [ticket] = (await call('GET', '/feedback/mine', callers.other.token)).json<MyFeedbackResponse>().items;
    const id = ticket!.id;
    const calls = [
      ['GET', '/feedback', undefined],
      ['GET', '/feedback?status=bogus', undefined],
      ['POST', `/feedback/${id}/reply`, { text: 'Thanks' }],
      ['POST', `/feedback/${id}/reply`, { text: 7 }],
    ] as const;
    for (const [method, url, body] of calls) expect((await call(method, url, undefined, body)).statusCode, url).toBe(401);
    for (const caller of [callers.plain, callers.moderator]) {
      for (const [method, url, body] of calls) {
        const res = await call(method, url, caller.token, body);
        expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(403);
      }
    }
    expect(await t.db.selectFrom('feedback_replies').select('id').where('ticket_id', '=', id).execute()).toEqual([]);
  });

  it('an admin lists by status with a cursor, and bad input is a 400 naming the field', async () => {
    const first = await call('GET', '/feedback?status=open&limit=2', callers.admin.token);
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json<FeedbackInboxPage>();
    expect(page.items).toHaveLength(2);
    expect(page.items.every((item) => item.status === 'open')).toBe(true);
    expect(page.items[0]!.diagnostics.appVersion).toBe('1.4.0');
    expect(page.nextCursor).toBe(String(page.items[1]!.id));
    const next = (await call('GET', `/feedback?status=open&cursor=${page.nextCursor}`, callers.admin.token)).json<FeedbackInboxPage>();
    expect(next.items.every((item) => item.id < page.items[1]!.id)).toBe(true);
    for (const [query, field] of [
      ['status=bogus', 'status'],
      ['cursor=abc', 'cursor'],
      ['limit=500', 'limit'],
    ]) {
      const res = await call('GET', `/feedback?${query}`, callers.admin.token);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.field).toBe(field);
    }
  });

  it("an answer is audited, shown to the sender and notified in the sender's language; another user never sees the ticket", async () => {
    const sent = await send(callers.plain.token, form({ category: 'idea', text: 'Add a night mode' }));
    const id = sent.json<FeedbackCreated>().id;

    const bad = await call('POST', `/feedback/${id}/reply`, callers.admin.token, { text: '  ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('text');
    expect((await call('POST', `/feedback/${id}/reply`, callers.admin.token, { text: 'ok', status: 'open' })).json().error.field).toBe('status');
    expect((await call('POST', '/feedback/999999/reply', callers.admin.token, { text: 'Hello' })).statusCode).toBe(404);

    const res = await call('POST', `/feedback/${id}/reply`, callers.admin.token, { text: 'Thank you, it is on our list.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<InboxTicket>()).toMatchObject({
      id,
      status: 'answered',
      replies: [{ text: 'Thank you, it is on our list.', author: { id: callers.admin.id } }],
    });

    const mine = (await call('GET', '/feedback/mine', callers.plain.token)).json<MyFeedbackResponse>();
    expect(mine.items.find((item) => item.id === id)).toMatchObject({ status: 'answered', replies: [{ text: 'Thank you, it is on our list.' }] });
    const others = (await call('GET', '/feedback/mine', callers.other.token)).json<MyFeedbackResponse>();
    expect(others.items.map((item) => item.id)).not.toContain(id);
    expect(JSON.stringify(mine)).not.toContain('author');

    const notices = await t.db.selectFrom('notifications').selectAll().where('user_id', '=', callers.plain.id).where('type', 'like', 'feedback.%').execute();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ type: 'feedback.answered', title: 'आपके फ़ीडबैक का जवाब आया है', data: { ticketId: id, url: '/feedback' } });
    expect(notices[0]!.body).toContain('Thank you, it is on our list.');

    const closed = await call('POST', `/feedback/${id}/reply`, callers.admin.token, { text: 'Closing this one.', status: 'closed' });
    expect(closed.json<InboxTicket>().status).toBe('closed');
    const again = await call('POST', `/feedback/${id}/reply`, callers.admin.token, { text: 'One more' });
    expect(again.statusCode).toBe(409);

    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_type', '=', 'feedback_ticket')
      .where('target_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audit.map((row) => [row.action, row.actor_id, row.before, row.after])).toEqual([
      ['feedback_reply', callers.admin.id, { status: 'open' }, { status: 'answered' }],
      ['feedback_close', callers.admin.id, { status: 'answered' }, { status: 'closed' }],
    ]);
    const closedNotice = await t.db
      .selectFrom('notifications')
      .select('type')
      .where('user_id', '=', callers.plain.id)
      .where('type', '=', 'feedback.closed')
      .execute();
    expect(closedNotice).toHaveLength(1);
  });
});
