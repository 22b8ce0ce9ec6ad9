import type { Locator, Page } from '@playwright/test';
import { bearer, completedProfile, signUpViaApi, storeSession } from '../support/api';
import { expect, test } from '../support/fixtures';
import { clippedTexts, expectNoHorizontalScroll, transitionsFinished } from '../support/page-checks';
import { SMALL_PHONE, phoneAt } from '../support/phone';
import { keepScreenshot } from '../support/shots';
import { linkAsTapped, randomPhone, smsLinkTextedTo } from '../support/sms';

/**
 * The SMS that alerted an emergency contact, end to end: the owner's SOS screen says under the
 * contact that it was sent and when, and the contact's SMS (the console gateway's line for their
 * number) carries the short live-location link that opens the tracking page for anyone.
 * The console gateway marks every SMS `sent` and cannot fail one: the failed warning and its call
 * button are covered by the web unit tests (entities/contact-sms).
 */
// Leh, far from every seeded volunteer: the alert reaches no one another test is watching.
const POSITION = { latitude: 34.1526, longitude: 77.5771, accuracy: 15 };
test.use({ ...phoneAt(POSITION) });

const DESKTOP = { width: 1280, height: 800 };

interface OwnerRecipient {
  kind: 'contact' | 'volunteer';
  name: string | null;
  phoneNumber: string | null;
  sms: { status: string; updatedAt: string } | null;
}

/** A time as the screen shows it in the tests' locale and zone (en-US, Asia/Kolkata): "10:31 PM". */
function shownTime(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-US', { timeStyle: 'short', timeZone: 'Asia/Kolkata' }).replace(/\s/g, ' ');
}

/**
 * The SOS screen at `size` scrolled as far down as it goes, where the contact's SMS line (the
 * last thing on it) must be in the open, not under the bottom navigation; kept for a person to
 * look at, also whole with `fullPage`.
 */
async function shootScrolledToEnd(page: Page, line: Locator, size: { width: number; height: number }, name: string): Promise<void> {
  await page.setViewportSize(size);
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await transitionsFinished(page);
  const uncovered = await line.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (element === hit || element.contains(hit) || hit.contains(element));
  });
  expect(uncovered, `the SMS line is covered at ${size.width}x${size.height}`).toBe(true);
  await expect(line).toBeInViewport();
  await keepScreenshot(page, `sos-sms-status/${name}`);
}

test('after an SOS, the owner sees "SMS sent to Didi" with its time, and the link in Didi\'s SMS opens the tracking page without a login', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const contactPhone = randomPhone();
  const owner = await signUpViaApi(request, randomPhone(), {
    ...completedProfile('Priya Rathod', '1993-09-02', { city: 'Ahmedabad', pincode: '380009' }),
    emergencyContacts: [{ name: 'Didi', phoneNumber: contactPhone }],
    sosCountdownSeconds: 3,
  });
  await storeSession(page, owner);

  await page.goto('/');
  await page.getByRole('button', { name: 'Medical', exact: true }).click();
  // The switch's input sits under its drawn track: a person taps the label.
  await page.getByText('Contacts only', { exact: true }).click();
  await expect(page.getByRole('switch', { name: /^Contacts only/ })).toBeChecked();
  await page.getByRole('button', { name: /^SOS/ }).click();
  await expect(page).toHaveURL(/\/sos-mode\?sosEventId=\d+&contactsOnly=true$/, { timeout: 20_000 });
  const raisedAt = Date.now();
  const eventId = Number(new URL(page.url()).searchParams.get('sosEventId'));

  // Under Didi, within a few seconds: the SMS was sent (the console gateway's status), and when.
  const didi = page.getByRole('list', { name: 'Who was alerted' }).getByRole('listitem').filter({ hasText: 'Didi' });
  const smsLine = didi.getByText(/^SMS sent to Didi · \d{1,2}:\d{2}\s[AP]M$/);
  await expect(smsLine).toBeVisible({ timeout: 10_000 });
  test.info().annotations.push({ type: 'SOS screen → "SMS sent"', description: `${Date.now() - raisedAt} ms` });
  await expect(didi.locator('[data-sms-status="sent"]')).toHaveCount(1);
  // A quiet line, in the secondary colour of the "Emergency contact" beside it.
  const colour = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).color);
  expect(await colour(smsLine)).toBe(await colour(didi.getByText('Emergency contact', { exact: true })));
  // Sent, not failed: no warning and nothing to call from this line.
  await expect(didi.getByRole('alert')).toHaveCount(0);
  await expect(didi.getByRole('link', { name: 'Call Didi' })).toHaveCount(0);

  // The time is the one the server holds for that SMS, as the owner's clock reads it.
  const event = await request.get(`/api/sos/${eventId}`, { headers: bearer(owner.token) });
  expect(event.status(), await event.text()).toBe(200);
  const { alerted } = (await event.json()) as { alerted: OwnerRecipient[] };
  const contact = alerted.find((recipient) => recipient.kind === 'contact');
  expect(contact).toMatchObject({ name: 'Didi', phoneNumber: contactPhone, sms: { status: 'sent' } });
  await expect(smsLine).toHaveText(`SMS sent to Didi · ${shownTime(contact!.sms!.updatedAt)}`);

  // Looked at on a small phone and a desktop: nothing cut, nothing wider than the screen.
  await shootScrolledToEnd(page, smsLine, SMALL_PHONE.viewport, 'sos-sms-sent-360x640.png');
  await expectNoHorizontalScroll(page);
  expect(await clippedTexts(page)).toEqual([]);
  await shootScrolledToEnd(page, smsLine, DESKTOP, 'sos-sms-sent-1280x800.png');
  expect(await clippedTexts(page)).toEqual([]);
  await page.setViewportSize(SMALL_PHONE.viewport);

  // Didi's SMS: the fixed text with her first name, the threat and the short link to this server.
  const { link, text } = await smsLinkTextedTo(contactPhone);
  expect(text).toBe(`SOS from Priya (Medical emergency). Live location: ${link} No answer? Call 112.`);
  expect(link).toMatch(/^\S+\/t\/[A-Za-z0-9]{12}$/);
  expect(link.startsWith(`${new URL(baseURL as string).host}/t/`), link).toBe(true);
  const token = link.split('/t/')[1] as string;

  // Didi taps it on her own phone: no session, no service worker yet. The server's /t/ answer
  // sends her to /track/<token>, and the tracking page shows Priya's alert.
  const didisPhone = await browser.newContext({ ...SMALL_PHONE, locale: 'en-US', timezoneId: 'Asia/Kolkata' });
  try {
    const tapped = await didisPhone.newPage();
    const response = await tapped.goto(linkAsTapped(link));
    expect(response?.status()).toBe(200);
    const redirect = response?.request().redirectedFrom();
    expect(redirect?.url()).toBe(linkAsTapped(link));
    expect((await redirect?.response())?.status()).toBe(302);
    await expect(tapped).toHaveURL(`${baseURL}/track/${token}`);
    await expect(tapped.getByRole('heading', { name: 'Priya asked for help', level: 1 })).toBeVisible();
    await expect(tapped.getByRole('link', { name: 'Open in Maps' })).toBeVisible();
    expect(await didisPhone.cookies()).toEqual([]);
  } finally {
    await didisPhone.close();
  }

  const resolved = await request.post(`/api/sos/${eventId}/resolve`, { headers: bearer(owner.token) });
  expect(resolved.status(), await resolved.text()).toBe(200);
});
