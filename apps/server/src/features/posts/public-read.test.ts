import { beforeEach, describe, expect, it } from 'vitest';
import { bearer, build } from '../../../test/build';
import { contract } from '@saathi/shared/contract';
import { AGE_GATE_MESSAGE } from '../../domain/community-access';
import { communityFixtures } from '../../../test/community-fixtures';
import { jpegWithGps, multipart } from '../../../test/uploads';

/**
 * Visitors who are not signed in read the community (SPEC.md §2: /comunity-post, /profile/{id}
 * and the shared link /saathi-community-post/{id} carry no sign-in flag): a post, the list, a
 * member's posts and the comments, with public data only (DESIGN.md §8). Doing anything needs
 * sign-in, and signed-in users under 13 stay blocked.
 */
const VISITOR_READS_PER_MINUTE = 40;
const t = build({ COMMUNITY_VISITOR_READS_PER_MINUTE: String(VISITOR_READS_PER_MINUTE), POST_REPORT_HIDE_THRESHOLD: '2' });
const f = communityFixtures(t);

const AHMEDABAD = { latitude: '23.0225', longitude: '72.5714' };
const get = (url: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, query, headers });

type Post = {
  id: number;
  userId: number;
  user: Record<string, unknown>;
  location: { x: number; y: number } | null;
  distance: number | null;
  wasLiked: boolean;
  liked: boolean;
  whatsappNumber: string | null;
  likesCount: number;
  commentsCount: number;
  mediaUrls: string[];
  hasCatalog: boolean;
  businessCategory: string | null;
};

/** An author with contact data on file (phone, email, a WhatsApp number) that must never reach a visitor. */
async function authorWithContacts(name = 'Meera Shah') {
  const author = await f.adult({ name });
  const email = `meera${author.id}@example.com`;
  await t.db.updateTable('users').set({ email, whatsapp_number: '9812345678' }).where('id', '=', author.id).execute();
  return { ...author, email };
}

function expectNoContactData(body: string, author: { phoneNumber: string; email: string }) {
  expect(body).not.toContain(author.phoneNumber);
  expect(body).not.toContain(author.email);
  expect(body).not.toContain('9812345678');
  expect(body).not.toMatch(/"(email|phoneNumber|phone_number|dob)"/);
}

// Each test starts a fresh rate-limit window for the visitors' IP.
beforeEach(() => t.clock.advance(61_000));

describe('a visitor opens a shared post', () => {
  it('gets the post with its photo, counts and public author only', async () => {
    const author = await authorWithContacts();
    const fan = await f.adult();
    const id = await f.post({ userId: author.id, title: 'Garba tonight', latitude: 23.03, longitude: 72.58, imageUrl: '/media/posts/garba.jpg' });
    await t.app.inject({ method: 'POST', url: `/api/posts/${id}/like`, headers: bearer(fan.token), payload: {} });
    await t.app.inject({ method: 'POST', url: `/api/posts/${id}/comments`, headers: bearer(fan.token), payload: { content: 'See you there' } });

    const res = await get(`/posts/${id}`);
    expect(res.statusCode).toBe(200);
    const post = res.json<Post & { title: string }>();
    expect(post).toMatchObject({
      id,
      title: 'Garba tonight',
      likesCount: 1,
      commentsCount: 1,
      mediaUrls: ['/media/posts/garba.jpg'],
      wasLiked: false,
      liked: false,
    });
    expect(Object.keys(post.user).sort()).toEqual(['avatar', 'id', 'name', 'profileImage']);
    expect(post.user).toMatchObject({ id: author.id, name: 'Meera Shah' });
    // No location given: no distance, and nothing computed from a made-up point.
    expect(post.distance).toBeNull();
    // The author chose to show the place: the point is public.
    expect(post.location).toEqual({ x: 72.58, y: 23.03 });
    expect(post.whatsappNumber).toBeNull();
    expectNoContactData(res.body, author);
  });

  it('never gets the point of, or a distance to, a post whose location is hidden', async () => {
    const author = await authorWithContacts();
    const id = await f.post({ userId: author.id, latitude: 23.03, longitude: 72.58, showLocation: false });
    const post = (await get(`/posts/${id}`, AHMEDABAD)).json<Post>();
    expect(post.location).toBeNull();
    expect(post.distance).toBeNull();
    const inFeed = (await get('/posts/community-posts', { ...AHMEDABAD, limit: '50' })).json<{ data: Post[] }>().data.find((p) => p.id === id);
    expect(inFeed).toBeDefined();
    expect(inFeed?.location).toBeNull();
    expect(inFeed?.distance).toBeNull();
    // A post that shows its place gets a distance from the visitor's own point.
    const shown = await f.post({ userId: author.id, latitude: 23.03, longitude: 72.58, showLocation: true });
    const near = (await get(`/posts/${shown}`, AHMEDABAD)).json<Post>();
    expect(near.distance).toBeGreaterThan(1);
    expect(near.distance).toBeLessThan(1.6);
  });

  it("sees a business post's category, catalog badge and WhatsApp number (DESIGN.md §8), nothing else of the owner", async () => {
    const business = await f.business({ latitude: 23.03, longitude: 72.58, whatsapp: '9876501234', items: ['Kesar mangoes'] });
    const id = await f.post({ userId: business.id, title: 'Mangoes', businessCategory: 'bakery', latitude: 23.03, longitude: 72.58 });
    await t.db.updateTable('posts').set({ whatsapp_number: '9876501234' }).where('id', '=', id).execute();
    const res = await get(`/posts/${id}`);
    expect(res.json<Post>()).toMatchObject({ businessCategory: 'bakery', hasCatalog: true, whatsappNumber: '9876501234' });
    expect(res.body).not.toContain(business.phoneNumber);
  });

  it('does not get hidden or missing posts', async () => {
    const author = await f.adult();
    const [r1, r2] = [await f.adult(), await f.adult()];
    const id = await f.post({ userId: author.id });
    // One report hides it for the reporter only; visitors still see it.
    await t.app.inject({ method: 'POST', url: `/api/posts/${id}/report`, headers: bearer(r1.token), payload: { reason: 'spam' } });
    expect((await get(`/posts/${id}`)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: `/api/posts/${id}/report`, headers: bearer(r2.token), payload: { reason: 'spam' } });
    expect((await get(`/posts/${id}`)).statusCode).toBe(404);
    expect((await get(`/posts/${id}/comments`)).statusCode).toBe(404);
    expect((await get('/posts/999999')).statusCode).toBe(404);
  });
});

