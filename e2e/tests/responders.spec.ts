import type { Page } from '@playwright/test';
import { signUpViaApi, storeSession } from '../support/api';
import { expect, loginThroughUi, test } from '../support/fixtures';
import { expectNoHorizontalScroll } from '../support/page-checks';
import { phoneAt, SMALL_PHONE } from '../support/phone';
import { keepScreenshot } from '../support/shots';
import { randomPhone } from '../support/sms';

/**
 * Verified responders end to end: a new volunteer sends themself a practice alert from the
 * account's volunteering tab, opens it from the notification, accepts it and steps through the
 * on-scene statuses; then asks to be verified as a doctor with a photo of the registration; the
 * seeded admin (Rohan Desai, 9000000001) approves it at /manage/responders, and the volunteer
 * carries the verified badge.
 */
const ADMIN_PHONE = '9000000001';
const DESKTOP = { width: 1280, height: 800 };
const HERE = { latitude: 23.0226, longitude: 72.5716, accuracy: 15 };

/** A real JPEG drawn by the browser: the server checks the bytes and re-encodes them. */
async function documentPhoto(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 400;
    canvas.height = 260;
    const g = canvas.getContext('2d') as CanvasRenderingContext2D;
    g.fillStyle = '#fffbe6';
    g.fillRect(0, 0, 400, 260);
    g.fillStyle = '#333';
    g.font = '20px sans-serif';
    g.fillText('Gujarat Medical Council', 20, 60);
    g.fillText('Reg. No. G-12345', 20, 110);
    return canvas.toDataURL('image/jpeg', 0.9);
  });
  return Buffer.from(dataUrl.split(',')[1] as string, 'base64');
}

test('a practice alert goes through accept and the on-scene statuses; a moderator’s approval gives the verified badge', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(150_000);
  const volunteer = await signUpViaApi(request, randomPhone(), {
    name: 'Anjali Rao',
    dob: '1990-05-14',
    profileCompleted: true,
    availableForCommunity: true,
    profession: 'Doctor General',
  });
  const context = await browser.newContext({ baseURL, ...SMALL_PHONE, ...phoneAt(HERE), locale: 'en-US', timezoneId: 'Asia/Kolkata' });
  const page = await context.newPage();
  try {
    await storeSession(page, volunteer);
    await page.goto('/account?tab=volunteering');
    const duty = page.getByTestId('duty-card');
    await expect(duty.getByRole('switch', { name: 'Receive SOS alerts' })).toBeChecked();
    await expect(duty.getByText('On duty: SOS alerts near you reach you.')).toBeVisible();

    // The practice alert: sent, then opened from the notification like a real one.
    await page.getByRole('button', { name: 'Send me a practice alert' }).click();
    await expect(page).toHaveURL(/\/sos-mode\?sosEventId=\d+/);
    await expect(page.getByTestId('practice-banner')).toHaveText('Practice alert: not a real SOS. Nobody else was alerted.');
    await page.goto('/notifications');
    const alert = page.getByRole('link', { name: /Practice alert \(not a real SOS\)/ });
    await expect(alert).toBeVisible();
    await alert.click();
    await expect(page.getByTestId('practice-banner')).toBeVisible();
    await keepScreenshot(page, 'responders/practice-alert.png');

    // Declining asks why; going back keeps the alert open. Then accept and step through.
    await page.getByRole('button', { name: 'Decline' }).click();
    const reasons = page.getByRole('dialog', { name: "Why can't you go?" });
    await expect(reasons.getByRole('button', { name: 'Too far' })).toBeVisible();
    await reasons.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Accept' }).click();
    const scene = page.getByRole('group', { name: 'On the scene' });
    for (const step of ['On my way', 'Arrived', 'Handed to ambulance']) {
      await scene.getByRole('button', { name: step }).click();
      await expect(scene.getByRole('button', { name: step })).toHaveAttribute('aria-pressed', 'true');
    }
    await expectNoHorizontalScroll(page);
    await keepScreenshot(page, 'responders/practice-on-scene.png', { fullPage: true });
    await scene.getByRole('button', { name: 'Done' }).click();
    // Done ends a practice alert.
    await expect(page.getByRole('heading', { name: 'This SOS has ended' })).toBeVisible();

    // Asking to be verified: registration, council and a photo of the certificate.
    await page.goto('/account?tab=volunteering');
    const verification = page.getByTestId('verification-card');
    await verification.getByRole('textbox', { name: 'Medical registration number' }).fill('G-12345');
    await verification.getByRole('textbox', { name: 'Medical council or NMC' }).fill('Gujarat Medical Council');
    await verification.getByLabel('Photo of your registration certificate or badge').setInputFiles({
      name: 'registration.jpg',
      mimeType: 'image/jpeg',
      buffer: await documentPhoto(page),
    });
    await verification.getByRole('button', { name: 'Ask to be verified' }).click();
    await expect(verification.getByText('Waiting for a moderator to check your request.')).toBeVisible();

    // The admin approves it on the reviewers' screen, with the document photo in view.
    const adminContext = await browser.newContext({ baseURL, viewport: DESKTOP, locale: 'en-US', timezoneId: 'Asia/Kolkata' });
    try {
      const admin = await adminContext.newPage();
      await loginThroughUi(admin, ADMIN_PHONE);
      await admin.goto('/manage');
      await admin.getByRole('link', { name: /Responder verification/ }).click();
      await expect(admin.getByRole('heading', { level: 1, name: 'Responder verification' })).toBeVisible();
      const card = admin.getByTestId('verification-request').filter({ hasText: `Anjali Rao · user ${volunteer.user.id}` });
      await expect(card.getByText('G-12345')).toBeVisible();
      await expect(card.getByRole('img', { name: /Document photo of request/ })).toHaveJSProperty('complete', true);
      await keepScreenshot(admin, 'responders/review-desktop.png');
      await card.getByRole('button', { name: 'Approve for a year' }).click();
      await expect(admin.getByText('Saved')).toBeVisible();
    } finally {
      await adminContext.close();
    }

    await page.reload();
    await expect(page.getByTestId('verification-card').getByTestId('responder-badge')).toHaveText('Verified doctor');
    await expect(page.getByTestId('verification-card').getByText(/^Verified until /)).toBeVisible();
    await keepScreenshot(page, 'responders/verified-badge.png', { fullPage: true });
  } finally {
    await context.close();
  }
});
