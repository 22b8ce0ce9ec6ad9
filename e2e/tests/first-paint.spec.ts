import { completedProfile, signUpViaApi, storeSession } from '../support/api';
import { expect, test } from '../support/fixtures';
import { phoneAt } from '../support/phone';
import { randomPhone } from '../support/sms';

// Leh, far from every seeded volunteer. Service workers are off so the route below sees every request.
test.use({ ...phoneAt({ latitude: 34.1526, longitude: 77.5771, accuracy: 15 }), serviceWorkers: 'block' });

test('the page arrives with everything its first paint needs: the SOS button shows while every script, stylesheet and font is held', async ({
  page,
  request,
}) => {
  const session = await signUpViaApi(request, randomPhone(), {
    ...completedProfile('Meera Desai', '1995-03-14', { city: 'Ahmedabad', pincode: '380006' }),
    emergencyContacts: [{ name: 'Maa', phoneNumber: '9876501234' }],
  });
  await storeSession(page, session);
  // Nothing from /assets/ arrives: only index.html itself.
  const held: string[] = [];
  await page.route('**/assets/**', (route) => {
    held.push(new URL(route.request().url()).pathname);
  });
  await page.goto('/', { waitUntil: 'commit' });
  const button = page.locator('#early-sos .sos-button');
  await expect(button).toBeVisible();
  // Painted with its own styles: a round, red button of a size a thumb finds.
  const box = await button.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(120);
  expect(await button.evaluate((element) => getComputedStyle(element).borderRadius)).not.toBe('0px');
  expect(held.some((pathname) => pathname.endsWith('.js'))).toBe(true);
  // index.html links no stylesheet the paint would wait for: the entry's CSS is inside it.
  expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
});
