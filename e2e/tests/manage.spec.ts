import type { Browser, Page } from '@playwright/test';
import { bearer, completedProfile, signInViaApi, signUpViaApi, storeSession, type ApiSession } from '../support/api';
import { ENV_BASE_URL, requiredEnv } from '../support/env';
import { expect, test } from '../support/fixtures';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from '../support/page-checks';
import { SMALL_PHONE } from '../support/phone';
import { keepScreenshot } from '../support/shots';
import { randomPhone } from '../support/sms';
import { storeOnEveryPage } from '../support/storage';
import { translationOf } from '../support/translations';

/**
 * The management screens: an admin (Rohan Desai, 9000000001, the seeded admin) grants the
 * editor role to a member through /manage/users and finds the change in /manage/audit; a
 * member without a role is told calmly that there is nothing to manage. The member is made
 * for this test, so no seeded account changes. The admin also reads the service status
 * (/manage/status) after an SOS, in English and Hindi; a member is told it is for admins.
 */
const ADMIN_PHONE = '9000000001';
const LANGUAGE_STORAGE_KEY = 'saathi.language';
// Ellisbridge, Ahmedabad: seeded volunteers are around, so an SOS there has a first radius to reach.
const ELLISBRIDGE = { latitude: 23.0225, longitude: 72.5714 };
const VIEWPORTS = { phone: SMALL_PHONE, desktop: { viewport: { width: 1280, height: 800 } } } as const;

async function pageFor(browser: Browser, session: ApiSession, size: keyof typeof VIEWPORTS): Promise<Page> {
  const context = await browser.newContext({ ...VIEWPORTS[size], baseURL: requiredEnv(ENV_BASE_URL), locale: 'en-US', timezoneId: 'Asia/Kolkata' });
  const page = await context.newPage();
  await storeSession(page, session);
  return page;
}

/** Checks the screen as a person would use it at this size, and keeps a picture of it. */
async function lookAt(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, `manage/${name}.png`, { fullPage: true });
}

