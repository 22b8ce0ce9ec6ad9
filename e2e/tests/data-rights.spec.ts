import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { bearer, signUpViaApi, storeSession } from '../support/api';
import { expect, test } from '../support/fixtures';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, transitionsFinished } from '../support/page-checks';
import { SMALL_PHONE } from '../support/phone';
import { keepScreenshot } from '../support/shots';
import { codesSentTo, randomPhone, waitForNewCode, waitUntilCodeMayBeRequested } from '../support/sms';

/**
 * Data rights end to end: a new member downloads all their data from the account screen (the
 * file is parsed), then deletes the account with the code the server texts, lands on /login with
 * a calm confirmation, and the old session no longer works.
 */
const DESKTOP = { width: 1280, height: 800 };

async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.mouse.move(0, 0);
  await page.setViewportSize(DESKTOP);
  await transitionsFinished(page);
  await keepScreenshot(page, `data-rights/${name}-1280x800.png`, { fullPage });
  await page.setViewportSize(SMALL_PHONE.viewport);
  await expectNoHorizontalScroll(page);
  await transitionsFinished(page);
  await keepScreenshot(page, `data-rights/${name}-360x640.png`, { fullPage });
}

test('a member downloads their data and deletes the account with the SMS code', async ({ page, request }) => {
  test.setTimeout(180_000);
  const phone = randomPhone();
  const member = await signUpViaApi(request, phone, {
    name: 'Kavya Nair',
    dob: '1995-08-14',
    profileCompleted: true,
    emergencyContacts: [{ name: 'Lakshmi Nair', phoneNumber: '9876501234', relation: 'mother' }],
  });
  await storeSession(page, member);

  await page.goto('/account?tab=language');
  await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'account-your-data');

  // The download is the whole export as JSON, named after the day.
  await page.setViewportSize(DESKTOP);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^saathi-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(readFileSync(await download.path(), 'utf8')) as Record<string, unknown> & {
    profile: { id: number; name: string };
    emergencyContacts: Array<{ name: string }>;
    sessions: Array<Record<string, unknown>>;
  };
  expect(exported.profile).toMatchObject({ id: member.user.id, name: 'Kavya Nair' });
  expect(exported.emergencyContacts).toEqual([expect.objectContaining({ name: 'Lakshmi Nair' })]);
  expect(exported.sessions.length).toBeGreaterThan(0);
  expect(JSON.stringify(exported)).not.toContain(member.token);
  const viaApi = await request.get('/api/users/me/export', { headers: bearer(member.token) });
  expect(viaApi.headers()['content-disposition']).toMatch(/^attachment; filename="saathi-data-\d{4}-\d{2}-\d{2}\.json"$/);

  // Deleting: what goes and what stays, then the code from the SMS.
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByText('What is deleted')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'delete-dialog', false);

  await page.setViewportSize(DESKTOP);
  await waitUntilCodeMayBeRequested(phone);
  const seen = codesSentTo(phone).length;
  await dialog.getByRole('button', { name: 'Send code' }).click();
  const code = await waitForNewCode(phone, seen);
  const field = dialog.getByRole('textbox', { name: 'Code from the SMS' });
  await field.fill(code === '000000' ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  // A wrong code changes nothing.
  expect((await request.get('/api/users/me', { headers: bearer(member.token) })).status()).toBe(200);

  await field.fill(code);
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  await shoot(page, 'delete-dialog-code', false);
  await page.setViewportSize(DESKTOP);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your account has been deleted.', { exact: false })).toBeVisible();
  await shoot(page, 'after-delete', false);

  // The old session is gone: the API refuses it and the app asks for a login.
  expect((await request.get('/api/users/me', { headers: bearer(member.token) })).status()).toBe(401);
  await page.context().addCookies([{ name: 'saathi_session', value: member.token, url: new URL(page.url()).origin, httpOnly: true, sameSite: 'Strict' }]);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login/);
});
