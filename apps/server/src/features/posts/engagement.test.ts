import { describe, expect, it } from 'vitest';
import { bearer, build } from '../../../test/build';
import { communityFixtures } from '../../../test/community-fixtures';

const t = build({ DAILY_LIKE_LIMIT: '2', DAILY_COMMENT_LIMIT: '2' });
const f = communityFixtures(t);

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('likes', () => {
  it('like, check, list and unlike; a second like is not counted', async () => {
    const author = await f.adult();
    const fan = await f.adult({ name: 'Rohan Das' });
    const post = await f.post({ userId: author.id });
    const liked = await call('POST', `/posts/${post}/like`, fan.token, { userId: fan.id, postId: post });
    expect(liked.statusCode).toBe(200);
    expect(liked.json()).toEqual({ liked: true, likesCount: 1 });
    expect((await call('POST', `/posts/${post}/like`, fan.token, {})).json()).toEqual({ liked: true, likesCount: 1 });
    expect((await f.usage(fan.id)).likes_count).toBe(1);
    expect((await call('GET', `/community-posts/${post}/like/${fan.id}`, fan.token)).json()).toEqual({ liked: true });
    expect((await call('GET', `/community-posts/${post}/like/${author.id}`, fan.token)).statusCode).toBe(403);
    const list = await call('GET', `/posts/${post}/likes?page=1&limit=10`, author.token);
    expect(list.json()).toMatchObject({ totalPages: 1, likes: [{ user: { id: fan.id, name: 'Rohan Das' } }] });
    const feed = await call('GET', `/posts/community-posts?userId=${author.id}`, fan.token);
    expect(feed.json<{ data: { wasLiked: boolean; likesCount: number }[] }>().data[0]).toMatchObject({ wasLiked: true, likesCount: 1 });
    expect((await call('POST', `/posts/${post}/unlike`, fan.token, {})).json()).toEqual({ liked: false, likesCount: 0 });
    expect((await call('POST', `/posts/${post}/like`, fan.token, { userId: author.id })).statusCode).toBe(403);
    expect((await call('POST', `/posts/${post}/like`, fan.token, { postId: post + 1 })).statusCode).toBe(400);
    expect((await call('POST', '/posts/99999/like', fan.token, {})).statusCode).toBe(404);
  });

  it('refuses likes over the daily limit without counting or liking', async () => {
    const author = await f.adult();
    const fan = await f.adult();
    const posts = [await f.post({ userId: author.id }), await f.post({ userId: author.id }), await f.post({ userId: author.id })];
    expect((await call('POST', `/posts/${posts[0]}/like`, fan.token, {})).statusCode).toBe(200);
    expect((await call('POST', `/posts/${posts[1]}/like`, fan.token, {})).statusCode).toBe(200);
    const refused = await call('POST', `/posts/${posts[2]}/like`, fan.token, {});
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe('You have reached your daily like limit');
    expect((await f.usage(fan.id)).likes_count).toBe(2);
    expect((await call('GET', `/community-posts/${posts[2]}/like/${fan.id}`, fan.token)).json()).toEqual({ liked: false });
    // Liking an already liked post still answers (SPEC: the limit applies to posts not yet liked).
    expect((await call('POST', `/posts/${posts[0]}/like`, fan.token, {})).statusCode).toBe(200);
  });
});

