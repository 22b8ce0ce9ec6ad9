import { describe, expect, it } from 'vitest';
import { bearer, build } from '../../../test/build';
import { AGE_GATE_MESSAGE } from '../../domain/community-access';
import { communityFixtures } from '../../../test/community-fixtures';

const t = build({ POST_REPORT_HIDE_THRESHOLD: '2', PUBLIC_URL: 'https://saathi.example' });
const f = communityFixtures(t);

// Reader in Ahmedabad; posts around it and one in Mumbai (~440 km, outside the feed radius).
// Score = hours old + 2 per km: near new ≈ 4, far new (14 km) ≈ 29, near old ≈ 51.
const AHMEDABAD = { latitude: 23.0225, longitude: 72.5714 };
const feed = (token: string, query: Record<string, string | number> = {}) =>
  t.app.inject({
    method: 'GET',
    url: '/api/posts/community-posts',
    headers: bearer(token),
    query: Object.fromEntries(Object.entries({ status: 'active', page: 1, limit: 5, ...query }).map(([k, v]) => [k, String(v)])),
  });

describe('GET /api/posts/community-posts', () => {
  it('ranks nearby and recent first with distance in km and location {x, y}', async () => {
    const reader = await f.adult();
    const author = await f.adult({ name: 'Meera Shah' });
    const nearOld = await f.post({ userId: author.id, title: 'near old', latitude: 23.03, longitude: 72.58, hoursAgo: 48 });
    const nearNew = await f.post({ userId: author.id, title: 'near new', latitude: 23.03, longitude: 72.58, hoursAgo: 1 });
    const farNew = await f.post({ userId: author.id, title: 'far new', latitude: 23.15, longitude: 72.58, hoursAgo: 1 });
    const mumbai = await f.post({ userId: author.id, title: 'mumbai', latitude: 19.076, longitude: 72.8777, hoursAgo: 0 });
    const res = await feed(reader.token, { ...AHMEDABAD, limit: 10 });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: { id: number; distance: number; location: { x: number; y: number }; createdAt: string; wasLiked: boolean }[] }>();
    const ids = body.data.map((p) => p.id);
    expect(ids).toEqual([nearNew, farNew, nearOld]);
    expect(ids).not.toContain(mumbai);
    const first = body.data[0]!;
    expect(first.distance).toBeGreaterThan(1);
    expect(first.distance).toBeLessThan(1.6);
    expect(first.location).toEqual({ x: 72.58, y: 23.03 });
    expect(first.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(first.wasLiked).toBe(false);
  });

  it('gives India time in createdAt', async () => {
    const reader = await f.adult();
    const id = await f.post({ userId: reader.id, title: 'time check' });
    await t.db
      .updateTable('posts')
      .set({ created_at: new Date('2026-01-01T00:00:00Z') })
      .where('id', '=', id)
      .execute();
    const res = await t.app.inject({ method: 'GET', url: `/api/posts/${id}`, headers: bearer(reader.token) });
    expect(res.json<{ createdAt: string }>().createdAt).toBe('2026-01-01 05:30:00');
  });

  it('searches Hindi and Gujarati words by prefix, filters by category, and pages', async () => {
    const reader = await f.adult();
    const author = await f.adult();
    const hindi = await f.post({ userId: author.id, description: 'आज मंदिर में भंडारा है', latitude: 23.02, longitude: 72.57 });
    const gujarati = await f.post({ userId: author.id, description: 'નવરાત્રી ગરબા આજે રાત્રે', latitude: 23.02, longitude: 72.57 });
    const bakery = await f.post({ userId: author.id, title: 'Fresh cakes', businessCategory: 'bakery', latitude: 23.02, longitude: 72.57 });
    const ids = async (query: Record<string, string | number>) => (await feed(reader.token, query)).json<{ data: { id: number }[] }>().data.map((p) => p.id);
    expect(await ids({ prompt: 'मंदिर' })).toEqual([hindi]);
    expect(await ids({ prompt: 'ગરબા', ...AHMEDABAD })).toEqual([gujarati]);
    expect(await ids({ prompt: 'cak' })).toEqual([bakery]);
    expect(await ids({ businessCategory: 'bakery' })).toEqual([bakery]);
    expect(await ids({ prompt: '!!!' })).toEqual([]);
    const page1 = await ids({ userId: author.id, limit: 2, page: 1 });
    const page2 = await ids({ userId: author.id, limit: 2, page: 2 });
    expect(page1).toEqual([bakery, gujarati]);
    expect(page2).toEqual([hindi]);
  });

  it('rejects bad query values with 400', async () => {
    const reader = await f.adult();
    expect((await feed(reader.token, { latitude: 123, longitude: 72 })).statusCode).toBe(400);
    expect((await feed(reader.token, { page: 'two' })).statusCode).toBe(400);
    expect((await feed(reader.token, { limit: 500 })).statusCode).toBe(400);
    expect((await feed(reader.token, { businessCategory: 'weapons' })).statusCode).toBe(400);
  });

  it('blocks signed-in users under 13 or without dob (visitors: public-read.test.ts)', async () => {
    const child = await f.adult({ dob: '2018-01-01' });
    const noDob = await f.adult({ dob: null });
    for (const user of [child, noDob]) {
      const res = await feed(user.token);
      expect(res.statusCode).toBe(403);
      expect(res.json<{ error: { message: string } }>().error.message).toBe(AGE_GATE_MESSAGE);
    }
  });

  it('reads the age gate at every request: a dob corrected to under 13 closes the feed on the next one', async () => {
    const reader = await f.adult({ dob: '2000-01-01' });
    expect((await feed(reader.token)).statusCode).toBe(200);
    const edit = await t.app.inject({ method: 'PATCH', url: '/api/users/me', headers: bearer(reader.token), payload: { dob: '2018-01-01' } });
    expect(edit.statusCode).toBe(200);
    const res = await feed(reader.token);
    expect(res.statusCode).toBe(403);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(AGE_GATE_MESSAGE);
  });
});

