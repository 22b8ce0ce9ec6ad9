import { describe, expect, it } from 'vitest';
import { build } from '../../../test/build';
import { reelFixtures } from './incidents.fixtures';

const t = build();
const f = reelFixtures(t);

describe('GET /incidents/reels', () => {
  it('pages newest first, 5 by default, with the uploader and counts', async () => {
    const viewer = await f.user();
    const uploader = await f.user('Kabir Shah');
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) ids.push(await f.reel({ title: `r${i}`, minutesAgo: 100 - i, uploaderId: uploader.id }));
    const page1 = await f.call('GET', '/incidents/reels?page=1', viewer.token);
    expect(page1.statusCode).toBe(200);
    const first = page1.json<{ title: string; uploader: { name: string }; likes: number; videoSource: string; videoId: null }[]>();
    expect(first.map((r) => r.title)).toEqual(['r6', 'r5', 'r4', 'r3', 'r2']);
    expect(first[0]).toMatchObject({ uploader: { name: 'Kabir Shah' }, likes: 0, comments: 0, shares: 0, videoSource: 'normal', videoId: null });
    const page2 = await f.call('GET', '/incidents/reels?page=2&pageSize=5', viewer.token);
    expect(page2.json<{ title: string }[]>().map((r) => r.title)).toEqual(['r1', 'r0']);
    expect((await f.call('GET', '/incidents/reels?page=3', viewer.token)).json()).toEqual([]);
    expect((await f.call('GET', '/incidents/reels?page=0', viewer.token)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/incidents/reels' })).statusCode).toBe(401);
  });
});

describe('likes and shares', () => {
  it('likes, checks and unlikes; a second like is not counted; only as oneself', async () => {
    const fan = await f.user();
    const other = await f.user();
    const reel = await f.reel();
    const liked = await f.call('POST', '/incidents/like-incident', fan.token, { userId: fan.id, incidentId: reel, isLiked: true });
    expect(liked.statusCode).toBe(200);
    expect(liked.json()).toEqual({ isLiked: true, likes: 1 });
    expect((await f.call('POST', '/incidents/like-incident', fan.token, { incidentId: reel, isLiked: true })).json()).toEqual({ isLiked: true, likes: 1 });
    expect((await f.call('GET', `/incidents/check-like?userId=${fan.id}&incidentId=${reel}`, fan.token)).json()).toBe(true);
    expect((await f.call('GET', `/incidents/check-like?userId=${other.id}&incidentId=${reel}`, other.token)).json()).toBe(false);
    expect((await f.call('GET', `/incidents/check-like?userId=${other.id}&incidentId=${reel}`, fan.token)).statusCode).toBe(403);
    expect((await f.call('POST', '/incidents/like-incident', fan.token, { userId: other.id, incidentId: reel, isLiked: true })).statusCode).toBe(403);
    expect((await f.call('POST', '/incidents/like-incident', fan.token, { incidentId: 999999, isLiked: true })).statusCode).toBe(404);
    expect((await f.call('POST', '/incidents/like-incident', fan.token, { incidentId: reel })).statusCode).toBe(400);
    const feed = (await f.call('GET', '/incidents/reels', fan.token)).json<{ id: number; likes: number }[]>();
    expect(feed.find((r) => r.id === reel)?.likes).toBe(1);
    expect((await f.call('POST', '/incidents/like-incident', fan.token, { incidentId: reel, isLiked: false })).json()).toEqual({ isLiked: false, likes: 0 });
    expect((await f.call('GET', `/incidents/check-like?incidentId=${reel}`, fan.token)).json()).toBe(false);
  });

  it('counts every share', async () => {
    const user = await f.user();
    const reel = await f.reel();
    expect((await f.call('POST', '/incidents/log-share', user.token, { incidentId: reel, userId: user.id })).json()).toEqual({ shares: 1 });
    expect((await f.call('POST', '/incidents/log-share', user.token, { incidentId: reel })).json()).toEqual({ shares: 2 });
    expect((await f.call('POST', '/incidents/log-share', user.token, { incidentId: reel, userId: user.id + 1 })).statusCode).toBe(403);
    expect((await f.call('POST', '/incidents/log-share', user.token, { incidentId: 999999 })).statusCode).toBe(404);
  });
});

describe('comments', () => {
  it('adds trimmed comments, refuses blank or long ones, lists the latest 50 newest first', async () => {
    const user = await f.user('Sana Qureshi');
    const reel = await f.reel();
    const added = await f.call('POST', '/incidents/add-comment', user.token, { incidentId: reel, userId: user.id, comment_text: '  Stay safe  ' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ userId: user.id, comment_text: 'Stay safe', user: { name: 'Sana Qureshi' } });
    expect((await f.call('POST', '/incidents/add-comment', user.token, { incidentId: reel, comment_text: '   ' })).statusCode).toBe(400);
    expect((await f.call('POST', '/incidents/add-comment', user.token, { incidentId: reel, comment_text: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await f.call('POST', '/incidents/add-comment', user.token, { incidentId: reel, comment_text: 'x'.repeat(500) })).statusCode).toBe(201);
    expect((await f.call('POST', '/incidents/add-comment', user.token, { incidentId: reel, userId: user.id + 1, comment_text: 'hi' })).statusCode).toBe(403);
    expect((await f.call('POST', '/incidents/add-comment', user.token, { incidentId: 999999, comment_text: 'hi' })).statusCode).toBe(404);
    const base = Date.now() + 1000;
    await t.db
      .insertInto('incident_comments')
      .values(Array.from({ length: 55 }, (_, i) => ({ incident_id: reel, user_id: user.id, comment_text: `c${i}`, created_at: new Date(base + i * 1000) })))
      .execute();
    const list = (await f.call('GET', `/incidents/reels-comments?incidentId=${reel}&limit=50`, user.token)).json<{ comment_text: string }[]>();
    expect(list).toHaveLength(50);
    expect(list[0]!.comment_text).toBe('c54');
    expect(list[49]!.comment_text).toBe('c5');
    expect((await f.call('GET', `/incidents/reels-comments?incidentId=${reel}&limit=51`, user.token)).statusCode).toBe(400);
    const feed = (await f.call('GET', '/incidents/reels?pageSize=50', user.token)).json<{ id: number; comments: number }[]>();
    expect(feed.find((r) => r.id === reel)?.comments).toBe(57);
  });
});

describe('hosted-video reels', () => {
  it('stores links whose id can be extracted and refuses others', async () => {
    const user = await f.user();
    for (const link of [
      'dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://youtube.com/embed/dQw4w9WgXcQ',
    ]) {
      const res = await f.call('POST', '/incidents/upload', user.token, { videoUrl: link, videoSource: 'youtube', latitude: '23.02', longitude: '72.57' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ videoUrl: link, videoSource: 'youtube', videoId: 'dQw4w9WgXcQ', uploader: { id: user.id } });
    }
    const before = await f.reelCount();
    for (const link of ['https://vimeo.com/123', 'dQw4w9WgXc', 'https://youtube.com/watch?v=short']) {
      expect((await f.call('POST', '/incidents/upload', user.token, { videoUrl: link, videoSource: 'youtube' })).statusCode).toBe(400);
    }
    expect((await f.call('POST', '/incidents/upload', user.token, { videoUrl: 'dQw4w9WgXcQ', videoSource: 'vimeo' })).statusCode).toBe(400);
    expect(await f.reelCount()).toBe(before);
  });
});

describe('title and caption', () => {
  type Shown = { id: number; title: string; description: string };
  const shown = async (token: string, id: number) => (await f.call('GET', '/incidents/reels?pageSize=50', token)).json<Shown[]>().find((r) => r.id === id);

  it('are sent with the upload (trimmed, within the post limits) and shown in the feed', async () => {
    const user = await f.user();
    const res = await f.call('POST', '/incidents/upload', user.token, {
      videoUrl: 'dQw4w9WgXcQ',
      videoSource: 'youtube',
      title: '  Water logging at Ashram Road  ',
      description: ' Avoid the underpass, cars are stuck. ',
    });
    expect(res.statusCode).toBe(201);
    const reel = res.json<Shown>();
    expect(reel).toMatchObject({ title: 'Water logging at Ashram Road', description: 'Avoid the underpass, cars are stuck.' });
    expect(await shown(user.token, reel.id)).toMatchObject({ title: 'Water logging at Ashram Road', description: 'Avoid the underpass, cars are stuck.' });

    const before = await f.reelCount();
    const upload = (extra: object) => f.call('POST', '/incidents/upload', user.token, { videoUrl: 'dQw4w9WgXcQ', videoSource: 'youtube', ...extra });
    expect((await upload({ title: 'x'.repeat(51) })).json()).toMatchObject({ error: { field: 'title' } });
    expect((await upload({ description: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await upload({ caption: 'not a field' })).statusCode).toBe(400);
    expect(await f.reelCount()).toBe(before);
    expect((await upload({ title: 'x'.repeat(50), description: 'y'.repeat(1000) })).statusCode).toBe(201);
  });

  it('are edited by the author only: PATCH /incidents/reels/:id', async () => {
    const author = await f.user('Priya Sharma');
    const other = await f.user('Kabir Shah');
    const id = await f.reel({ title: 'Smoke near the market', uploaderId: author.id });
    const patch = (token: string, body: object, reelId: number | string = id) => f.call('PATCH', `/incidents/reels/${reelId}`, token, body);

    const titled = await patch(author.token, { title: '  Fire near the market  ' });
    expect(titled.statusCode).toBe(200);
    expect(titled.json()).toMatchObject({ id, title: 'Fire near the market', description: '', uploader: { id: author.id } });
    const captioned = await patch(author.token, { description: 'Fire brigade has arrived.' });
    expect(captioned.json()).toMatchObject({ title: 'Fire near the market', description: 'Fire brigade has arrived.' });
    expect(await shown(other.token, id)).toMatchObject({ title: 'Fire near the market', description: 'Fire brigade has arrived.' });
    // An empty caption clears it.
    expect((await patch(author.token, { title: 'Fire put out', description: '' })).json()).toMatchObject({ title: 'Fire put out', description: '' });
    const settled = await shown(author.token, id);

    // Refusals change nothing.
    const refused = await patch(other.token, { title: 'Hacked' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'forbidden' } });
    expect((await patch(author.token, { title: 'x' }, 999999)).statusCode).toBe(404);
    for (const body of [
      {},
      { title: 'x'.repeat(51) },
      { description: 'x'.repeat(1001) },
      { title: 7 },
      { title: null },
      { title: 'ok', videoUrl: '/media/x.webm' },
      { title: 'ok', userId: author.id },
    ]) {
      const res = await patch(author.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await patch(author.token, { title: 'x' }, 'abc')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/incidents/reels/${id}`, payload: { title: 'x' } })).statusCode).toBe(401);
    expect(await shown(author.token, id)).toEqual(settled);

    // A reel without an uploader (seeded) cannot be edited by anyone.
    const orphan = await f.reel({ title: 'Seeded' });
    expect((await patch(author.token, { title: 'Mine now' }, orphan)).statusCode).toBe(403);
    expect((await shown(author.token, orphan))?.title).toBe('Seeded');
  });
});
