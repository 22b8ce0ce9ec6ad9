import { bearer, completedProfile, signUpViaApi, storeSession } from '../support/api';
import { expect, LOGIN_URL, test } from '../support/fixtures';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from '../support/page-checks';
import { phoneAt } from '../support/phone';
import { randomPhone } from '../support/sms';

// Ellisbridge, Ahmedabad: seeded volunteers live around it at 0.1 to 2 km (apps/server/src/seed).
const ELLISBRIDGE = { latitude: 23.0225, longitude: 72.5714 };
const LOCATION_TEXT = `${ELLISBRIDGE.latitude}, ${ELLISBRIDGE.longitude}`;

test.use(phoneAt(ELLISBRIDGE));

test('anonymous visitors are told to log in and sent to /login', async ({ page }) => {
  await page.goto('/volunteers');
  // The message is a toast that fades after a few seconds: look for it first, then where the page went.
  await expect(page.getByText('Please log in to view volunteers nearby.')).toBeVisible();
  await expect(page).toHaveURL(LOGIN_URL);
});

test('the radar finds the seeded volunteers, and more of them as the radius grows from 500 to 2000 m', async ({ page, request }) => {
  const session = await signUpViaApi(request, randomPhone(), completedProfile('Ritu Desai', '1996-03-12', { city: 'Ahmedabad', pincode: '380006' }));
  const countWithin = async (range: number) => {
    const res = await request.get('/api/community/volunteers-nearby', {
      headers: bearer(session.token),
      params: { location: LOCATION_TEXT, range },
    });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as unknown[]).length;
  };
  const near = await countWithin(500);
  const wide = await countWithin(2000);
  expect(wide, 'the seed has volunteers between 500 m and 2 km of Ellisbridge').toBeGreaterThan(near);

  await storeSession(page, session);
  await page.goto('/volunteers');
  await expect(page.getByRole('heading', { name: 'Volunteers nearby', level: 1 })).toBeVisible();
  // Permission already granted: the device position fills the field without a dialog.
  await expect(page.getByRole('textbox', { name: 'Location' })).toHaveValue(LOCATION_TEXT);
  const plural = (n: number, range: number) => `${n} ${n === 1 ? 'volunteer' : 'volunteers'} found within ${range} m`;
  await expect(page.getByText(plural(near, 500))).toBeVisible();
  await expect(page.getByTestId('radar-volunteer')).toHaveCount(near);

  const slider = page.getByRole('slider', { name: /Search radius/ });
  await slider.focus();
  for (let i = 0; i < 15; i++) await slider.press('ArrowRight');
  await expect(page.getByText('Search radius: 2000 m')).toBeVisible();
  await expect(page.getByText(plural(wide, 2000))).toBeVisible();
  await expect(page.getByTestId('radar-volunteer')).toHaveCount(wide);

  // Each icon names its profession (the tooltip text).
  const labels = await page.getByTestId('radar-volunteer').evaluateAll((icons) => icons.map((icon) => icon.getAttribute('aria-label')));
  expect(labels.every((label) => typeof label === 'string' && label.length > 0)).toBe(true);

  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'View leaderboard' }).click();
  await expect(page).toHaveURL(/\/leaderboard$/);
});

test('typed coordinates work without place search, and bad text shows the location error', async ({ page, request }) => {
  const session = await signUpViaApi(request, randomPhone(), { name: 'Nikhil Mehta', dob: '1990-08-20', profileCompleted: true });
  await storeSession(page, session);
  await page.goto('/volunteers-nearby');
  const field = page.getByRole('textbox', { name: 'Location' });
  await expect(field).toHaveValue(LOCATION_TEXT);
  // Mumbai (Bandra): the Ahmedabad volunteers are out of range, the Mumbai ones may not be.
  await field.fill('19.0596, 72.8295');
  await expect(page.getByText(/volunteers? found within 500 m/)).toBeVisible();
  await field.fill('95, 200');
  await expect(page.getByText('Could not find that location. Check the place name or coordinates.')).toBeVisible();
});