describe('comments', () => {
  it('adds, pages (newest first, 10 per page) and validates comments', async () => {
    const author = await f.adult();
    const commenter = await f.adult({ name: 'Priya Nair' });
    const post = await f.post({ userId: author.id });
    const res = await call('POST', `/posts/${post}/comments`, commenter.token, { content: '  Nice!  ', postId: post });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ content: 'Nice!', postId: post, user: { id: commenter.id, name: 'Priya Nair' } });
    expect((await call('POST', `/posts/${post}/comments`, commenter.token, { content: '   ' })).statusCode).toBe(400);
    expect((await call('POST', `/posts/${post}/comments`, commenter.token, { content: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await call('POST', `/posts/${post}/comments`, commenter.token, { content: 42 })).statusCode).toBe(400);
    expect((await call('POST', `/posts/${post}/comments`, commenter.token, { content: 'hi', userId: author.id })).statusCode).toBe(403);
    for (let i = 0; i < 11; i++) {
      await t.db
        .insertInto('post_comments')
        .values({ post_id: post, user_id: author.id, content: `c${i}`, created_at: new Date(Date.now() + i * 1000) })
        .execute();
    }
    const page1 = (await call('GET', `/posts/${post}/comments?page=1`, author.token)).json<{ content: string }[]>();
    const page2 = (await call('GET', `/posts/${post}/comments?page=2&pageSize=10`, author.token)).json<{ content: string }[]>();
    expect(page1).toHaveLength(10);
    expect(page1[0]!.content).toBe('c10');
    expect(page2.map((c) => c.content)).toEqual(['c0', 'Nice!']);
    const counts = (await call('GET', `/posts/${post}`, author.token)).json<{ commentsCount: number }>();
    expect(counts.commentsCount).toBe(12);
  });

  it('limits comments per day and counts only saved ones', async () => {
    const author = await f.adult();
    const user = await f.adult();
    const post = await f.post({ userId: author.id });
    expect((await call('POST', `/posts/${post}/comments`, user.token, { content: 'one' })).statusCode).toBe(201);
    expect((await call('POST', `/posts/${post}/comments`, user.token, { content: '' })).statusCode).toBe(400);
    expect((await call('POST', `/posts/${post}/comments`, user.token, { content: 'two' })).statusCode).toBe(201);
    const refused = await call('POST', `/posts/${post}/comments`, user.token, { content: 'three' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe('You have reached your daily comment limit');
    expect((await f.usage(user.id)).comments_count).toBe(2);
    expect((await call('GET', `/posts/${post}/comments`, user.token)).json<unknown[]>()).toHaveLength(2);
  });

  it('deletes only own comments, by both routes', async () => {
    const author = await f.adult();
    const owner = await f.adult();
    const other = await f.adult();
    const post = await f.post({ userId: author.id });
    const a = (await call('POST', `/posts/${post}/comments`, owner.token, { content: 'a' })).json<{ id: number }>().id;
    const b = (await call('POST', `/posts/${post}/comments`, owner.token, { content: 'b' })).json<{ id: number }>().id;
    expect((await call('DELETE', `/comments/${a}`, other.token)).statusCode).toBe(403);
    expect((await call('POST', '/posts/delete-comment', other.token, { commentId: b, userId: other.id, postId: post })).statusCode).toBe(403);
    expect((await call('POST', '/posts/delete-comment', owner.token, { commentId: b, userId: other.id, postId: post })).statusCode).toBe(403);
    expect((await call('POST', '/posts/delete-comment', owner.token, { commentId: b, postId: post + 1 })).statusCode).toBe(404);
    expect((await call('DELETE', `/comments/${a}`, owner.token)).statusCode).toBe(200);
    expect((await call('POST', '/posts/delete-comment', owner.token, { commentId: b, userId: owner.id, postId: post })).statusCode).toBe(200);
    expect((await call('DELETE', `/comments/${a}`, owner.token)).statusCode).toBe(404);
    expect((await call('GET', `/posts/${post}`, owner.token)).json<{ commentsCount: number }>().commentsCount).toBe(0);
  });
});

describe('shares and interaction counters', () => {
  it('counts shares and shows only the caller their counters', async () => {
    const author = await f.adult();
    const user = await f.adult();
    const post = await f.post({ userId: author.id });
    expect((await call('POST', `/posts/${post}/share`, user.token)).json()).toEqual({ sharesCount: 1 });
    expect((await call('POST', `/posts/${post}/share`, user.token)).json()).toEqual({ sharesCount: 2 });
    expect((await call('GET', `/posts/user-interaction/${author.id}`, user.token)).statusCode).toBe(403);
    const child = await f.adult({ dob: '2015-01-01' });
    expect((await call('POST', `/posts/${post}/share`, child.token)).statusCode).toBe(403);
    expect((await call('POST', `/posts/${post}/like`, child.token, {})).statusCode).toBe(403);
    expect((await call('GET', `/posts/${post}/comments`, child.token)).statusCode).toBe(403);
  });
});
