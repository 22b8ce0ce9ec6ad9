import type { Page, Response } from '@playwright/test';
import { bearer, completedProfile, signUpViaApi, storeSession } from '../support/api';
import { expect, test } from '../support/fixtures';
import { SMALL_PHONE } from '../support/phone';
import { keepScreenshot } from '../support/shots';
import { randomPhone } from '../support/sms';

// Ellisbridge, Ahmedabad: the seeded community posts sit around it (apps/server/src/seed/data/posts.ts).
const ELLISBRIDGE = { latitude: 23.0225, longitude: 72.5714 };
const FEED = /\/api\/posts\/community-posts\?/;
/** What the server answers a read it sheds while overloaded (ADR 22); its own side is tested in apps/server. */
const SHED = {
  status: 503,
  headers: { 'Content-Type': 'application/json', 'Retry-After': '2' },
  body: JSON.stringify({ error: { code: 'busy', message: 'The server is busy. Please try again shortly.', params: { seconds: 2 } } }),
};
const NOTE = 'Saathi is busy right now, so this is what was loaded earlier. Trying again in 2 seconds. SOS still works.';

/** The part of `GET /api/posts/community-posts`' answer this test reads. */
interface FeedPage {
  data: { id: number; title: string; likesCount: number }[];
}

const isFeed = (response: Response) => FEED.test(response.url()) && response.request().method() === 'GET';

/** Leaves the feed for the news and comes back with the browser's Back, as a reader would. */
async function awayAndBack(page: Page) {
  await page.getByRole('navigation').getByRole('link', { name: 'News', exact: true }).filter({ visible: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
  await page.goBack();
}

for (const [screen, options] of [
  ['a desktop', { viewport: { width: 1280, height: 800 } }],
  ['a 360 px phone', SMALL_PHONE],
] as const) {
  test.describe(`on ${screen}`, () => {
    test.use({ ...options, geolocation: { ...ELLISBRIDGE, accuracy: 15 }, permissions: ['geolocation'] });

    test('a feed read the server shed keeps the feed on screen under a quiet note, then shows the new feed', async ({ page, request }) => {
      // The browser's clock runs as usual; it is moved on once, so the feed goes stale (30 s) without waiting.
      await page.clock.install();
      const reader = await signUpViaApi(request, randomPhone(), completedProfile('Meera Shah', '1994-03-02', { city: 'Ahmedabad', pincode: '380006' }));
      await storeSession(page, reader);
      const loaded = page.waitForResponse(isFeed);
      await page.goto('/community');
      const [post] = ((await (await loaded).json()) as FeedPage).data;
      if (!post) throw new Error('the seeded feed is empty');
      const card = page.getByRole('article', { name: post.title }).first();
      const likes = card.getByRole('button', { name: 'See who liked this' });
      await expect(likes).toHaveText(`${post.likesCount} ${post.likesCount === 1 ? 'like' : 'likes'}`);

      // Meanwhile a neighbour likes the post: the next feed the server gives has one like more.
      const neighbour = await signUpViaApi(request, randomPhone(), completedProfile('Ravi Desai', '1990-08-14', { city: 'Ahmedabad', pincode: '380006' }));
      const liked = await request.post(`/api/posts/${post.id}/like`, {
        headers: bearer(neighbour.token),
        data: { userId: neighbour.user.id, postId: post.id },
      });
      expect(liked.status(), await liked.text()).toBe(200);

      // The reader comes back to the feed after a while; the server is overloaded and sheds that read.
      await page.clock.fastForward('00:31');
      await page.route(FEED, (route) => route.fulfill(SHED), { times: 1 });
      const shed = page.waitForResponse((response) => isFeed(response) && response.status() === 503);
      await awayAndBack(page);
      await shed;
      const retried = page.waitForResponse((response) => isFeed(response) && response.status() === 200);

      // The feed loaded before stays, with a quiet note (a status, not an alert) and no error.
      const note = page.getByRole('status').filter({ hasText: 'Saathi is busy right now' });
      await expect(note).toHaveText(NOTE);
      await expect(card).toBeVisible();
      await expect(likes).toHaveText(`${post.likesCount} ${post.likesCount === 1 ? 'like' : 'likes'}`);
      await expect(page.getByRole('alert')).toHaveCount(0);
      if (options.viewport.width === 360) {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      }
      await keepScreenshot(page, `busy/feed-busy-${options.viewport.width}.png`);

      // Two seconds on it asks again by itself: the new feed, and the note is gone.
      expect((await retried).status()).toBe(200);
      await expect(likes).toHaveText(`${post.likesCount + 1} ${post.likesCount + 1 === 1 ? 'like' : 'likes'}`);
      await expect(note).toHaveCount(0);
      expect(await page.getByRole('article').count()).toBeGreaterThanOrEqual(5);
    });
  });
}
