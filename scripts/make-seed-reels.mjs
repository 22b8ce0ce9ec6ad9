#!/usr/bin/env node
// Redraws the five demo incident reels, apps/server/src/seed/media/reels/reel-1.webm to
// reel-5.webm, one per entry of apps/server/src/seed/data/reels.ts and in the same order.
//
// Usage: node scripts/make-seed-reels.mjs        (CHROMIUM=/path/to/chromium to override)
// Needs only Chromium and the repository's node_modules (playwright-core); takes about 20 s.
// The clips are recorded in real time, so run it on an otherwise idle machine: a busy one drops
// frames (check with the seed test and by playing the files).
//
// Each clip is a flat illustration (scripts/seed-reel-scenes.mjs) drawn on a canvas in headless
// Chromium and recorded by the browser's own MediaRecorder, so the files are what a phone
// uploads (WebM, VP9, no Duration element) and no ffmpeg is needed. The pictures carry no
// text: the feed lays the title, description and buttons over the lower part and the right
// edge, and crops the top and bottom on short screens, so each scene keeps its subject in the
// middle band. Every motion repeats a whole number of times per clip, so the clip loops
// without a jump.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { SCENE_NAMES, sceneScript } from './seed-reel-scenes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(root, 'apps/server/src/seed/media/reels');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** 9:16 at 30 fps; the seed test expects 3 to 4 s, and the bit rate keeps files near 100 KB. */
const CLIP = { width: 360, height: 640, seconds: 3.5, fps: 30, bitsPerSecond: 200_000 };
/** The repository carries these files, so a clip over this size is refused. */
const MAX_BYTES = 120 * 1024;

/* global document, MediaRecorder, requestAnimationFrame, SCENE_FUNCTIONS */

/** In the page: plays one scene for a clip's length and returns the recorded file as base64. */
async function record({ name, clip }) {
  const canvas = document.createElement('canvas');
  canvas.width = clip.width;
  canvas.height = clip.height;
  document.body.append(canvas);
  const ctx = canvas.getContext('2d');
  const draw = SCENE_FUNCTIONS[name];
  // The first recorded frame is the first picture of the loop, not a blank canvas.
  draw(ctx, 0);
  const recorder = new MediaRecorder(canvas.captureStream(clip.fps), {
    mimeType: 'video/webm;codecs=vp9',
    videoBitsPerSecond: clip.bitsPerSecond,
  });
  const chunks = [];
  recorder.ondataavailable = (event) => chunks.push(event.data);
  const stopped = new Promise((resolve) => (recorder.onstop = resolve));
  const length = clip.seconds * 1000;
  recorder.start();
  const start = performance.now();
  // Frames follow the clock, so a dropped frame costs smoothness, never the loop's timing.
  await new Promise((resolve) => {
    const frame = () => {
      const elapsed = performance.now() - start;
      if (elapsed >= length) return resolve();
      draw(ctx, elapsed / length);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  recorder.stop();
  await stopped;
  canvas.remove();
  const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--disable-background-networking'],
});
try {
  const page = await browser.newPage({ viewport: { width: CLIP.width, height: CLIP.height } });
  await page.setContent('<body style="margin:0;background:#000"></body>');
  await page.addScriptTag({ content: sceneScript() });
  await mkdir(OUT_DIR, { recursive: true });
  // One clip at a time: recording is timed by the wall clock, and a busy machine drops frames.
  for (const [i, name] of SCENE_NAMES.entries()) {
    const bytes = Buffer.from(await page.evaluate(record, { name, clip: CLIP }), 'base64');
    if (bytes.length > MAX_BYTES) throw new Error(`${name}: ${bytes.length} bytes, over ${MAX_BYTES}; lower bitsPerSecond`);
    const file = path.join(OUT_DIR, `reel-${i + 1}.webm`);
    await writeFile(file, bytes);
    console.log(`${path.relative(root, file)}  ${name}  ${(bytes.length / 1024).toFixed(1)} KB`);
  }
} finally {
  await browser.close();
}
