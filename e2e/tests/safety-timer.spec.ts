import { bearer, signUpViaApi, storeSession } from '../support/api';
import { expect, test } from '../support/fixtures';
import { linkAsTapped, randomPhone, smsLinkTextedTo } from '../support/sms';

/**
 * The safety timer end to end: the e2e server counts a timer minute as one second
 * (global-setup.ts), so a 5-minute timer runs out in 5 s and the contacts hear of it 2 s later.
 */
const HOME = { latitude: 23.0338, longitude: 72.585 };
test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, geolocation: HOME, permissions: ['geolocation'] });

test('a timer nobody checks in to runs out, asks "Are you OK?", and the contact follows the live location until the PIN ends it', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const contactPhone = randomPhone();
  const walker = await signUpViaApi(request, randomPhone(), {
    name: 'Nisha Trivedi',
    dob: '1996-07-21',
    city: 'Ahmedabad',
    state: 'Gujarat',
    pincode: '380009',
    emergencyContacts: [{ name: 'Maa', phoneNumber: contactPhone }],
    profileCompleted: true,
  });
  const pins = await request.put('/api/users/me/safety-pins', { headers: bearer(walker.token), data: { safetyPin: '2580', duressPin: '1379' } });
  expect(pins.status()).toBe(204);
  await storeSession(page, walker);

  await page.goto('/safety-timer');
  await expect(page.getByRole('heading', { name: 'Safety timer', level: 1 })).toBeVisible();
  await page.getByLabel('Minutes (5 to 240)').fill('5');
  await page.getByLabel('Where are you going? (optional)').fill('Home, Navrangpura');
  await expect(page.getByRole('checkbox', { name: 'Maa' })).toBeChecked();
  await page.getByLabel('Alert my contacts only, never volunteers').check();
  await page.getByRole('button', { name: 'Start timer' }).click();
  await expect(page.getByTestId('time-left')).toBeVisible();
  await expect(page.getByText('Going to Home, Navrangpura')).toBeVisible();

  // The server holds it: a reload shows the same timer.
  await page.reload();
  await expect(page.getByText('Going to Home, Navrangpura').or(page.getByText('Are you OK?'))).toBeVisible();
  await expect(page.getByText('Are you OK?')).toBeVisible({ timeout: 15_000 });

  // Her contact's SMS, with the short live-location link (`host/t/<token>`, no scheme).
  const { link, text } = await smsLinkTextedTo(contactPhone, 30_000);
  expect(text).toBe(`Nisha missed a safety check-in. Live location: ${link} No answer? Call 112. -Saathi`);
  expect(link.startsWith(`${new URL(baseURL as string).host}/t/`), link).toBe(true);
  // Her screen says where that SMS is, under its own heading.
  const smsSection = page.getByRole('region', { name: 'SMS to your contacts' });
  await expect(smsSection.getByText(/^SMS sent to Maa · \d{1,2}:\d{2}\s[AP]M$/)).toBeVisible({ timeout: 15_000 });

  // The contact taps the link: the server's /t/ redirect opens the tracking page, signed in as nobody.
  const contact = await browser.newPage({ viewport: { width: 360, height: 640 } });
  await contact.goto(linkAsTapped(link));
  await expect(contact).toHaveURL(new RegExp(`/track/${link.split('/t/')[1] as string}$`));
  await expect(contact.getByRole('heading', { name: 'Nisha asked for help', level: 1 })).toBeVisible();
  await expect(contact.getByText(`${HOME.latitude.toFixed(6)}, ${HOME.longitude.toFixed(6)}`)).toBeVisible();

  // The phone moves; the contact's page (refreshed every 5 s) follows.
  const timer = (await (await request.get('/api/safety-timers/current', { headers: bearer(walker.token) })).json()) as { timer: { id: number } };
  const moved = { latitude: 23.0401, longitude: 72.5602, accuracy: 9 };
  expect((await request.post(`/api/safety-timers/${timer.timer.id}/location`, { headers: bearer(walker.token), data: moved })).status()).toBe(204);
  await expect(contact.getByText(`${moved.latitude.toFixed(6)}, ${moved.longitude.toFixed(6)}`)).toBeVisible({ timeout: 15_000 });

  // Checking in with the PIN pad ends it; the contact's link stops.
  for (const digit of '2580') await page.getByRole('button', { name: `Digit ${digit}`, exact: true }).click();
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(page.getByText('You checked in. Glad you are safe.')).toBeVisible();
  await expect(contact.getByRole('heading', { name: 'This SOS has ended', level: 1 })).toBeVisible({ timeout: 15_000 });
  await contact.close();
});