test('an admin grants the editor role and sees it in the audit log; a member has nothing to manage', async ({ browser, request }) => {
  test.setTimeout(180_000);
  // Unique per run, in letters only: a person's name may not hold digits.
  const name = `Manage Test ${Date.now()
    .toString(36)
    .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? '')}`;
  const member = await signUpViaApi(request, randomPhone(), { name, dob: '1995-06-15', profileCompleted: true });
  const admin = await signInViaApi(request, ADMIN_PHONE);

  for (const size of ['phone', 'desktop'] as const) {
    const page = await pageFor(browser, member, size);
    await page.goto('/manage');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage' })).toBeVisible();
    await expect(page.getByText('There is nothing to manage here for your account.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Roles' })).toHaveCount(0);
    // No Manage entry in the navigation for a member (the side rail shows the secondary places).
    if (size === 'desktop') await expect(page.getByRole('link', { name: 'Leaderboard' }).first()).toBeVisible();
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Manage' })).toHaveCount(0);
    // The admin screens stay closed to them, calmly.
    await page.goto('/manage/users');
    await expect(page.getByText('This screen is for admins.')).toBeVisible();
    await lookAt(page, `member-not-allowed-${size}`);
    await page.goto('/manage');
    await expect(page.getByText('There is nothing to manage here for your account.')).toBeVisible();
    await lookAt(page, `member-nothing-${size}`);
    await page.context().close();
  }

  const phone = await pageFor(browser, admin, 'phone');
  // On a phone the Account page leads there; the desktop side rail has its own entry (below).
  await phone.goto('/account');
  await phone.getByRole('link', { name: 'Manage' }).click();
  await expect(phone).toHaveURL(/\/manage$/);
  await expect(phone.getByRole('link', { name: /Roles/ })).toBeVisible();
  await expect(phone.getByRole('link', { name: /Audit log/ })).toBeVisible();
  await lookAt(phone, 'admin-manage-phone');

  await phone.getByRole('link', { name: /Roles/ }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible();
  await phone.getByRole('searchbox', { name: 'Name or mobile number' }).fill(name);
  const card = phone.getByRole('listitem').filter({ has: phone.getByRole('heading', { name }) });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('checkbox', { name: 'Editor' })).not.toBeChecked();
  await card.getByRole('checkbox', { name: 'Editor' }).check();
  await lookAt(phone, 'admin-users-phone');
  const saved = phone.waitForResponse((r) => r.url().endsWith(`/api/users/${member.user.id}/roles`) && r.request().method() === 'PUT');
  await card.getByRole('button', { name: `Save roles of ${name}` }).click();
  expect((await saved).status()).toBe(200);
  await expect(phone.getByText(`Roles of ${name} saved.`)).toBeVisible();
  await expect(card.getByRole('checkbox', { name: 'Editor' })).toBeChecked();
  await expect(card.getByRole('button', { name: `Save roles of ${name}` })).toBeDisabled();

  // The server holds it: the member's next request carries the editor role.
  const me = await request.get('/api/users/me', { headers: { Authorization: `Bearer ${member.token}` } });
  expect(((await me.json()) as { roles: string[] }).roles).toEqual(['user', 'editor']);

  await phone.goto('/manage/audit');
  await expect(phone.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const entry = phone.getByTestId('audit-entry').first();
  await expect(entry).toContainText('Roles changed');
  await expect(entry).toContainText(`User ${member.user.id}`);
  await expect(entry).toContainText('Member → Member, Editor');
  await expect(entry).toContainText('By Rohan Desai');
  await lookAt(phone, 'admin-audit-phone');
  await phone.context().close();

  const desktop = await pageFor(browser, admin, 'desktop');
  await desktop.goto('/');
  await desktop.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Manage' }).click();
  await expect(desktop).toHaveURL(/\/manage$/);
  await lookAt(desktop, 'admin-manage-desktop');
  await desktop.goto('/manage/audit');
  // Filtered to this member: exactly the one change.
  await desktop.getByRole('combobox', { name: 'Target' }).selectOption('user');
  await desktop.getByRole('textbox', { name: 'Target id' }).fill(String(member.user.id));
  await desktop.getByRole('button', { name: 'Apply' }).click();
  await expect(desktop.getByTestId('audit-entry')).toHaveCount(1);
  await expect(desktop.getByTestId('audit-entry')).toContainText('Member → Member, Editor');
  await lookAt(desktop, 'admin-audit-desktop');
  // A filter that is no user id is refused before it is sent.
  await desktop.getByRole('textbox', { name: 'Done by (user id)' }).fill('Rohan');
  await desktop.getByRole('button', { name: 'Apply' }).click();
  await expect(desktop.getByText('Enter a user id (a whole number).')).toBeVisible();
  await desktop.goto('/manage/users');
  await desktop.getByRole('searchbox', { name: 'Name or mobile number' }).fill(name);
  await expect(
    desktop
      .getByRole('listitem')
      .filter({ has: desktop.getByRole('heading', { name }) })
      .getByRole('checkbox', { name: 'Editor' }),
  ).toBeChecked();
  await lookAt(desktop, 'admin-users-desktop');
  await desktop.context().close();
});

