#!/usr/bin/env node
// Budget: JavaScript needed before the SOS dashboard can run, gzipped (DESIGN.md §7); and the
// page served for `/` and `/sos` (index.html, which carries the early SOS inline: apps/web/src/
// early-sos), gzipped, within 14 KB so a working SOS arrives in the first round trips.
// Counts the entry chunk of index.html, the dashboard route's chunk, and every chunk they
// import statically (what the browser must fetch; lazy imports of other screens are not).
// WEB_DIST_DIR measures another build (`vite build --outDir ...`) instead of apps/web/dist.
// Then, on a throttled phone, when the SOS button works on a first and a repeat visit (2 s and
// 1 s at most; sos-first-load.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { FIRST_VISIT_BUDGET_MS, measureSosFirstLoad, REPEAT_VISIT_BUDGET_MS } from './sos-first-load.mjs';

const BUDGET_KB = 100;
const HTML_BUDGET_KB = 14;
const ENTRIES = ['index.html', 'src/features/sos/dashboard-page.tsx'];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');

if (!existsSync(manifestPath)) {
  console.error('apps/web/dist has no build manifest; building the web app');
  const build = spawnSync('npm', ['run', 'build', '-w', '@saathi/web'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (build.status !== 0 || !existsSync(manifestPath)) {
    console.error('the web build failed or wrote no .vite/manifest.json (vite build.manifest must be true)');
    process.exit(1);
  }
}

/** @type {Record<string, { file: string, imports?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the build manifest has no entry "${key}"`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
try {
  for (const entry of ENTRIES) visit(entry);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

let totalBytes = 0;
const rows = [];
for (const file of [...files].filter((f) => f.endsWith('.js'))) {
  const gz = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  totalBytes += gz;
  rows.push({ file, gz });
}
// Details go to stderr so stdout stays the one result line.
for (const row of rows.sort((a, b) => b.gz - a.gz)) console.error(`  ${(row.gz / 1024).toFixed(1).padStart(7)} KB  ${row.file}`);

const kb = totalBytes / 1024;
const htmlBytes = gzipSync(readFileSync(path.join(dist, 'index.html')), { level: 9 }).length;
const htmlKb = htmlBytes / 1024;
console.error(`  ${htmlKb.toFixed(1).padStart(7)} KB  index.html (${htmlBytes} bytes)`);
// On a throttled phone (sos-first-load.mjs): when the SOS button works, first and repeat visit
// (with the service worker, and with the HTTP cache only).
const load = await measureSosFirstLoad();
console.log(
  `bundle dashboard_js_gz_kb=${kb.toFixed(1)} sos_html_gz_kb=${htmlKb.toFixed(1)} sos_works_first_visit_ms=${Math.round(load.firstMs)} sos_works_repeat_visit_ms=${Math.round(load.repeatMs)} sos_works_repeat_visit_http_cache_ms=${Math.round(load.httpCacheRepeatMs)} react_dashboard_first_visit_ms=${Math.round(load.reactFirstMs)} react_dashboard_repeat_visit_ms=${Math.round(load.reactRepeatMs)}`,
);
let over = false;
if (load.firstMs > FIRST_VISIT_BUDGET_MS || load.repeatMs > REPEAT_VISIT_BUDGET_MS || load.httpCacheRepeatMs > REPEAT_VISIT_BUDGET_MS) {
  console.error(
    `over budget: the SOS button worked after ${Math.round(load.firstMs)} ms (first visit, budget ${FIRST_VISIT_BUDGET_MS}), ${Math.round(load.repeatMs)} ms (repeat, budget ${REPEAT_VISIT_BUDGET_MS}) and ${Math.round(load.httpCacheRepeatMs)} ms (repeat with the HTTP cache only, budget ${REPEAT_VISIT_BUDGET_MS})`,
  );
  over = true;
}
if (kb > BUDGET_KB) {
  console.error(`over budget: ${kb.toFixed(1)} KB > ${BUDGET_KB} KB of JavaScript`);
  over = true;
}
if (htmlKb > HTML_BUDGET_KB) {
  console.error(`over budget: index.html is ${htmlKb.toFixed(1)} KB > ${HTML_BUDGET_KB} KB gzipped`);
  over = true;
}
if (over) process.exit(1);
