import { expect, test } from '../support/fixtures';

// Ellisbridge, Ahmedabad: the seeded community posts sit around it (apps/server/src/seed/data/posts.ts).
const ELLISBRIDGE = { latitude: 23.0225, longitude: 72.5714 };

test.use({ geolocation: { ...ELLISBRIDGE, accuracy: 15 }, permissions: ['geolocation'] });

test('an adult reads the feed with distances, finds a post by keyword, likes it and comments', async ({ page, login }) => {
  await login(page, '9000000024');
  await page.goto('/community');
  await expect(page.getByRole('heading', { name: 'Community Posts', level: 1 })).toBeVisible();
  await expect(page.getByText('Stay connected with your community')).toBeVisible();

  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(5);
  await expect(cards.first().getByText(/^\d+(\.\d)? (m|km) away$/)).toBeVisible();

  // Search by a keyword from a seeded post.
  await page.getByRole('textbox', { name: 'Search posts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search Posts' });
  await dialog.getByLabel('Keyword').fill('Bruno');
  await dialog.getByRole('button', { name: 'Search' }).click();
  await expect(dialog).toBeHidden();
  const lostDog = page.getByRole('article', { name: 'Lost dog: brown Indie, answers to Bruno' });
  await expect(lostDog).toBeVisible();
  await expect(cards).toHaveCount(1);
  await expect(page.getByText('No more posts to load')).toBeVisible();

  // Like: the count moves by one after the server agreed.
  const likes = lostDog.getByRole('button', { name: 'See who liked this' });
  const before = Number((await likes.textContent())?.match(/\d+/)?.[0]);
  await lostDog.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(likes).toHaveText(`${before + 1} ${before + 1 === 1 ? 'like' : 'likes'}`);
  await expect(lostDog.getByRole('button', { name: 'Unlike' })).toBeVisible();

  // Comment, on a slow line: the comments are still loading when it is posted. The load the
  // server answered before the comment must not be what the sheet ends up showing.
  let releaseFirstLoad = () => {};
  const firstLoadHeld = new Promise<void>((resolve) => (releaseFirstLoad = resolve));
  await page.route(
    /\/api\/posts\/\d+\/comments\?/,
    async (route) => {
      const answer = await route.fetch();
      await firstLoadHeld;
      await route.fulfill({ response: answer });
    },
    { times: 1 },
  );
  const comment = `Shared in our society group ${Date.now()}`;
  await lostDog.getByRole('button', { name: 'Comments' }).click();
  const sheet = page.getByRole('dialog', { name: 'Comments' });
  await sheet.getByRole('textbox', { name: 'Write a comment…' }).fill(comment);
  const posted = page.waitForResponse((response) => response.request().method() === 'POST' && /\/api\/posts\/\d+\/comments$/.test(response.url()));
  await sheet.getByRole('button', { name: 'Post', exact: true }).click();
  expect((await posted).status()).toBe(201);
  releaseFirstLoad();
  await expect(sheet.getByText(comment)).toBeVisible();
  await expect(sheet.getByRole('textbox', { name: 'Write a comment…' })).toHaveValue('');
  await sheet.getByRole('button', { name: 'Delete comment' }).last().click();
  await expect(sheet.getByText(comment)).toBeHidden();

  // Clear brings every post back.
  await sheet.getByRole('button', { name: 'Close comments' }).click();
  await expect(sheet).toBeHidden();
  await page.getByRole('textbox', { name: 'Search posts' }).click();
  await page.getByRole('dialog', { name: 'Search Posts' }).getByRole('button', { name: 'Clear' }).click();
  await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(5);
  await page.screenshot({ path: test.info().outputPath('community-feed.png') });
});

test('the feed fits a 360 px phone screen', async ({ page, login }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await login(page, '9000000029');
  await page.goto('/community');
  await expect(page.getByRole('article').first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('community-feed-360.png') });
});

// Visitors opening the link: public-links.spec.ts.
test('the shared post link shows members the post with its distance', async ({ page, login }) => {
  await login(page, '9000000011');
  await page.goto('/saathi-community-post/1');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article').getByText(/^\d+(\.\d)? (m|km) away$/)).toBeVisible();
  await page.getByRole('article').getByRole('button', { name: 'Comments' }).click();
  await expect(page.getByRole('dialog', { name: 'Comments' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('post-comments.png') });
});

test('a user under 13 sees Access Denied instead of the feed', async ({ page, login }) => {
  await login(page, '9000000023');
  await page.goto('/community');
  await expect(page.getByText('Access Denied: You must be at least 13 years old to view this page.')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
});