/** A figure of the status screen as a number ("1,234" in any of the app's languages). */
async function figure(page: Page, id: string): Promise<number> {
  const text = await page.getByTestId(`figure-${id}`).locator('dd').innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

test('an admin reads the service status after an SOS, in English and Hindi; a member is told it is for admins', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const member = await signUpViaApi(request, randomPhone(), completedProfile('Status Test Member', '1994-02-11', { city: 'Ahmedabad', pincode: '380006' }));
  const admin = await signInViaApi(request, ADMIN_PHONE);

  // The member: the screen is not for them, calmly, and no status is read.
  const closed = await pageFor(browser, member, 'phone');
  await closed.goto('/manage/status');
  await expect(closed.getByRole('heading', { level: 1, name: 'Service status' })).toBeVisible();
  await expect(closed.getByText('This screen is for admins.')).toBeVisible();
  await expect(closed.getByTestId('status-verdict')).toHaveCount(0);
  await lookAt(closed, 'member-status-not-allowed-phone');
  await closed.context().close();
  const refused = await request.get('/api/admin/status', { headers: bearer(member.token) });
  expect(refused.status()).toBe(403);

  // Someone at Ellisbridge raises an SOS: the last hour has one, and its first step is measured.
  const raised = await request.post('/api/sos', {
    headers: bearer(member.token),
    data: { ...ELLISBRIDGE, accuracy: 15, threat: 'theft', contactsOnly: false },
  });
  expect(raised.status(), await raised.text()).toBe(201);
  const { id } = (await raised.json()) as { id: number };
  try {
    await expect
      .poll(
        async () => {
          const status = await request.get('/api/admin/status', { headers: bearer(admin.token) });
          const body = (await status.json()) as { sos: { raised: number; firstStep: { measured: number } } };
          return Math.min(body.sos.raised, body.sos.firstStep.measured);
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThanOrEqual(1);

    // English, on a phone, from the Manage list.
    const phone = await pageFor(browser, admin, 'phone');
    await phone.goto('/manage');
    await phone.getByRole('link', { name: /Service status/ }).click();
    await expect(phone).toHaveURL(/\/manage\/status$/);
    await expect(phone.getByRole('heading', { level: 1, name: 'Service status' })).toBeVisible();
    await expect(phone.getByTestId('status-verdict')).toContainText(/All good|Needs attention/);
    for (const section of ['SOS in the last hour', 'Delivery queue', 'Deliveries by channel', 'Readiness of this server']) {
      await expect(phone.getByRole('region', { name: section })).toBeVisible();
    }
    expect(await figure(phone, 'sos-raised')).toBeGreaterThanOrEqual(1);
    await expect(phone.getByTestId('figure-sos-p95')).toContainText(/\d+\.\d s/);
    await expect(phone.getByTestId('sos-within')).toHaveText(/^\d+ of \d+ within 2 s$/);
    await expect(phone.getByTestId('figure-queue-lag')).toContainText(/\d( s| min)$/);
    await expect(phone.getByTestId('channel-sms')).toContainText(/failed|Nothing sent/);
    // Each check says its state in words, beside its icon.
    await expect(phone.getByTestId('ready-database')).toHaveText(/Database\s*OK/);
    await expect(phone.getByTestId('ready-outbox')).toHaveText(/Delivery worker\s*OK/);
    await expect(phone.getByTestId('status-updated')).toHaveText(/^Updated \d\d:\d\d:\d\d$/);
    // Refresh asks the server again.
    const again = phone.waitForResponse((r) => r.url().endsWith('/api/admin/status') && r.request().method() === 'GET');
    await phone.getByRole('button', { name: 'Refresh' }).click();
    expect((await again).status()).toBe(200);
    await lookAt(phone, 'admin-status-phone');
    await phone.context().close();

    // Hindi, on a phone and on a desktop.
    const hindi = (english: string) => translationOf(english, 'manage', 'hi-IN');
    for (const size of ['phone', 'desktop'] as const) {
      const page = await pageFor(browser, admin, size);
      await storeOnEveryPage(page, LANGUAGE_STORAGE_KEY, 'hi-IN');
      await page.goto('/manage/status');
      await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
      await expect(page.getByRole('heading', { level: 1, name: hindi('Service status') })).toBeVisible();
      await expect(page.getByTestId('status-verdict')).toContainText(new RegExp(`${hindi('All good')}|${hindi('Needs attention')}`));
      for (const section of ['SOS in the last hour', 'Delivery queue', 'Deliveries by channel', 'Readiness of this server']) {
        await expect(page.getByRole('region', { name: hindi(section) })).toBeVisible();
      }
      expect(await figure(page, 'sos-raised')).toBeGreaterThanOrEqual(1);
      await expect(page.getByTestId('ready-database')).toContainText(hindi('Database'));
      await expect(page.getByRole('button', { name: hindi('Refresh') })).toBeVisible();
      await lookAt(page, `admin-status-hi-${size}`);
      await page.context().close();
    }
  } finally {
    await request.post(`/api/sos/${id}/resolve`, { headers: bearer(member.token) });
  }
});
