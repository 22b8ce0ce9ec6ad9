import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { completedProfile, signUpViaApi, storeSession, type ApiSession } from '../support/api';
import { expect, test } from '../support/fixtures';
import { phoneAt } from '../support/phone';
import { randomPhone } from '../support/sms';

// An iPhone-style HEIC (HEVC in HEIF, 640x480) whose EXIF carries the camera and GPS; see its README.
const HEIC_PATH = fileURLToPath(new URL('../../apps/server/test/fixtures/photo.heic', import.meta.url));
const HEIC = readFileSync(HEIC_PATH);
// Its GPS latitude (23/1 1/1 21/1) as the EXIF stores it: three little-endian rationals.
const GPS_LATITUDE = Buffer.from(new Uint32Array([23, 1, 1, 1, 21, 1]).buffer);

test.use(phoneAt({ latitude: 23.03, longitude: 72.517 }));

interface Upload {
  field: string;
  name: string;
  type: string;
  bytes: number[];
}

/**
 * Records the files each form upload carries, as the page hands them to fetch (Chromium does
 * not expose file-backed request bodies to the test).
 */
async function recordUploads(page: Page): Promise<() => Promise<Upload[]>> {
  await page.addInitScript(() => {
    const uploads: Upload[] = [];
    (window as unknown as { __uploads: Upload[] }).__uploads = uploads;
    const original = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      if (init?.body instanceof FormData) {
        for (const [field, value] of init.body.entries()) {
          if (value instanceof File) uploads.push({ field, name: value.name, type: value.type, bytes: [...new Uint8Array(await value.arrayBuffer())] });
        }
      }
      return original(input, init);
    };
  });
  return () => page.evaluate(() => (window as unknown as { __uploads: Upload[] }).__uploads);
}

async function signUp(request: APIRequestContext): Promise<ApiSession> {
  return signUpViaApi(request, randomPhone(), completedProfile('Ishita Shah', '1994-02-11', { city: 'Ahmedabad', pincode: '380015' }));
}

/** Width and height from a JPEG's start-of-frame segment. */
function jpegSize(bytes: Buffer): [number, number] | undefined {
  let offset = 2;
  while (offset + 9 < bytes.length && bytes[offset] === 0xff) {
    const marker = bytes[offset + 1]!;
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return [bytes.readUInt16BE(offset + 7), bytes.readUInt16BE(offset + 5)];
    }
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return undefined;
}

test('an iPhone HEIC photo is decoded in the browser and leaves as a smaller JPEG without its metadata', async ({ page, request, baseURL }) => {
  const user = await signUp(request);
  const uploaded = await recordUploads(page);
  await storeSession(page, user);
  await page.goto('/community/create');
  await expect(page.getByRole('heading', { name: 'Create Post' })).toBeVisible();
  await page.getByLabel('Title').fill('Sunset from the terrace');

  // The decoder is fetched from our own origin, only now that a HEIC is picked.
  const decoderRequests: string[] = [];
  page.on('request', (req) => {
    if (/libheif|heic/i.test(req.url())) decoderRequests.push(req.url());
  });
  const wasm = page.waitForResponse((response) => /\/assets\/libheif[^/]*\.wasm$/.test(new URL(response.url()).pathname));
  await page.getByTestId('photo-input').setInputFiles(HEIC_PATH);
  const wasmResponse = await wasm;
  expect(wasmResponse.status()).toBe(200);
  expect(new URL(wasmResponse.url()).origin).toBe(new URL(baseURL!).origin);
  expect(decoderRequests.every((url) => url.startsWith(new URL(baseURL!).origin))).toBe(true);

  // The preview is the decoded photo itself, not the plain tile shown for a HEIC left as is.
  const preview = page.locator('img[alt="Photo 1"]');
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([640, 480]);

  const created = page.waitForResponse((response) => response.url().endsWith('/api/posts/post-create') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  const response = await created;
  const uploads = await uploaded();
  expect(uploads.map(({ field, name, type }) => ({ field, name, type }))).toEqual([{ field: 'media_0', name: 'photo.jpg', type: 'image/jpeg' }]);
  const photo = Buffer.from(uploads[0]!.bytes);
  expect([...photo.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  expect(jpegSize(photo)).toEqual([640, 480]);
  expect(photo.length).toBeLessThan(HEIC.length);
  // Neither the camera nor the location left the device.
  expect(photo.includes(Buffer.from('Exif\0\0'))).toBe(false);
  expect(photo.includes(Buffer.from('iPhone 15'))).toBe(false);
  expect(photo.includes(GPS_LATITUDE)).toBe(false);

  expect(response.status(), await response.text()).toBe(201);
  const post = (await response.json()) as { mediaUrls: string[]; thumbnailUrls: string[] };
  expect(post.mediaUrls).toHaveLength(1);
  const stored = await request.get(post.mediaUrls[0]!);
  expect(stored.status()).toBe(200);
  expect(stored.headers()['content-type']).toMatch(/^image\/jpeg/);
  expect(jpegSize(await stored.body())).toEqual([640, 480]);
  await expect(page).toHaveURL(/\/comunity-post$/);
});

test('when the browser cannot decode the HEIC, the photo goes as it is and the server converts it', async ({ page, request }) => {
  const user = await signUp(request);
  const uploaded = await recordUploads(page);
  // As when the decoder cannot be fetched (offline on the way, a proxy refusing .wasm).
  await page.route('**/assets/libheif*.wasm', (route) => route.abort());
  await storeSession(page, user);
  await page.goto('/community/create');
  await page.getByLabel('Title').fill('Rangoli at the gate');
  await page.getByTestId('photo-input').setInputFiles(HEIC_PATH);
  // A plain tile stands in for the preview the browser cannot draw.
  await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await expect(page.locator('img[alt="Photo 1"]')).toHaveCount(0);

  const created = page.waitForResponse((response) => response.url().endsWith('/api/posts/post-create') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  const response = await created;
  const uploads = await uploaded();
  expect(uploads.map(({ field, name }) => ({ field, name }))).toEqual([{ field: 'media_0', name: 'photo.heic' }]);
  expect(Buffer.from(uploads[0]!.bytes).equals(HEIC)).toBe(true);
  expect(response.status(), await response.text()).toBe(201);
  const post = (await response.json()) as { mediaUrls: string[] };
  const stored = await request.get(post.mediaUrls[0]!);
  expect(stored.headers()['content-type']).toMatch(/^image\/jpeg/);
  const bytes = await stored.body();
  expect(jpegSize(bytes)).toEqual([640, 480]);
  expect(bytes.includes(Buffer.from('iPhone 15'))).toBe(false);
  expect(bytes.includes(GPS_LATITUDE)).toBe(false);
});
