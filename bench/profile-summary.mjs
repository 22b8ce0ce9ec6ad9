#!/usr/bin/env node
// Where the time went in the profiles profile-hook.mjs wrote: per thread, the busy time by
// kind of work (embedded database, encryption, HTTP, JSON, texts…) and the heaviest functions,
// then the database time per query. Usage: node bench/profile-summary.mjs <dir> [top]
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
const top = Number(process.argv[3] ?? 12);
if (!dir) {
  console.error('usage: node bench/profile-summary.mjs <dir> [top]');
  process.exit(2);
}

/** The first kind whose pattern matches a frame of the stack (innermost first). */
const KINDS = [
  ['idle', (f) => f.functionName === '(idle)'],
  ['garbage collection', (f) => f.functionName === '(garbage collector)'],
  ['database (PGlite)', (f) => /pglite/.test(f.url)],
  ['database (pg driver)', (f) => /node_modules\/pg(-protocol)?\//.test(f.url)],
  ['encryption', (f) => /push-encrypt|http_ece|encryption-helper/.test(f.url)],
  ['VAPID signing', (f) => /vapid|jws|jwa/.test(f.url)],
  ['Kysely', (f) => /kysely/.test(f.url)],
  ['alert texts (i18next)', (f) => /i18next|sos\.texts/.test(f.url)],
  ['HTTP client', (f) => /_http_client|_http_agent|_http_outgoing|http-post/.test(f.url)],
  ['worker messages', (f) => /push-transport|push-worker/.test(f.url) || f.functionName === 'postMessage'],
  ['Fastify', (f) => /fastify|find-my-way|avvio/.test(f.url)],
];

function summarize(file) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const msPerSample = (profile.endTime - profile.startTime) / 1000 / Math.max(1, profile.samples.length);
  const kinds = new Map();
  const self = new Map();
  for (const id of profile.samples) {
    const stack = [];
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) stack.push(byId.get(cur).callFrame);
    const kind = KINDS.find(([, match]) => stack.some(match))?.[0] ?? 'other JavaScript';
    kinds.set(kind, (kinds.get(kind) ?? 0) + msPerSample);
    const f = stack[0];
    const name = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\//, '')}:${f.lineNumber + 1}`;
    if (kind !== 'idle') self.set(name, (self.get(name) ?? 0) + msPerSample);
  }
  const busy = [...kinds].filter(([k]) => k !== 'idle').reduce((sum, [, ms]) => sum + ms, 0);
  console.log(`\n${path.basename(file)}: ${Math.round(busy)} ms busy of ${Math.round((profile.endTime - profile.startTime) / 1000)} ms`);
  for (const [kind, ms] of [...kinds].filter(([k]) => k !== 'idle').sort((a, b) => b[1] - a[1])) {
    console.log(`  ${kind.padEnd(24)} ${String(Math.round(ms)).padStart(6)} ms  ${((100 * ms) / busy).toFixed(0).padStart(3)} %`);
  }
  console.log('  heaviest functions (self time):');
  for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`    ${String(Math.round(ms)).padStart(6)} ms  ${name}`);
}

for (const file of fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.cpuprofile'))
  .sort())
  summarize(path.join(dir, file));
const queries = path.join(dir, 'queries.txt');
if (fs.existsSync(queries)) {
  console.log('\nembedded database, time per query (wall, includes waiting for the event loop):');
  console.log(fs.readFileSync(queries, 'utf8').split('\n').slice(0, top).join('\n'));
}
