import type { Page } from '@playwright/test';
import { bearer, completedProfile, signUpViaApi, storeSession } from '../support/api';
import { expect, test } from '../support/fixtures';
import { FAKE_MEDIA_LAUNCH_OPTIONS, phoneAt } from '../support/phone';
import { keepScreenshot } from '../support/shots';
import { randomPhone } from '../support/sms';

// Chromium's fake camera and microphone, granted without a prompt.
test.use({ launchOptions: FAKE_MEDIA_LAUNCH_OPTIONS });

/** Somewhere in Vadodara, away from the seeded volunteers of Ahmedabad. */
const POSITION = { latitude: 22.3072, longitude: 73.1812, accuracy: 15 };
/** The recorder's timeslice (use-evidence-recorder.ts): one part every 3 s. */
const PART_SECONDS = 3;

interface Recording {
  kind: string;
  recording: number;
  url: string;
  chunks: number;
  sizeBytes: number;
  startedAt: string;
  complete: boolean;
}

/** The number of parts the SOS screen says the server holds. */
async function partsSaved(page: Page): Promise<number> {
  const text = (await page.getByTestId('evidence-progress').textContent()) ?? '';
  return Number(/^(\d+) parts? saved on the server/.exec(text)?.[1] ?? 0);
}

/**
 * How the browser plays `url` (fetched with the page's session): the file's first bytes and its
 * length in seconds. A MediaRecorder webm carries no duration, so the player is sent past the end
 * and reports where the last frame is.
 */
async function playInPage(page: Page, url: string): Promise<{ magic: string; bytes: number; seconds: number; width: number }> {
  return page.evaluate(async (source) => {
    const response = await fetch(source, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`${source}: ${response.status}`);
    const blob = await response.blob();
    const magic = [...new Uint8Array(await blob.slice(0, 4).arrayBuffer())].map((b) => b.toString(16).padStart(2, '0')).join('');
    const video = document.createElement('video');
    video.muted = true;
    video.src = URL.createObjectURL(blob);
    await new Promise<void>((resolve, reject) => {
      video.onloadedmetadata = () => resolve();
      video.onerror = () => reject(new Error(`${source} does not play: ${video.error?.message ?? video.error?.code}`));
    });
    if (!Number.isFinite(video.duration)) {
      await new Promise<void>((resolve) => {
        video.ondurationchange = () => Number.isFinite(video.duration) && resolve();
        video.currentTime = 1e6;
      });
    }
    const result = { magic, bytes: blob.size, seconds: video.duration, width: video.videoWidth };
    URL.revokeObjectURL(video.src);
    return result;
  }, url);
}