describe('reports', () => {
  it('hide a post for the reporter at once and for everyone at the threshold', async () => {
    const author = await f.adult();
    const [r1, r2, other] = [await f.adult(), await f.adult(), await f.adult()];
    const id = await f.post({ userId: author.id, title: 'reported' });
    const visible = async (token: string) => (await feed(token, { userId: author.id })).json<{ data: { id: number }[] }>().data.some((p) => p.id === id);
    const report = (token: string) => t.app.inject({ method: 'POST', url: `/api/posts/${id}/report`, headers: bearer(token), payload: { reason: 'spam' } });

    expect((await report(author.token)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/api/posts/${id}/report`, headers: bearer(r1.token), payload: { reason: 'boring' } })).statusCode).toBe(
      400,
    );
    const first = await report(r1.token);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ reported: true, hidden: false });
    expect(await visible(r1.token)).toBe(false);
    expect(await visible(other.token)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/posts/${id}`, headers: bearer(r1.token) })).statusCode).toBe(404);
    // The same reporter twice still counts once.
    expect((await report(r1.token)).statusCode).toBe(404);
    expect((await report(r2.token)).json()).toEqual({ reported: true, hidden: true });
    expect(await visible(other.token)).toBe(false);
    expect(await visible(author.token)).toBe(false);
  });
});

describe('single post, delete and the public page', () => {
  it('deletes only own posts', async () => {
    const author = await f.adult();
    const other = await f.adult();
    const id = await f.post({ userId: author.id, title: 'mine' });
    const del = (token: string) => t.app.inject({ method: 'DELETE', url: `/api/community-posts/${id}`, headers: bearer(token) });
    expect((await del(other.token)).statusCode).toBe(403);
    expect((await del(author.token)).statusCode).toBe(200);
    expect((await del(author.token)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/posts/${id}`, headers: bearer(author.token) })).statusCode).toBe(404);
  });

  it('hides the exact point of posts that do not show their location', async () => {
    const author = await f.adult();
    const reader = await f.adult();
    const id = await f.post({ userId: author.id, latitude: 23.03, longitude: 72.58, showLocation: false });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/posts/${id}`,
      headers: bearer(reader.token),
      query: { latitude: '23.0225', longitude: '72.5714' },
    });
    const post = res.json<{ location: unknown; distance: number }>();
    expect(post.location).toBeNull();
    expect(post.distance).toBe(2);
  });

  it('serves Open Graph tags with an absolute first image on the share link', async () => {
    const author = await f.adult();
    const id = await f.post({ userId: author.id, title: 'Garba <night>', description: 'Join us "tonight"', imageUrl: '/media/posts/a.jpg' });
    const res = await t.app.inject({ method: 'GET', url: `/saathi-community-post/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<meta property="og:title" content="Garba &lt;night&gt;">');
    expect(res.body).toContain('<meta property="og:description" content="Join us &quot;tonight&quot;">');
    expect(res.body).toContain('<meta property="og:image" content="https://saathi.example/media/posts/a.jpg">');
    const missing = await t.app.inject({ method: 'GET', url: '/saathi-community-post/999999' });
    expect(missing.statusCode).toBe(200);
    expect(missing.body).not.toContain('og:image');
  });
});

describe('OpenAPI', () => {
  it('documents the community calls of SPEC.md §7', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/posts/community-posts',
        '/api/posts/post-create',
        '/api/posts/user-interaction/{userId}',
        '/api/community-posts/{id}',
        '/api/posts/{postId}/like',
        '/api/posts/{postId}/unlike',
        '/api/community-posts/{postId}/like/{userId}',
        '/api/posts/{postId}/comments',
        '/api/comments/{id}',
        '/api/posts/delete-comment',
        '/api/posts/{postId}/share',
        '/api/posts/{postId}/likes',
        '/api/posts/{postId}/report',
        '/api/community/business-catalog/{userId}',
        '/api/community/orders',
      ]),
    );
    expect(Object.keys(doc.paths).some((p) => p.includes('saathi-community-post'))).toBe(false);
  });
});
