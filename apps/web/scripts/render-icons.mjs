// Renders the PWA icons (PNG) from public/favicon.svg's drawing with headless Chromium.
// Run after changing the mark: `node scripts/render-icons.mjs` (needs Chromium; path via CHROMIUM_PATH).
import console from 'node:console';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const publicDir = join(here, '..', 'public');
const svg = await readFile(join(publicDir, 'favicon.svg'), 'utf8');
const inner = svg.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');

/** `padding` shrinks the mark inside a full-bleed pink square (maskable icons need a safe zone). */
function page(size, { padding, rounded }) {
  const markSize = Math.round(size * (1 - 2 * padding));
  return `<!doctype html><html><body style="margin:0;background:transparent">
<div style="width:${size}px;height:${size}px;display:flex;align-items:center;justify-content:center;
background:${rounded ? 'transparent' : '#D81B60'}">
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${markSize}" height="${markSize}">${inner}</svg>
</div></body></html>`;
}

const icons = [
  { file: 'icons/icon-192.png', size: 192, padding: 0, rounded: true },
  { file: 'icons/icon-512.png', size: 512, padding: 0, rounded: true },
  { file: 'icons/icon-maskable-512.png', size: 512, padding: 0.1, rounded: false },
  { file: 'icons/apple-touch-icon.png', size: 180, padding: 0.06, rounded: false },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const context = await browser.newContext({ deviceScaleFactor: 1 });
  const tab = await context.newPage();
  for (const icon of icons) {
    await tab.setViewportSize({ width: icon.size, height: icon.size });
    await tab.setContent(page(icon.size, icon));
    const png = await tab.screenshot({ omitBackground: icon.rounded, clip: { x: 0, y: 0, width: icon.size, height: icon.size } });
    await writeFile(join(publicDir, icon.file), png);
    console.log(`wrote ${icon.file}`);
  }
} finally {
  await browser.close();
}