test('evidence recorded before and after a reload mid-SOS is kept as recordings that all play back, in order', async ({ browser, baseURL, request }) => {
  test.setTimeout(180_000);
  const session = await signUpViaApi(request, randomPhone(), {
    ...completedProfile('Meera Parmar', '1994-03-11', { city: 'Vadodara', pincode: '390001' }),
    startAudioVideoRecordOnSos: true,
  });
  const context = await browser.newContext({
    baseURL,
    ...phoneAt(POSITION, ['geolocation', 'camera', 'microphone']),
    locale: 'en-US',
    timezoneId: 'Asia/Kolkata',
  });
  try {
    const page = await context.newPage();
    // Every upload and its answer: a refused part (the 409s of the bug) would fail the test here.
    const isUpload = (method: string, url: string) => method === 'POST' && /\/api\/sos\/\d+\/evidence\?/.test(url);
    let uploadsSent = 0;
    // An upload still on its way when the page reloads is cut off by the browser.
    let uploadsCut = 0;
    const answers: number[] = [];
    page.on('request', (sent) => {
      if (isUpload(sent.method(), sent.url())) uploadsSent += 1;
    });
    page.on('requestfailed', (failed) => {
      if (isUpload(failed.method(), failed.url())) uploadsCut += 1;
    });
    page.on('response', (response) => {
      if (isUpload(response.request().method(), response.url())) answers.push(response.status());
    });
    await storeSession(page, session);
    await page.goto('/');
    await page.getByRole('button', { name: /^SOS/ }).click();
    await expect(page).toHaveURL(/\/sos-mode\?sosEventId=\d+/, { timeout: 20_000 });
    const eventId = Number(new URL(page.url()).searchParams.get('sosEventId'));

    // First recorder: a few parts reach the server.
    await expect(page.getByText('Recording evidence')).toBeVisible({ timeout: 15_000 });
    await expect.poll(() => partsSaved(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);

    // The page is reloaded mid-SOS: the count starts from what the server holds, and a new recorder goes on.
    await page.reload();
    await expect(page.getByText('Recording evidence')).toBeVisible({ timeout: 15_000 });
    const afterReload = await partsSaved(page);
    expect(afterReload).toBeGreaterThanOrEqual(2);
    await expect.poll(() => partsSaved(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(afterReload + 2);
    await keepScreenshot(page, 'sos-evidence/recording-after-reload-360.png');

    const listed = async () => {
      const response = await request.get(`/api/sos/${eventId}/evidence`, { headers: bearer(session.token) });
      expect(response.status()).toBe(200);
      return (await response.json()) as { recordings: Recording[]; held: { chunks: number; recordings: number } };
    };
    // Resolving stops the recorder, whose last part is sent too; the rating sheet opens.
    await page.getByRole('button', { name: 'I am safe' }).click();
    // (The sheet is modal: the screen behind it is hidden from the accessibility tree.)
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect.poll(() => answers.length + uploadsCut === uploadsSent && answers.length >= afterReload + 3, { timeout: 20_000 }).toBe(true);
    // Both recordings, whole, numbered in the order they were recorded.
    const created = answers.filter((status) => status === 201).length;
    await expect.poll(async () => (await listed()).held.chunks, { timeout: 20_000 }).toBeGreaterThanOrEqual(created);
    const { recordings, held } = await listed();
    expect(recordings.map((r) => [r.kind, r.complete])).toEqual([
      ['video', true],
      ['video', true],
    ]);
    expect(recordings[0]!.recording).toBeLessThan(recordings[1]!.recording);
    expect(Date.parse(recordings[0]!.startedAt)).toBeLessThan(Date.parse(recordings[1]!.startedAt));
    expect(held.chunks).toBe(recordings.reduce((n, r) => n + r.chunks, 0));
    expect(held.chunks).toBeLessThanOrEqual(created + uploadsCut);
    expect(answers.filter((status) => status !== 201)).toEqual([]);

    // Each recording plays on its own, from its own webm header, for about as long as its parts.
    for (const recording of recordings) {
      const played = await playInPage(page, recording.url);
      expect(played.magic).toBe('1a45dfa3');
      expect(played.bytes).toBe(recording.sizeBytes);
      expect(played.width).toBeGreaterThan(0);
      expect(played.seconds).toBeGreaterThan((recording.chunks - 1) * PART_SECONDS - 1.5);
      expect(played.seconds).toBeLessThan(recording.chunks * PART_SECONDS + 1.5);
    }

    // The owner's screen offers both, oldest first, and each plays in the page's own player.
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto(`/sos-mode?sosEventId=${eventId}`);
    await expect(page.getByRole('heading', { name: 'Your recordings' })).toBeVisible();
    await expect(page.getByText('2 recordings, oldest first')).toBeVisible();
    const items = page.getByTestId('evidence-recording');
    await expect(items).toHaveCount(2);
    for (const position of [1, 2]) {
      await page.getByRole('button', { name: `Play recording: Recording ${position}` }).click();
      const player = page.getByLabel(`Recording ${position}`, { exact: true });
      await expect(player).toBeVisible();
      await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.readyState), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    }
    await page.getByText('2 recordings, oldest first').scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'sos-evidence/recordings-after-sos-360.png');
  } finally {
    await context.close();
  }
});
