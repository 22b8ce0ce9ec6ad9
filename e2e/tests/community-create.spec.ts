import { deflateSync } from 'node:zlib';
import type { APIRequestContext } from '@playwright/test';
import { bearer, completedProfile, signUpViaApi, storeSession, type ApiSession } from '../support/api';
import { expect, test } from '../support/fixtures';
import { phoneAt } from '../support/phone';
import { randomPhone } from '../support/sms';

// Satellite, Ahmedabad: the seeded business 9000000017 (Patel Fruits & Vegetables) delivers within 3 km of it.
const SATELLITE = { latitude: 23.03, longitude: 72.517 };
const BUSINESS_PHONE = '9000000017';

test.use(phoneAt(SATELLITE));

let businessSession: ApiSession | undefined;

/** One OTP login for the seeded business per run (a second code would wait for the resend delay). */
async function loginAsBusiness(request: APIRequestContext): Promise<ApiSession> {
  businessSession ??= await signUpViaApi(request, BUSINESS_PHONE, {});
  return businessSession;
}

/** A new adult in Ahmedabad with a finished profile: the neighbour who reads, the customer who orders. */
function signUpKavya(request: APIRequestContext): Promise<ApiSession> {
  return signUpViaApi(request, randomPhone(), completedProfile('Kavya Joshi', '1995-07-21', { city: 'Ahmedabad', pincode: '380015' }));
}

/** A valid solid-colour PNG, built by hand so the test needs no image files. */
function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('a post with two photos at a map-picked point is found by keyword and category, liked and commented on by a neighbour, and its author sees the counts', async ({
  page,
  request,
  browser,
}) => {
  const marker = `kesar${Date.now().toString(36)}`;
  const business = await loginAsBusiness(request);
  await storeSession(page, business);
  await page.goto('/community/create');
  await expect(page.getByRole('heading', { name: 'Create Post' })).toBeVisible();

  await page.getByLabel('Title').fill('Mango season');
  await page.getByLabel('Description').fill(`Fresh ${marker} mangoes at our stall #mango`);
  await expect(page.getByText(`${`Fresh ${marker} mangoes at our stall #mango`.length}/1000`)).toBeVisible();
  await page.getByTestId('photo-input').setInputFiles([
    { name: 'one.png', mimeType: 'image/png', buffer: solidPng(64, 48, [240, 160, 20]) },
    { name: 'two.png', mimeType: 'image/png', buffer: solidPng(48, 64, [30, 140, 60]) },
  ]);
  await expect(page.getByRole('img', { name: /^Photo \d$/ })).toHaveCount(2);

  // A file that is not an image is refused with SPEC.md's message.
  await page.getByTestId('photo-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Only image files are allowed')).toBeVisible();

  // Posting as the business takes its category; the stall is picked on the map, inside the delivery range.
  await page.getByLabel('More options').check();
  await page.getByLabel('Post as business').check();
  await expect(page.getByRole('button', { name: /Your Business Location/ })).toHaveClass(/Mui-selected/);
  // Tiles come from the template in GET /api/config/public (OpenStreetMap's by default), answered here offline.
  const tileRequests: string[] = [];
  await page.route('https://tile.openstreetmap.org/**', async (route) => {
    tileRequests.push(route.request().url());
    await route.fulfill({ contentType: 'image/png', body: solidPng(256, 256, [225, 235, 220]) });
  });
  await page.getByRole('button', { name: 'Select on Map' }).click();
  await expect(page.getByRole('button', { name: 'Select Location' })).toBeDisabled();
  await expect(page.locator('.leaflet-tile-loaded').first()).toBeVisible();
  expect(tileRequests[0]).toMatch(/^https:\/\/tile\.openstreetmap\.org\/\d+\/\d+\/\d+\.png$/);
  await expect(page.getByText('© OpenStreetMap contributors')).toBeVisible();
  await page.getByRole('button', { name: 'Enter Coordinates' }).click();
  const coordinates = page.getByTestId('coordinates-input');
  await coordinates.fill('123, 72');
  await page.getByRole('button', { name: 'Go' }).click();
  await expect(page.getByText('Coordinates out of valid range')).toBeVisible();
  await coordinates.fill('23.0312 72.5183');
  await page.getByRole('button', { name: 'Go' }).click();
  await expect(page.getByTestId('picked-point')).toHaveText('23.0312, 72.5183');
  await page.screenshot({ path: 'test-results/community-create-map-360.png' });
  await page.getByRole('button', { name: 'Select Location' }).click();
  await expect(page.getByRole('button', { name: /Custom Location/ })).toHaveClass(/Mui-selected/);
  await page.screenshot({ path: 'test-results/community-create-form-360.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/community-create-form-1280.png' });
  await page.setViewportSize({ width: 360, height: 640 });

  const created = page.waitForResponse((response) => response.url().endsWith('/api/posts/post-create') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  const response = await created;
  expect(response.status(), await response.text()).toBe(201);
  const post = (await response.json()) as { id: number; mediaUrls: string[]; location: { x: number; y: number } | null; businessCategory: string | null };
  expect(post.mediaUrls).toHaveLength(2);
  expect(post.location).toEqual({ x: 72.5183, y: 23.0312 });
  expect(post.businessCategory).toBe('grocery');
  await expect(page).toHaveURL(/\/comunity-post$/);

  // A neighbour, in a browser of their own, finds the post by keyword and category.
  const neighbour = await signUpKavya(request);
  const neighbourContext = await browser.newContext(phoneAt(SATELLITE));
  try {
    const other = await neighbourContext.newPage();
    await storeSession(other, neighbour);
    await other.goto('/community');
    await expect(other.getByRole('article').first()).toBeVisible();
    await other.getByRole('textbox', { name: 'Search posts' }).click();
    const search = other.getByRole('dialog', { name: 'Search Posts' });
    await search.getByLabel('Keyword').fill(marker);
    await search.getByLabel('Business category').selectOption('grocery');
    await search.getByRole('button', { name: 'Search' }).click();
    const card = other.getByRole('article', { name: 'Mango season' });
    await expect(card).toBeVisible();
    await expect(other.getByRole('article')).toHaveCount(1);
    await expect(card.getByText('Grocery')).toBeVisible();
    await expect(card.getByRole('img')).not.toHaveCount(0);

    // The same keyword in another category finds nothing.
    await other.getByRole('textbox', { name: 'Search posts' }).click();
    await search.getByLabel('Business category').selectOption('bakery');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(other.getByText('No posts available')).toBeVisible();
    await other.getByRole('textbox', { name: 'Search posts' }).click();
    await search.getByLabel('Business category').selectOption('grocery');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: 'Like', exact: true }).click();
    await expect(card.getByRole('button', { name: 'See who liked this' })).toHaveText('1 like');
    const comment = `Are they Gir kesar? ${marker}`;
    await card.getByRole('button', { name: 'Comments' }).click();
    const sheet = other.getByRole('dialog', { name: 'Comments' });
    await sheet.getByRole('textbox', { name: 'Write a comment…' }).fill(comment);
    await sheet.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(sheet.getByText(comment)).toBeVisible();
    await other.screenshot({ path: 'test-results/community-neighbour-comment-360.png' });
  } finally {
    await neighbourContext.close();
  }

  // The author sees the like and the comment on their post.
  await page.goto(`/community-post/${post.id}`);
  const own = page.getByRole('article', { name: 'Mango season' });
  await expect(own.getByRole('button', { name: 'See who liked this' })).toHaveText('1 like');
  await expect(own.getByRole('button', { name: 'Comments' })).toHaveText('1');
  await own.getByRole('button', { name: 'See who liked this' }).click();
  await expect(page.getByRole('dialog').getByText('Kavya Joshi')).toBeVisible();
  await page.screenshot({ path: 'test-results/community-author-counts-360.png' });
});

