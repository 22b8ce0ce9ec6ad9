import type { DeskReel, DeskReelsPage } from '@saathi/shared';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../test/build';
import { deskFixtures } from './reels-desk.fixtures';

const t = build();
const f = deskFixtures(t);

const callers = { plain: { id: 0, token: '' }, editor: { id: 0, token: '' }, moderator: { id: 0, token: '' }, admin: { id: 0, token: '' } };
let reelId = 0;
beforeAll(async () => {
  callers.plain = await f.user();
  callers.editor = await f.user({ roles: ['editor'] });
  callers.moderator = await f.user({ roles: ['moderator'] });
  callers.admin = await f.user({ roles: ['admin'] });
  reelId = await f.reel({ uploaderId: callers.plain.id });
});

/** Every desk call, with a valid body and with a malformed one. */
const deskCalls = () =>
  [
    ['GET', '/moderation/reels', undefined, undefined],
    ['GET', '/moderation/reels?filter=bogus', undefined, undefined],
    ['POST', '/moderation/reels', { videoId: 'dQw4w9WgXcQ', title: 'A hosted reel' }, { videoId: 5 }],
    ['PATCH', `/moderation/reels/${reelId}`, { title: 'New title' }, { title: 7, extra: true }],
    ['POST', `/moderation/reels/${reelId}/hide`, { reason: 'Shows a face' }, {}],
    ['POST', `/moderation/reels/${reelId}/restore`, { reason: 'Blurred now' }, { reason: '' }],
    ['POST', `/moderation/reels/${reelId}/delete`, { reason: 'Spam' }, 'not json at all'],
  ] as const;