describe('a visitor reads the list, a member and the comments', () => {
  it('gets the feed newest first without a location, and no distances', async () => {
    const author = await authorWithContacts();
    const older = await f.post({ userId: author.id, title: 'older', latitude: 23.03, longitude: 72.58, hoursAgo: 5 });
    const newer = await f.post({ userId: author.id, title: 'newer', latitude: 19.076, longitude: 72.8777, hoursAgo: 1 });
    const res = await get('/posts/community-posts', { status: 'active', page: '1', limit: '50' });
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: Post[] }>().data;
    const ids = data.map((p) => p.id);
    expect(ids.indexOf(newer)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(data.every((p) => p.distance === null && p.wasLiked === false)).toBe(true);
    expectNoContactData(res.body, author);
  });

  it('gets nearby posts with distances when they share a location', async () => {
    const author = await f.adult();
    const near = await f.post({ userId: author.id, title: 'near', latitude: 23.03, longitude: 72.58 });
    const mumbai = await f.post({ userId: author.id, title: 'mumbai', latitude: 19.076, longitude: 72.8777 });
    const data = (await get('/posts/community-posts', { ...AHMEDABAD, limit: '50' })).json<{ data: Post[] }>().data;
    expect(data.map((p) => p.id)).toContain(near);
    expect(data.map((p) => p.id)).not.toContain(mumbai);
    expect(data.find((p) => p.id === near)?.distance).toBeCloseTo(1.1, 0);
  });

  it("gets one member's posts (/profile/{id})", async () => {
    const author = await authorWithContacts();
    const other = await f.adult();
    const mine = [await f.post({ userId: author.id, hoursAgo: 2 }), await f.post({ userId: author.id, hoursAgo: 1 })];
    await f.post({ userId: other.id });
    const res = await get('/posts/community-posts', { userId: String(author.id), limit: '10' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: Post[] }>().data.map((p) => p.id)).toEqual([mine[1], mine[0]]);
    expectNoContactData(res.body, author);
  });

  it('reads the comments with public commenters only', async () => {
    const author = await f.adult();
    const commenter = await authorWithContacts('Priya Nair');
    const id = await f.post({ userId: author.id });
    await t.app.inject({ method: 'POST', url: `/api/posts/${id}/comments`, headers: bearer(commenter.token), payload: { content: 'Lovely' } });
    const res = await get(`/posts/${id}/comments`, { page: '1', pageSize: '10' });
    expect(res.statusCode).toBe(200);
    const comments = res.json<{ content: string; user: Record<string, unknown> }[]>();
    expect(comments).toHaveLength(1);
    expect(comments[0]?.content).toBe('Lovely');
    expect(comments[0]?.user).toEqual({ id: commenter.id, name: 'Priya Nair', avatar: null });
    expectNoContactData(res.body, commenter);
  });
});

