import { signUpViaApi, storeSession } from '../support/api';
import { expect, LOGIN_URL, test } from '../support/fixtures';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from '../support/page-checks';
import { SMALL_PHONE } from '../support/phone';
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