describe('who may use the reels desk', () => {
  it('no token: 401 on every call', async () => {
    for (const [method, url, body] of deskCalls()) {
      expect((await f.call(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('a plain user and an editor: 403 on every call, also with a malformed body (the role is checked first); nothing changes', async () => {
    for (const caller of [callers.plain, callers.editor]) {
      for (const [method, url, body, malformed] of deskCalls()) {
        for (const payload of [body, malformed]) {
          const res = await t.app.inject({
            method,
            url: `/api${url}`,
            headers: { authorization: `Bearer ${caller.token}`, ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}) },
            ...(payload === undefined ? {} : { payload: payload as string | object }),
          });
          expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(403);
          expect(res.json<{ error: { code: string } }>().error.code).toBe('forbidden');
        }
      }
    }
    const row = await t.db.selectFrom('incidents').select(['title', 'status']).where('id', '=', reelId).executeTakeFirstOrThrow();
    expect(row).toEqual({ title: 'Reel', status: 'active' });
    expect(await f.auditOf(reelId)).toEqual([]);
  });

  it('a moderator and an admin may list', async () => {
    for (const caller of [callers.moderator, callers.admin]) {
      const res = await f.call('GET', `/moderation/reels?author=${callers.plain.id}`, caller.token);
      expect(res.statusCode).toBe(200);
      expect(res.json<DeskReelsPage>().items.map((r) => r.id)).toContain(reelId);
    }
  });

  it("a moderator's bad input is a 400 naming the field", async () => {
    const bad = await f.call('GET', '/moderation/reels?filter=bogus', callers.moderator.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { field: string } }>().error.field).toBe('filter');
    const noReason = await f.call('POST', `/moderation/reels/${reelId}/hide`, callers.moderator.token, { reason: '   ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ error: { field: string } }>().error.field).toBe('reason');
    expect((await f.call('POST', '/moderation/reels/999999/hide', callers.moderator.token, { reason: 'x' })).statusCode).toBe(404);
  });
});

describe('GET /moderation/reels', () => {
  it('filters by reported, hidden, author and source, newest first, with report counts, reasons and notes', async () => {
    const author = await f.user({ name: 'Kabir Shah' });
    const other = await f.user();
    const upload = await f.reel({ uploaderId: author.id, title: 'upload', minutesAgo: 30 });
    const hosted = await f.reel({ uploaderId: author.id, title: 'hosted', hosted: true, minutesAgo: 20 });
    const hidden = await f.reel({ uploaderId: author.id, title: 'hidden', status: 'hidden', minutesAgo: 10 });
    const elsewhere = await f.reel({ uploaderId: other.id, title: 'someone else', minutesAgo: 5 });
    const reporters = await Promise.all([f.user(), f.user(), f.user()]);
    await f.call('POST', `/incidents/reels/${hosted}/report`, reporters[0].token, { reason: 'spam', details: 'Same link in every comment' });
    await f.call('POST', `/incidents/reels/${hosted}/report`, reporters[1].token, { reason: 'spam' });
    await f.call('POST', `/incidents/reels/${hosted}/report`, reporters[2].token, { reason: 'violence', details: 'Shows an injured man' });
    await f.call('POST', `/incidents/reels/${elsewhere}/report`, reporters[0].token, { reason: 'misinformation' });

    const list = async (query: string) => {
      const res = await f.call('GET', `/moderation/reels?${query}`, callers.moderator.token);
      expect(res.statusCode, query).toBe(200);
      return res.json<DeskReelsPage>().items;
    };
    expect((await list(`author=${author.id}`)).map((r) => r.title)).toEqual(['hidden', 'hosted', 'upload']);
    expect((await list(`author=${author.id}&filter=hidden`)).map((r) => r.id)).toEqual([hidden]);
    expect((await list(`author=${author.id}&source=hosted`)).map((r) => r.id)).toEqual([hosted]);
    expect((await list(`author=${author.id}&source=upload`)).map((r) => r.id)).toEqual([hidden, upload]);
    // Among whatever else is reported, this test's two, newest first; the unreported ones are not listed.
    const mine = new Set([upload, hosted, hidden, elsewhere]);
    const reported = (await list('filter=reported&limit=50')).filter((r) => mine.has(r.id));
    expect(reported.map((r) => r.id)).toEqual([elsewhere, hosted]);
    expect(reported[1]).toMatchObject<Partial<DeskReel>>({
      id: hosted,
      status: 'active',
      videoSource: 'youtube',
      videoId: 'dQw4w9WgXcQ',
      author: { id: author.id, name: 'Kabir Shah' },
      reports: {
        count: 3,
        open: 3,
        reasons: [
          { reason: 'spam', count: 2 },
          { reason: 'violence', count: 1 },
        ],
        latestDetails: ['Shows an injured man', 'Same link in every comment'],
      },
      hiddenReason: null,
    });
    const [plain] = await list(`author=${author.id}&source=upload&filter=all&limit=1`);
    expect(plain).toMatchObject({ id: hidden, status: 'hidden', videoId: null, reports: { count: 0, open: 0, reasons: [], latestDetails: [] } });
  });

  it('pages with the cursor it gives, without repeats or gaps, also for reels made in the same millisecond', async () => {
    const author = await f.user();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await f.reel({ uploaderId: author.id, title: `r${i}` }));
    // Two share a millisecond but not a microsecond; two more share the very same instant.
    await sql`UPDATE incidents SET created_at = '2025-03-01T10:00:00.123456Z' WHERE id = ${ids[0]!}`.execute(t.db);
    await sql`UPDATE incidents SET created_at = '2025-03-01T10:00:00.123789Z' WHERE id = ${ids[1]!}`.execute(t.db);
    await sql`UPDATE incidents SET created_at = '2025-03-01T09:00:00Z' WHERE id IN (${ids[2]!}, ${ids[3]!})`.execute(t.db);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/moderation/reels?author=${author.id}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page: DeskReelsPage = (await f.call('GET', url, callers.moderator.token)).json<DeskReelsPage>();
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((r) => r.id));
      cursor = page.nextCursor;
    } while (cursor);
    // Newest first: r4 (now), then the two of 10:00 (microseconds apart), then the two of 09:00 by id.
    expect(seen).toEqual([ids[4], ids[1], ids[0], ids[3], ids[2]]);
    expect((await f.call('GET', '/moderation/reels?cursor=12', callers.moderator.token)).statusCode).toBe(400);
  });
});