describe('a visitor cannot act', () => {
  it('answers 401 to like, unlike, comment, report, create, delete, the likes list, check-like, limits, catalog and orders', async () => {
    const author = await f.business({ latitude: 23.03, longitude: 72.58, items: ['Tea'] });
    const id = await f.post({ userId: author.id });
    const form = multipart({ title: 'Hi', description: 'x', postType: 'community', status: 'active' }, [
      { field: 'media_0', name: 'a.jpg', type: 'image/jpeg', bytes: await jpegWithGps(64, 48) },
    ]);
    const calls = [
      t.app.inject({ method: 'POST', url: `/api/posts/${id}/like`, payload: {} }),
      t.app.inject({ method: 'POST', url: `/api/posts/${id}/unlike`, payload: {} }),
      t.app.inject({ method: 'POST', url: `/api/posts/${id}/comments`, payload: { content: 'hello' } }),
      t.app.inject({ method: 'POST', url: `/api/posts/${id}/report`, payload: { reason: 'spam' } }),
      t.app.inject({ method: 'POST', url: `/api/posts/${id}/share` }),
      t.app.inject({ method: 'POST', url: '/api/posts/post-create', ...form }),
      t.app.inject({ method: 'DELETE', url: `/api/community-posts/${id}` }),
      t.app.inject({ method: 'GET', url: `/api/posts/${id}/likes` }),
      t.app.inject({ method: 'GET', url: `/api/community-posts/${id}/like/${author.id}` }),
      t.app.inject({ method: 'GET', url: `/api/posts/user-interaction/${author.id}` }),
      t.app.inject({ method: 'GET', url: `/api/community/business-catalog/${author.id}` }),
      t.app.inject({
        method: 'POST',
        url: '/api/community/orders',
        payload: { businessUserId: author.id, order: [{ slideId: author.itemIds[0], text: '1 cup' }] },
      }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(401);
    }
    expect((await f.usage(author.id)).posts_count).toBe(0);
  });

  it('keeps every other /api route behind sign-in: only the three community reads and a news article are optional', async () => {
    const optional = Object.entries(contract).filter(([, endpoint]) => 'access' in endpoint && endpoint.access === 'optional');
    // A news article is public once published; signing the caller in lets editors read drafts.
    expect(optional.map(([key]) => key).sort()).toEqual([
      'GET /news/:idOrSlug',
      'GET /posts/:postId',
      'GET /posts/:postId/comments',
      'GET /posts/community-posts',
    ]);
    // OpenAPI says so too: the token is optional on those reads only.
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, { security?: unknown }>> }>();
    for (const path of ['/api/posts/community-posts', '/api/posts/{postId}', '/api/posts/{postId}/comments']) {
      expect(doc.paths[path]?.get?.security, path).toEqual([{}, { bearerAuth: [] }]);
    }
    expect(doc.paths['/api/posts/{postId}/likes']?.get?.security).toBeUndefined();
  });
});

describe('signed-in readers on the public reads', () => {
  it('still get their own view (wasLiked) with a token or the session cookie', async () => {
    const author = await f.adult();
    const fan = await f.adult();
    const id = await f.post({ userId: author.id });
    await t.app.inject({ method: 'POST', url: `/api/posts/${id}/like`, headers: bearer(fan.token), payload: {} });
    expect((await get(`/posts/${id}`, {}, bearer(fan.token))).json<Post>().wasLiked).toBe(true);
    expect((await get(`/posts/${id}`, {}, { cookie: `saathi_session=${fan.token}` })).json<Post>().wasLiked).toBe(true);
    expect((await get(`/posts/${id}`)).json<Post>().wasLiked).toBe(false);
  });

  it('get the visitor view when their session has ended, instead of being sent away', async () => {
    const author = await f.adult();
    const id = await f.post({ userId: author.id });
    const expired = await t.loginAs(author, { expiresAt: new Date(t.clock.now().getTime() - 1000) });
    const res = await get(`/posts/${id}`, {}, bearer(expired));
    expect(res.statusCode).toBe(200);
    // Everywhere else the ended session is still a 401.
    expect((await get('/users/me', {}, bearer(expired))).statusCode).toBe(401);
  });

  it('under 13 or without a date of birth stay blocked (403) on every community read', async () => {
    const author = await f.adult();
    const id = await f.post({ userId: author.id });
    for (const dob of ['2018-01-01', null]) {
      const child = await f.adult({ dob });
      for (const url of ['/posts/community-posts', `/posts/${id}`, `/posts/${id}/comments`]) {
        const res = await get(url, {}, bearer(child.token));
        expect(res.statusCode, url).toBe(403);
        expect(res.json<{ error: { message: string } }>().error.message).toBe(AGE_GATE_MESSAGE);
      }
    }
  });
});

describe('visitor rate limit', () => {
  it('limits anonymous reads per IP and minute, not signed-in ones', async () => {
    const reader = await f.adult();
    const id = await f.post({ userId: reader.id });
    for (let i = 0; i < VISITOR_READS_PER_MINUTE; i++) expect((await get(`/posts/${id}`)).statusCode).toBe(200);
    const refused = await get(`/posts/${id}`);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get(`/posts/${id}`, {}, bearer(reader.token))).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await get(`/posts/${id}`)).statusCode).toBe(200);
  });
});
