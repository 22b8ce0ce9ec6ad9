import type { ConsoleMessage } from '@playwright/test';
import { bearer, completedProfile, signUpViaApi, storeSession } from '../support/api';
import { expect, test } from '../support/fixtures';
import { phoneAt } from '../support/phone';
import { randomPhone } from '../support/sms';

// Satellite, Ahmedabad: the seeded grocery business 9000000017 (Patel Fruits & Vegetables) delivers within 3 km of it.
const SATELLITE = { latitude: 23.03, longitude: 72.517 };
// Gandhinagar, about 25 km away: outside that range.
const GANDHINAGAR = { latitude: 23.2156, longitude: 72.6369 };

test.use(phoneAt(GANDHINAGAR));

test('a catalog out of delivery range says so in km, as an expected answer (no error, nothing logged)', async ({ page, request }) => {
  const reader = await signUpViaApi(request, randomPhone(), completedProfile('Rohan Trivedi', '1992-11-05', { city: 'Gandhinagar', pincode: '382010' }));
  // The seeded grocery business with a catalog, found through the feed near its shop.
  const feed = await request.get('/api/posts/community-posts', {
    headers: bearer(reader.token),
    params: { status: 'active', businessCategory: 'grocery', page: 1, limit: 50, latitude: SATELLITE.latitude, longitude: SATELLITE.longitude },
  });
  expect(feed.status(), await feed.text()).toBe(200);
  const posts = ((await feed.json()) as { data: { userId: number; userName: string; hasCatalog: boolean; deliveryRange: number | null }[] }).data;
  const shop = posts.find((p) => p.userName === 'Patel Fruits & Vegetables' && p.hasCatalog);
  expect(shop, 'the seeded business post with a catalog').toBeDefined();
  expect(shop?.deliveryRange).toBe(3000);

  const problems: string[] = [];
  const answers: number[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('response', (response) => {
    if (response.url().includes('/api/community/business-catalog/')) answers.push(response.status());
  });

  await storeSession(page, reader);
  await page.goto(`/community/catalog/${shop?.userId ?? 0}`);
  await expect(page.getByRole('heading', { name: 'Business Catalog' })).toBeVisible();
  await expect(page.getByText('Catalog not available - Outside delivery range (3 km)')).toBeVisible();
  await expect(page.getByText(/3000 ?m/)).toHaveCount(0);
  await expect(page.getByTestId('catalog-image')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cart (0 items)' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('catalog-out-of-range-360.png') });
  // An expected state is a 200: no console error at all, not even Chromium's "Failed to load resource" line.
  expect(answers).toEqual([200]);
  expect(problems).toEqual([]);
});
