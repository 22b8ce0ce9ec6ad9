import type { Locator } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { FAKE_MEDIA_LAUNCH_OPTIONS, phoneAt } from '../support/phone';

// Nilesh Desai (apps/server/src/seed/README.md): a seeded user no other test records with.
const PHONE = '9000000020';
const NAME = 'Nilesh Desai';
const TITLE = 'Flooded underpass at Sabarmati';
// Over 10 words: the feed folds it to 15 with Read More.
const CAPTION = 'Water is knee deep under the railway bridge and two autos are stuck near the station. Take the ring road instead.';
const EDITED_TITLE = 'Underpass cleared';
const EDITED_CAPTION = 'The water has drained. Drive slowly.';

// A fake camera and microphone, granted without a prompt, for the recorder.
test.use({
  launchOptions: FAKE_MEDIA_LAUNCH_OPTIONS,
  ...phoneAt({ latitude: 23.0225, longitude: 72.5714, accuracy: 20 }, ['geolocation', 'camera', 'microphone']),
});

/** Whether the reel's video is really advancing (not paused, time moving). */
async function isPlaying(reel: Locator): Promise<boolean> {
  const video = reel.locator('video');
  const before = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await reel.page().waitForTimeout(600);
  return video.evaluate((v: HTMLVideoElement, t0: number) => !v.paused && v.currentTime !== t0, before);
}

/**
 * Share of the pixels in the upper part of an element, as painted on screen, that are not
 * near-black (the lower part holds the recorder's buttons).
 */
async function litShare(target: Locator): Promise<number> {
  const box = await target.boundingBox();
  if (!box) return 0;
  const png = await target.page().screenshot({ clip: { x: box.x, y: box.y, width: box.width, height: box.height * 0.6 } });
  return target.page().evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const image = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const context = new OffscreenCanvas(image.width, image.height).getContext('2d');
    if (!context) return 0;
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, image.width, image.height);
    let lit = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! + data[i + 1]! + data[i + 2]! > 60) lit++;
    return lit / (data.length / 4);
  }, png.toString('base64'));
}

