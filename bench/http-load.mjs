import autocannon from 'autocannon';

export const pick = (list) => list[Math.floor(Math.random() * list.length)];

/**
 * Sends authenticated GETs from `makePath()` over `connections` for `durationS` seconds and
 * returns latency percentiles (p50, p95, p99) of the 200 answers, requests per second and average body size.
 */
export async function loadGet({ baseUrl, token, connections, durationS, makePath }) {
  const latencies = [];
  let errors = 0;
  let bytesTotal = 0;
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: durationS,
    headers: { authorization: `Bearer ${token}` },
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
