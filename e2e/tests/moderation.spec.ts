import type { Page } from '@playwright/test';
import { bearer, signUpViaApi, storeSession } from '../support/api';
import { expect, loginThroughUi, test } from '../support/fixtures';
import { DESKTOP, HINDI, MODERATOR_PHONE, shootDesk } from '../support/desks';
import { expectNoSeriousA11yViolations } from '../support/page-checks';
import { SMALL_PHONE } from '../support/phone';
import { randomPhone } from '../support/sms';
import { translationOf } from '../support/translations';

/**
 * The moderation desk end to end: a member reports a post from its page; the seeded moderator
 * (Swati Deshmukh, 9000000038, her app in Hindi) removes it on /community-feeds/manage with a
 * reason; the author reads the decision in /notifications, opens it and appeals; Swati may not
 * decide her own decision's appeal; the seeded admin (Rohan Desai, 9000000001) restores it, and
 * the author reads that the appeal was accepted. The author and reporter are new accounts, so
 * no other test's posts are touched.
 */
const ADMIN_PHONE = '9000000001';
const hi = (english: string) => translationOf(english, 'moderation', HINDI);

test('a reported post is removed by a moderator, appealed by its author, and restored by a second moderator', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const title = `Cheap phones ${stamp}`;
  const author = await signUpViaApi(request, randomPhone(), { name: 'Kabir Shah', dob: '1994-03-02', profileCompleted: true });
  const created = await request.post('/api/posts/post-create', {
    headers: bearer(author.token),
    multipart: { title, description: 'Buy two, get one free. Message me.' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const postId = ((await created.json()) as { id: number }).id;

  // The reporter: Report on the post's page, a reason and a note.
  const reporter = await signUpViaApi(request, randomPhone(), { name: 'Meera Iyer', dob: '1996-02-11', profileCompleted: true });
  await storeSession(page, reporter);
  await page.goto(`/community-post/${postId}`);
  await page.getByRole('button', { name: 'Report' }).click();
  const report = page.getByRole('dialog', { name: 'Report this post' });
  await report.getByRole('radio', { name: 'Spam' }).check();
  await report.getByRole('textbox', { name: /Note for the moderators/ }).fill('Same message in every group');
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'report-dialog');
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thank you. The moderators will look at it.')).toBeVisible();

  // The moderator, in Hindi: the post in the queue with its reason, note and IT Rules deadlines.
  const moderatorContext = await browser.newContext({ viewport: DESKTOP, locale: 'en-US', timezoneId: 'Asia/Kolkata' });
  const moderator = await moderatorContext.newPage();
  await loginThroughUi(moderator, MODERATOR_PHONE);
  await moderator.goto('/community-feeds/manage');
  await expect(moderator.getByRole('heading', { level: 1, name: hi('Moderation desk') })).toBeVisible();
  const card = moderator.getByRole('article', { name: `${hi('Post')} #${postId}` });
  await expect(card).toBeVisible();
  await expect(card.getByText(`${hi('Spam')} × 1`)).toBeVisible();
  await expect(card.getByText('“Same message in every group”')).toBeVisible();
  await expect(card.getByText(title)).toBeVisible();
  await expectNoSeriousA11yViolations(moderator);
  await shoot(moderator, 'desk-queue');
  // The IT Rules' first step: the moderator acknowledges the report, and the desk says who and when.
  await card.getByRole('button', { name: `${hi('Acknowledge')}: ${hi('Post')} #${postId}` }).click();
  await expect(
    card.getByText(new RegExp(hi('Acknowledged by {{name}} at {{time}} IST').replace('{{name}}', 'Swati Deshmukh').replace('{{time}}', '.+'))),
  ).toBeVisible();
  await expect(card.getByRole('button', { name: `${hi('Acknowledge')}: ${hi('Post')} #${postId}` })).toHaveCount(0);
  await card.getByRole('button', { name: `${hi('Remove')}: ${hi('Post')} #${postId}` }).click();
  const decide = moderator.getByRole('dialog');
  await decide.getByRole('textbox', { name: hi('Reason (the author reads it)') }).fill('Spam: the same advert in many groups');
  await decide.getByRole('button', { name: hi('Confirm') }).click();
  await expect(moderator.getByText(hi('Decision saved. The author and the reporters are told.'))).toBeVisible();
  await expect(card).toBeHidden();

  // The author reads the decision in English and appeals from it.
  const authorContext = await browser.newContext({ ...SMALL_PHONE, locale: 'en-US', timezoneId: 'Asia/Kolkata' });
  const authorPage = await authorContext.newPage();
  await storeSession(authorPage, author);
  await authorPage.goto('/notifications');
  await expect(authorPage.getByText('Your post was removed')).toBeVisible();
  await expect(authorPage.getByText(/A moderator removed your post\. Reason: Spam: the same advert in many groups/)).toBeVisible();
  await authorPage.goto('/community-feeds/decisions');
  await expect(authorPage.getByRole('heading', { level: 1, name: 'Moderation decisions' })).toBeVisible();
  await expect(authorPage.getByText('Reason: Spam: the same advert in many groups')).toBeVisible();
  await authorPage.getByRole('textbox', { name: /Why should this decision change/ }).fill('These are my own phones, sold once.');
  await authorPage.getByRole('button', { name: 'Send appeal' }).click();
  await expect(authorPage.getByText('Appeal waiting for a moderator')).toBeVisible();
  await expectNoSeriousA11yViolations(authorPage);
  await shoot(authorPage, 'author-appealed');

  // Swati made the decision: the desk says another moderator decides the appeal.
  await moderator.reload();
  await expect(moderator.getByText(hi('You made this decision, so another moderator decides the appeal.'))).toBeVisible();
  await shoot(moderator, 'desk-own-appeal');
  await moderatorContext.close();

  // The admin decides it: restores the post.
  const adminContext = await browser.newContext({ viewport: DESKTOP, locale: 'en-US', timezoneId: 'Asia/Kolkata' });
  const admin = await adminContext.newPage();
  await loginThroughUi(admin, ADMIN_PHONE);
  await admin.goto('/community-feeds/manage');
  await expect(admin.getByText('“These are my own phones, sold once.”')).toBeVisible();
  await shoot(admin, 'desk-appeal');
  await admin.getByRole('button', { name: 'Restore the item' }).click();
  const overturn = admin.getByRole('dialog', { name: 'Restore the item' });
  await overturn.getByRole('textbox', { name: 'Reason (the author reads it)' }).fill('A private seller, not spam');
  await overturn.getByRole('button', { name: 'Confirm' }).click();
  await expect(admin.getByText('Appeal decided. The author is told.')).toBeVisible();
  await adminContext.close();

  // The post is back for everyone, and the author reads that the appeal was accepted.
  // A visitor's context: the request fixture holds the reporter's session cookie, and the reporter never sees it again.
  const visitorContext = await browser.newContext();
  expect((await visitorContext.request.get(`/api/posts/${postId}`)).status()).toBe(200);
  await visitorContext.close();
  await authorPage.goto('/notifications');
  await expect(authorPage.getByText('Your appeal was accepted')).toBeVisible();
  await authorPage.goto(`/community-feeds/decisions`);
  await expect(authorPage.getByText(/Appeal accepted: your content is back/)).toBeVisible();
  await shoot(authorPage, 'author-restored');
  await authorContext.close();
});

test('a plain user who opens /community-feeds/manage reads that it is not for their account', async ({ page, request }) => {
  const user = await signUpViaApi(request, randomPhone(), { name: 'Kunal Shah' });
  await storeSession(page, user);
  await page.goto('/community-feeds/manage');
  await expect(page.getByRole('heading', { level: 1, name: 'Moderation desk' })).toBeVisible();
  await expect(page.getByText('This screen is for moderators. It is not available for your account.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'not-for-you');
});

const shoot = (page: Page, name: string) => shootDesk(page, 'moderation', name);
