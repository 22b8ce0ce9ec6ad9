import autocannon from 'autocannon';

export const pick = (list) => list[Math.floor(Math.random() * list.length)];

/**
 * What the load says it accepts, as a browser does (so JSON answers over 1 KB come compressed,
 * and the figures include the compression's cost); BENCH_ACCEPT_ENCODING=identity measures
 * without it.
 */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br, zstd';

/**
 * Sends authenticated GETs from `makePath()` over `connections` for `durationS` seconds and
 * returns latency percentiles (p50, p95, p99) of the 200 answers, requests per second and
 * average size on the wire.
 */
export async function loadGet({ baseUrl, token, connections, durationS, makePath }) {
  const latencies = [];
  let errors = 0;
  let bytesTotal = 0;
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: durationS,
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': ACCEPT_ENCODING },
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: makePath() }) }],
    setupClient: (client) =>
      client.on('response', (status, bytes, ms) => {
        if (status === 200) {
          latencies.push(ms);
          bytesTotal += bytes;
        } else errors += 1;
      }),
  });
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    rps: result.requests.average,
    count: latencies.length,
    errors,
    avgBytes: Math.round(bytesTotal / Math.max(1, latencies.length)),
  };
}

const ms = (value) => value.toFixed(1);

/**
 * Loads each scenario (`{label, budget, path}`, budget a p95 in ms or null) in turn with
 * `load(path)`, stops the bench on any non-200 answer, and prints one line of figures per
 * scenario: `<bench> p50_ms= p95_ms= p99_ms= rps= <labelKey>=<label> <fields> n= avg_bytes=`.
 */
export async function measureScenarios({ bench, labelKey, scenarios, load, fields, suffix = '' }) {
  const results = {};
  for (const scenario of scenarios) {
    const r = await load(scenario.path);
    const name = `${labelKey}=${scenario.label}`;
    if (r.errors > 0) throw new Error(`${name}: ${r.errors} non-200 answers`);
    console.log(
      `${bench} p50_ms=${ms(r.p50)} p95_ms=${ms(r.p95)} p99_ms=${ms(r.p99)} rps=${Math.round(r.rps)} ${name} ${fields} n=${r.count} avg_bytes=${r.avgBytes}${suffix}`,
    );
    results[name] = { ...r, budget: scenario.budget };
  }
  return results;
}

/**
 * Runs `run(kind)` on PostgreSQL and then on the embedded database (`only`: 'postgres' or
 * 'embedded' runs one of them), then holds the PostgreSQL figures to their p95 budgets: a
 * missed budget makes the bench exit non-zero.
 */
export async function runOnBothDatabases(only, run) {
  const results = {};
  if (only !== 'embedded') results.postgres = await run('postgres');
  if (only !== 'postgres') results.embedded = await run('pglite');
  for (const [name, r] of Object.entries(results.postgres ?? {}).filter(([, r]) => r.budget !== null)) {
    console.log(`budget p95 ≤ ${r.budget} ms on PostgreSQL, ${name}: ${r.p95 <= r.budget ? 'met' : 'MISSED'} (${ms(r.p95)} ms)`);
    if (r.p95 > r.budget) process.exitCode = 1;
  }
  return results;
}
