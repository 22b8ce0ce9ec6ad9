import { bearer, completedProfile, signInViaApi, signUpViaApi, storeSession, type ApiSession } from '../support/api';
import { DESKTOP, MODERATOR_PHONE } from '../support/desks';
import { ENV_BASE_URL, requiredEnv } from '../support/env';
import { expect, LOGIN_URL, test } from '../support/fixtures';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from '../support/page-checks';
import { phoneAt, SMALL_PHONE } from '../support/phone';
import { keepScreenshot } from '../support/shots';
import { randomPhone } from '../support/sms';

// The smallest common Android screen.
test.use(SMALL_PHONE);

test('the login page fits a 360x640 screen and has no serious accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Send code', exact: true })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
});

test('the SOS dashboard fits a 360x640 screen and has no serious accessibility violations', async ({ page, request }) => {
  const name = 'Farhan Shaikh';
  const session = await signUpViaApi(request, randomPhone(), {
    name,
    dob: '1994-11-02',
    city: 'Mumbai',
    state: 'Maharashtra',
    pincode: '400050',
    defaultApp: 'sos',
    profileCompleted: true,
  });
  await storeSession(page, session);
  await page.goto('/');
  await expect(page).not.toHaveURL(LOGIN_URL);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Farhan');
  await expect(page.getByRole('link', { name: 'Account' }).first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
});

// Kavita Joshi, a seeded volunteer at Ellisbridge, Ahmedabad (apps/server/src/seed/README.md).
const VOLUNTEER_PHONE = '9000000011';
const ELLISBRIDGE = { latitude: 23.0225, longitude: 72.5714 };

test.describe('transient screens', () => {
  test.use(phoneAt({ latitude: 23.0231, longitude: 72.5705 }));

  test('the "SOS nearby" toast on a volunteer\'s screen has no serious accessibility violations', async ({ page, request }) => {
    await storeSession(page, await signInViaApi(request, VOLUNTEER_PHONE));
    await page.goto('/notifications');
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();

    // Someone a few metres away raises an SOS: the volunteer's open app shows the toast.
    const victim = await signUpViaApi(request, randomPhone(), completedProfile('Heena Mistry', '1996-01-09', { city: 'Ahmedabad', pincode: '380006' }));
    const raised = await request.post('/api/sos', {
      headers: bearer(victim.token),
      data: { ...ELLISBRIDGE, accuracy: 15, threat: 'theft', contactsOnly: false },
    });
    expect(raised.status(), await raised.text()).toBe(201);
    const { id } = (await raised.json()) as { id: number };
    try {
      const toast = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Go to SOS' }) });
      await expect(toast).toContainText('SOS nearby', { timeout: 30_000 });
      await expectNoSeriousA11yViolations(page);
      await keepScreenshot(page, 'a11y/sos-nearby-toast-360.png');
    } finally {
      await request.post(`/api/sos/${id}/resolve`, { headers: bearer(victim.token) });
    }
  });
});

test.describe('the reels desk and its dialogs', () => {
  // The seeded moderator, signed in once for both sizes (login codes are rate limited per number).
  let moderator: ApiSession;
  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: requiredEnv(ENV_BASE_URL) });
    try {
      moderator = await signInViaApi(request, MODERATOR_PHONE);
    } finally {
      await request.dispose();
    }
  });

  for (const size of [SMALL_PHONE.viewport, DESKTOP]) {
    test(`/shorts-crud at ${size.width}x${size.height}, with its dialogs open, has no serious accessibility violations`, async ({ page }) => {
      await page.setViewportSize(size);
      await storeSession(page, moderator);
      await page.goto('/shorts-crud');
      await expect(page.getByRole('heading', { level: 1, name: 'Reels desk' })).toBeVisible();
      const card = page.getByRole('article').first();
      await expect(card).toBeVisible();
      await expect(page.getByRole('button', { name: 'Hide', exact: true }).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await keepScreenshot(page, `a11y/shorts-crud-${size.width}.png`, { fullPage: true });

      // The hide dialog, over the desk.
      await page.getByRole('button', { name: 'Hide', exact: true }).first().click();
      const hide = page.getByRole('dialog', { name: 'Hide this reel?' });
      await expect(hide).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await keepScreenshot(page, `a11y/shorts-crud-hide-dialog-${size.width}.png`);
      await hide.getByRole('button', { name: 'Cancel' }).click();
      await expect(hide).toBeHidden();

      // The dialog that adds a hosted video, with the message of a wrong id.
      await page.getByRole('button', { name: 'Add hosted video' }).click();
      const add = page.getByRole('dialog', { name: 'Add a hosted video' });
      await add.getByRole('textbox', { name: 'Video id' }).fill('M7lc1UVf-V');
      await add.getByRole('button', { name: 'Add hosted video' }).click();
      await expect(add.getByText('Enter the 11-character video id, or a link to the video.')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await add.getByRole('button', { name: 'Cancel' }).click();
      await expect(add).toBeHidden();
    });
  }
});
