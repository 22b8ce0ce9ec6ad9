import type { APIRequestContext } from '@playwright/test';
import { expect, LOGIN_URL, test } from '../support/fixtures';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from '../support/page-checks';

/**
 * Shared links and the public community pages (SPEC.md §2: /comunity-post, /profile/{id} and
 * the share link /saathi-community-post/{id} carry no sign-in flag): a visitor reads; like,
 * comment and order ask them to log in and bring them back.
 */
test.use({ viewport: { width: 360, height: 640 } });

interface FeedPost {
  id: number;
  userId: number;
  userName: string;
  title: string;
  likesCount: number;
  commentsCount: number;
  mediaUrls: string[];
  distance: number | null;
}

/** A seeded post found by a keyword of its title, through the public feed call (no sign-in). */
async function seededPost(request: APIRequestContext, keyword: string, title: string): Promise<FeedPost> {
  const res = await request.get('/api/posts/community-posts', { params: { status: 'active', prompt: keyword, limit: 10 } });
  expect(res.status(), await res.text()).toBe(200);
  const post = ((await res.json()) as { data: FeedPost[] }).data.find((p) => p.title === title);
  expect(post, `seeded post "${title}"`).toBeDefined();
  return post as FeedPost;
}

const DISTANCE = /^\d+(\.\d)? (m|km) away$/;

test('a visitor opens a shared post, taps Like, logs in and comes back to like it', async ({ page, request, login }) => {
  const seeded = await seededPost(request, 'Kesar', 'Kesar mangoes are here!');
  expect(seeded.mediaUrls.length).toBeGreaterThan(0);
  expect(seeded.distance).toBeNull();

  await page.goto(`/saathi-community-post/${seeded.id}`);
  await expect(page).toHaveURL(new RegExp(`/saathi-community-post/${seeded.id}$`));
  const card = page.getByRole('article', { name: 'Kesar mangoes are here!' });
  await expect(card).toBeVisible();
  await expect(card.getByText(/Fresh Kesar mangoes from Talala/)).toBeVisible();
  await expect(card.getByRole('img', { name: /Kesar mangoes are here!/ }).first()).toBeVisible();
  await expect(card.getByRole('button', { name: 'See who liked this' })).toHaveText(`${seeded.likesCount} ${seeded.likesCount === 1 ? 'like' : 'likes'}`);
  await expect(card.getByRole('button', { name: 'Comments' })).toHaveText(String(seeded.commentsCount));
  await expect(card.getByText('Grocery', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Catalog' })).toBeVisible();
  // No location was shared, so no distance is shown.
  await expect(card.getByText(DISTANCE)).toHaveCount(0);
  await expect(page.getByText('You are reading as a guest. Log in to like, comment and post.')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);

  // Comments are readable; writing one needs a login.
  await card.getByRole('button', { name: 'Comments' }).click();
  const sheet = page.getByRole('dialog', { name: 'Comments' });
  await expect(sheet.getByText('Ordered a box, they are lovely!')).toBeVisible();
  await expect(sheet.getByRole('link', { name: 'Log in to comment' })).toBeVisible();
  await expect(sheet.getByRole('textbox')).toHaveCount(0);
  await sheet.getByRole('button', { name: 'Close comments' }).click();
  await expect(sheet).toBeHidden();

  // Like → a friendly prompt → the login page.
  await card.getByRole('button', { name: 'Like', exact: true }).click();
  const prompt = page.getByRole('dialog', { name: 'Log in to join in' });
  await expect(prompt).toContainText('Log in to like this post.');
  await expectNoSeriousA11yViolations(page);
  await prompt.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(LOGIN_URL);
  await expect(page.getByRole('textbox', { name: 'Mobile number', exact: true })).toBeVisible();

  // Sneha's default app is news: coming back to the post proves the return-to.
  await login(page, '9000000028');
  await expect(page).toHaveURL(new RegExp(`/saathi-community-post/${seeded.id}$`));
  const likes = card.getByRole('button', { name: 'See who liked this' });
  await expect(likes).toHaveText(`${seeded.likesCount} ${seeded.likesCount === 1 ? 'like' : 'likes'}`);
  await card.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(likes).toHaveText(`${seeded.likesCount + 1} ${seeded.likesCount + 1 === 1 ? 'like' : 'likes'}`);
  await expect(card.getByRole('button', { name: 'Unlike' })).toBeVisible();
  await expect(page.getByText('You are reading as a guest. Log in to like, comment and post.')).toHaveCount(0);

  // Leave the seeded counts as they were for the other tests.
  await card.getByRole('button', { name: 'Unlike' }).click();
  await expect(likes).toHaveText(`${seeded.likesCount} ${seeded.likesCount === 1 ? 'like' : 'likes'}`);
});

test('a visitor reads the community list newest first without distances', async ({ page }) => {
  await page.goto('/comunity-post');
  await expect(page).toHaveURL(/\/comunity-post$/);
  await expect(page.getByRole('heading', { name: 'Community Posts', level: 1 })).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(5);
  await expect(page.getByText(DISTANCE)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Anywhere' })).toBeVisible();
  // Only members see the notifications link and the Create button.
  await expect(page.getByRole('link', { name: 'Community notifications' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create' })).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);

  // The catalog (ordering) asks for a login too.
  const business = page.getByRole('article', { name: 'Kesar mangoes are here!' });
  await business.getByRole('button', { name: 'Catalog' }).click();
  await expect(page.getByRole('dialog', { name: 'Log in to join in' })).toContainText("Log in to open this business's catalog and order.");
  await page.getByRole('button', { name: 'Not now' }).click();

  // /community is the same screen (and the nav's Community entry).
  await page.getByRole('link', { name: 'Community' }).last().click();
  await expect(page).toHaveURL(/\/community$/);
  await expect(page.getByRole('article').first()).toBeVisible();
});

test("a visitor reads a member's posts at /profile/{id}", async ({ page, request }) => {
  const seeded = await seededPost(request, 'Kesar', 'Kesar mangoes are here!');
  await page.goto(`/profile/${seeded.userId}`);
  await expect(page).toHaveURL(new RegExp(`/profile/${seeded.userId}$`));
  await expect(page.getByRole('heading', { name: 'Posts', level: 1 })).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByRole('article', { name: 'Kesar mangoes are here!' })).toBeVisible();
  // Every card is this member's.
  const authors = await cards.evaluateAll((nodes) => nodes.map((node) => node.querySelector('a[href^="/profile/"]')?.getAttribute('href')));
  expect(new Set(authors)).toEqual(new Set([`/profile/${seeded.userId}`]));
  await expectNoHorizontalScroll(page);
});
