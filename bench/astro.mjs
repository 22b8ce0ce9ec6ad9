#!/usr/bin/env node
// Budgets (issue #18): one birth chart computed on the server p95 ≤ 20 ms, and a year of daily
// panchang for one place ≤ 2 s. Both are measured in process on the server's own modules
// (astronomy-engine positions, Lahiri ayanamsa, lagna, root-found end times), single-threaded,
// after a short warm-up. Also reported, without a budget: `POST /api/astro/charts` end to end
// over HTTP on a spawned server with the embedded database (validation, computation, insert).
// ASTRO_BENCH_CHARTS (default 500) sets how many charts; ASTRO_BENCH_HTTP=0 skips the HTTP part.
// Started through tsx (`npm run bench:astro`). Exits non-zero when a budget is missed.
import { computeChart } from '../apps/server/src/features/astro/sky/chart.ts';
import { computePanchang } from '../apps/server/src/features/astro/sky/panchang.ts';
import { withBenchServer } from './bench-server.mjs';
import { createBenchSession, seedScratchDatabase } from './scratch-db.mjs';
import os from 'node:os';
import { sql } from 'kysely';

const CHARTS = Number(process.env.ASTRO_BENCH_CHARTS ?? 500);
const HTTP_CHARTS = Number(process.env.ASTRO_BENCH_HTTP_CHARTS ?? 200);
const CHART_P95_BUDGET_MS = 20;
const YEAR_BUDGET_MS = 2000;

const PLACES = [
  [28.6139, 77.209],
  [19.076, 72.8777],
  [23.0225, 72.5714],
  [13.0827, 80.2707],
  [22.5726, 88.3639],
  [26.1445, 91.7362],
  [8.5241, 76.9366],
];

/** A deterministic spread of births from 1900 to 2100 (a linear congruential sequence). */
function births(count) {
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: count }, () => {
    const day = new Date(Date.UTC(1900, 0, 1) + Math.floor(next() * 73_048) * 86_400_000).toISOString().slice(0, 10);
    const minutes = Math.floor(next() * 1440);
    const [latitude, longitude] = PLACES[Math.floor(next() * PLACES.length)];
    const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    return { birthDate: day, birthTime: time, latitude, longitude, timeZone: 'Asia/Kolkata' };
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (value) => `${value.toFixed(2)} ms`;

/** CPU time of this process in ms: unlike the wall clock, it does not count waiting for a core on a busy machine. */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

function benchCharts() {
  const inputs = births(CHARTS);
  for (const input of inputs.slice(0, 30)) computeChart(input); // warm-up (JIT)
  const wall = [];
  const cpu = [];
  for (const input of inputs) {
    const started = performance.now();
    const startedCpu = cpuMs();
    computeChart(input);
    cpu.push(cpuMs() - startedCpu);
    wall.push(performance.now() - started);
  }
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return { p50: percentile(wall, 50), p95: percentile(wall, 95), cpuP50: percentile(cpu, 50), cpuP95: percentile(cpu, 95) };
}

function benchYear() {
  const startedCpu = cpuMs();
  const wall = yearOfPanchang();
  return { wall, cpu: cpuMs() - startedCpu };
}

function yearOfPanchang() {
  const place = { latitude: 23.0225, longitude: 72.5714, timeZone: 'Asia/Kolkata' };
  const days = Array.from({ length: 365 }, (_, i) => new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString().slice(0, 10));
  for (const date of days.slice(0, 5)) computePanchang({ ...place, date: date.replace('2026', '2025') }); // warm-up
  const started = performance.now();
  for (const date of days) computePanchang({ ...place, date });
  return performance.now() - started;
}

async function benchHttp() {
  return withBenchServer('saathi-bench-astro-', async ({ dataDir, start }) => {
    const { seeded, databaseUrl } = await seedScratchDatabase('embedded', 'saathi_bench_astro', dataDir, async (db) => {
      await sql`INSERT INTO users (phone_number, name, referral_id, is_verified, dob) VALUES ('8999999998', 'Astro Bench', 'BASTRO01', true, '1990-01-01')`.execute(
        db,
      );
      return { sessionToken: await createBenchSession(db) };
    });
    const server = await start(databaseUrl, { PUSH_PROVIDER: 'none' }, 120_000);
    const headers = { authorization: `Bearer ${seeded.sessionToken}`, 'content-type': 'application/json' };
    const times = [];
    for (const [i, input] of births(HTTP_CHARTS).entries()) {
      const body = JSON.stringify({
        name: `Chart ${i}`,
        birthDate: input.birthDate,
        birthTime: input.birthTime,
        place: { name: 'Bench', latitude: input.latitude, longitude: input.longitude },
      });
      const started = performance.now();
      const response = await fetch(`${server.baseUrl}/api/astro/charts`, { method: 'POST', headers, body });
      times.push(performance.now() - started);
      if (response.status !== 201) throw new Error(`POST /api/astro/charts: ${response.status} ${await response.text()}`);
      const { id } = await response.json();
      // Deleted again, so the 50-charts-per-user limit never applies.
      const deleted = await fetch(`${server.baseUrl}/api/astro/charts/${id}`, { method: 'DELETE', headers: { authorization: headers.authorization } });
      if (deleted.status !== 200) throw new Error(`DELETE /api/astro/charts/${id}: ${deleted.status} ${await deleted.text()}`);
    }
    const measured = times.slice(20).sort((a, b) => a - b);
    return { p50: percentile(measured, 50), p95: percentile(measured, 95) };
  });
}

// The budgets hold CPU time; on a machine with more runnable work than cores (load average
// above the core count) the wall clock also counts waiting for a core, so it is reported beside.
const [load] = os.loadavg();
console.log(`load average ${load.toFixed(1)} on ${os.availableParallelism()} cores`);
const charts = benchCharts();
console.log(
  `one chart (${CHARTS} births 1900–2100, in process): CPU p50 ${ms(charts.cpuP50)}, p95 ${ms(charts.cpuP95)}; wall p50 ${ms(charts.p50)}, p95 ${ms(charts.p95)} (budget p95 ≤ ${CHART_P95_BUDGET_MS} ms)`,
);
const year = benchYear();
console.log(`a year of daily panchang at Ahmedabad (365 days, in process): CPU ${ms(year.cpu)}, wall ${ms(year.wall)} (budget ≤ ${YEAR_BUDGET_MS} ms)`);
const http = process.env.ASTRO_BENCH_HTTP === '0' ? null : await benchHttp();
if (http) console.log(`POST /api/astro/charts over HTTP, embedded database (${HTTP_CHARTS} charts): p50 ${ms(http.p50)}, p95 ${ms(http.p95)} (no budget)`);
const fixed = (value) => value.toFixed(2);
console.log(
  `astro chart_p95_ms=${fixed(charts.cpuP95)} chart_wall_p95_ms=${fixed(charts.p95)} panchang_year_ms=${fixed(year.cpu)} panchang_year_wall_ms=${fixed(year.wall)}` +
    (http ? ` http_chart_p95_ms=${fixed(http.p95)}` : ''),
);
const missed = [charts.cpuP95 > CHART_P95_BUDGET_MS && 'chart p95', year.cpu > YEAR_BUDGET_MS && 'year of panchang'].filter(Boolean);
if (missed.length > 0) {
  console.error(`over budget: ${missed.join(', ')}`);
  process.exit(1);
}