test('a customer orders two catalog items and is handed to WhatsApp with the business number', async ({ page, request }) => {
  const business = await loginAsBusiness(request);
  const customer = await signUpKavya(request);
  // Records the WhatsApp hand-off instead of leaving the page.
  await page.addInitScript(() => {
    const opened: [string, string | undefined][] = [];
    (window as unknown as { __opened: typeof opened }).__opened = opened;
    window.open = (url?: string | URL, target?: string) => {
      opened.push([String(url), target]);
      return null;
    };
  });
  await storeSession(page, customer);
  await page.goto(`/community/catalog/${business.user.id}`);
  await expect(page.getByRole('heading', { name: 'Business Catalog' })).toBeVisible();
  await expect(page.getByTestId('catalog-image')).toBeVisible();
  await page.screenshot({ path: 'test-results/community-catalog-360.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/community-catalog-1280.png' });
  await page.setViewportSize({ width: 360, height: 640 });

  const itemField = page.getByLabel('Your order for this item');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Item text cannot be empty')).toBeVisible();
  await itemField.fill('2 kg, ripe');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('button', { name: 'Next item' }).click();
  await itemField.fill('1 dozen');
  await page.getByRole('button', { name: 'Add', exact: true }).click();

  await page.getByRole('button', { name: 'Cart (2 items)' }).click();
  await expect(page.getByRole('dialog', { name: 'Cart Items' }).getByRole('listitem')).toHaveCount(2);
  const ordered = page.waitForResponse((response) => response.url().endsWith('/api/community/orders') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Place Order' }).click();
  expect((await ordered).status()).toBe(201);
  await expect(page.getByText('Order placed successfully!')).toBeVisible();

  await expect.poll(() => page.evaluate(() => (window as unknown as { __opened: [string, string | undefined][] }).__opened.length)).toBe(2);
  const opened = await page.evaluate(() => (window as unknown as { __opened: [string, string | undefined][] }).__opened);
  const [app, web] = opened;
  expect(app?.[1]).toBe('_self');
  expect(app?.[0]).toMatch(/^whatsapp:\/\/send\?phone=919000000017&text=/);
  expect(web?.[0]).toMatch(/^https:\/\/wa\.me\/919000000017\?text=/);
  const text = new URL(web?.[0] ?? '').searchParams.get('text') ?? '';
  expect(text).toContain('Hello, I would like to order:');
  expect(text).toMatch(/1\. .+: 2 kg, ripe/);
  expect(text).toMatch(/2\. .+: 1 dozen/);

  const orders = await request.get('/api/community/orders', { headers: bearer(business.token) });
  expect(orders.status(), await orders.text()).toBe(200);
  const latest = ((await orders.json()) as { customer: { id: number }; items: { text: string }[] }[])[0];
  expect(latest?.customer.id).toBe(customer.user.id);
  expect(latest?.items.map((item) => item.text)).toEqual(['2 kg, ripe', '1 dozen']);
});