test('record, replay, retake, record 3 s, title and caption, upload, see it first and playing; like, edit and comment survive a reload', async ({
  page,
  login,
}) => {
  test.setTimeout(120_000);
  await login(page, PHONE);

  await page.goto('/incident-reels');
  await expect(page.getByRole('heading', { name: 'Incident reels', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Record a reel' }).click();
  await expect(page).toHaveURL(/\/create-reel$/);

  // The live preview runs, then a first take with the countdown.
  const preview = page.getByTestId('camera-preview');
  await expect.poll(() => preview.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: /^Aspect ratio 9:16/ })).toBeVisible();
  await page.getByRole('button', { name: 'Record a reel' }).click();
  await expect(page.getByRole('timer')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Aspect ratio/ })).toHaveCount(0);
  await page.waitForTimeout(2000);
  await page.getByRole('button', { name: 'Stop recording' }).click();

  const recorded = page.getByTestId('recorded-video');
  await expect(recorded).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retake' })).toBeVisible();

  // The take shows a picture at once, not a black box until Play; play and pause work.
  await expect.poll(() => litShare(recorded), { timeout: 5_000 }).toBeGreaterThan(0.5);
  await page.screenshot({ path: test.info().outputPath('recorded-preview.png') });
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect.poll(() => recorded.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.2);
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
  expect(await recorded.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);

  // Retake: back to the live camera, and a 3 second take that is sent.
  await page.getByRole('button', { name: 'Retake' }).click();
  await expect(recorded).toHaveCount(0);
  await expect.poll(() => preview.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
  const recordPressedAt = Date.now();
  await page.getByRole('button', { name: 'Record a reel' }).click();
  await page.waitForTimeout(3000);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  // The longest the recorder can have run: a busy machine makes the two presses take longer.
  const heldMs = Date.now() - recordPressedAt;
  await expect.poll(() => litShare(recorded), { timeout: 5_000 }).toBeGreaterThan(0.5);

  // A title and a caption before Send (a post's limits: 50 and 1000 characters).
  const title = page.getByRole('textbox', { name: 'Title' });
  await expect(title).toHaveAttribute('maxlength', '50');
  await title.fill(TITLE);
  await page.getByRole('textbox', { name: 'Caption' }).fill(CAPTION);
  await expect(page.getByText(`${TITLE.length}/50`)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('recorded-with-caption-360.png') });
  const [registered] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/incidents/upload') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Send' }).click(),
  ]);
  await expect(page.getByText('Incident reel uploaded successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/incident-reels$/);
  // MediaRecorder writes no length into the file: the server read it from the frames.
  expect(registered.request().postDataJSON()).toMatchObject({ title: TITLE, description: CAPTION });
  const { durationMs } = (await registered.json()) as { durationMs: number | null };
  expect(durationMs).toBeGreaterThan(2500);
  expect(durationMs).toBeLessThan(heldMs + 500);

  // The new reel comes first and plays, with its title and caption (long: folded with Read More).
  const first = page.getByTestId('reel').first();
  await expect(first).toContainText(NAME);
  await expect(first).toHaveAttribute('data-active', 'true');
  await expect.poll(() => isPlaying(first), { timeout: 15_000 }).toBe(true);
  const reelId = await first.getAttribute('data-reel-id');
  await expect(first.getByRole('heading', { name: TITLE })).toBeVisible();
  const caption = first.getByTestId('reel-description');
  await expect(caption).toContainText('Water is knee deep under the railway bridge');
  await expect(caption).not.toContainText('Take the ring road');
  await first.getByRole('button', { name: 'Read More' }).click();
  await expect(caption).toContainText('Take the ring road instead.');
  await first.getByRole('button', { name: 'Read Less' }).click();
  await expect(caption).not.toContainText('Take the ring road');
  // Counts are named, not bare zeros: nothing shows at zero, screen readers hear "0 likes".
  await expect(first.getByTestId('reel-likes')).toHaveText('');
  await expect(first.getByText('0 likes', { exact: true })).toHaveCount(1);
  await expect(first.getByText('0 comments', { exact: true })).toHaveCount(1);
  await expect(first.getByText('0 shares', { exact: true })).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('feed-with-caption-360.png') });

  // Like: the count moves at once.
  await first.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(first.getByRole('button', { name: 'Unlike' })).toHaveAttribute('aria-pressed', 'true');
  await expect(first.getByTestId('reel-likes')).toHaveText('1');
  await expect(first.getByText('1 like', { exact: true })).toHaveCount(1);

  // The author edits the title and the caption.
  await first.getByRole('button', { name: 'Edit title and caption' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit reel' });
  await expect(editor.getByRole('textbox', { name: 'Title' })).toHaveValue(TITLE);
  await editor.getByRole('textbox', { name: 'Title' }).fill(EDITED_TITLE);
  await editor.getByRole('textbox', { name: 'Caption' }).fill(EDITED_CAPTION);
  const [edited] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith(`/api/incidents/reels/${reelId ?? ''}`) && r.request().method() === 'PATCH'),
    editor.getByRole('button', { name: 'Save' }).click(),
  ]);
  expect(edited.status()).toBe(200);
  await expect(page.getByText('Reel updated')).toBeVisible();
  await expect(editor).toHaveCount(0);
  await expect(first.getByRole('heading', { name: EDITED_TITLE })).toBeVisible();
  await expect(first.getByTestId('reel-description')).toHaveText(EDITED_CAPTION);
  await expect(first.getByRole('button', { name: 'Read More' })).toHaveCount(0);

  // Comment: Enter sends.
  await first.getByRole('button', { name: 'Comments' }).click();
  const box = page.getByRole('textbox', { name: 'Add a comment' });
  await box.fill('Police have been informed');
  await box.press('Enter');
  await expect(page.getByTestId('reel-comments')).toContainText('Police have been informed');
  await expect(box).toHaveValue('');
  await page.keyboard.press('Escape');

  await page.reload();
  const again = page.getByTestId('reel').first();
  await expect(again).toHaveAttribute('data-reel-id', reelId ?? '');
  await expect(again.getByRole('heading', { name: EDITED_TITLE })).toBeVisible();
  await expect(again.getByTestId('reel-description')).toHaveText(EDITED_CAPTION);
  await expect(again.getByRole('button', { name: 'Unlike' })).toBeVisible();
  await expect(again.getByTestId('reel-likes')).toHaveText('1');
  await again.getByRole('button', { name: 'Comments' }).click();
  await expect(page.getByTestId('reel-comments')).toContainText('Police have been informed');
});
