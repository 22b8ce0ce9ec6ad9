// Loaded into the server under test with NODE_OPTIONS="--import <this file>" (bench/sos.mjs
// does it when SOS_BENCH_PROFILE names a directory). SIGUSR2 to the server starts the V8 CPU
// profiler in every thread (the push worker too) and times every database query (embedded or
// PostgreSQL: wall time, waiting included);
// the next SIGUSR2 writes <dir>/<thread>.cpuprofile per thread and <dir>/queries.txt.
// `node bench/profile-summary.mjs <dir>` prints where the time went.
import fs from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';
import { isMainThread, threadId } from 'node:worker_threads';

const dir = process.env.SOS_BENCH_PROFILE;
const session = new inspector.Session();
session.connect();
let profiling = false;

function toggleProfiler() {
  if (!profiling) {
    session.post('Profiler.enable', () => session.post('Profiler.setSamplingInterval', { interval: 500 }, () => session.post('Profiler.start')));
  } else {
    session.post('Profiler.stop', (error, result) => {
      if (!error) fs.writeFileSync(path.join(dir, `${isMainThread ? 'main' : `thread-${threadId}`}.cpuprofile`), JSON.stringify(result.profile));
    });
  }
  profiling = !profiling;
}

// Every thread of the process hears the main thread's signal on this channel.
const channel = new BroadcastChannel('saathi-bench-profile');
channel.unref();

if (isMainThread) {
  /** Query text (whitespace collapsed, first 120 characters) → calls and milliseconds. */
  let queries;
  const { PGlite } = await import('@electric-sql/pglite').catch(() => ({ PGlite: undefined }));
  for (const name of PGlite ? ['query', 'exec'] : []) {
    const original = PGlite.prototype[name];
    PGlite.prototype[name] = async function timed(text, ...rest) {
      if (!queries) return original.call(this, text, ...rest);
      const started = performance.now();
      try {
        return await original.call(this, text, ...rest);
      } finally {
        const key = String(text).replace(/\s+/g, ' ').trim().slice(0, 120);
        const entry = queries.get(key) ?? { calls: 0, ms: 0 };
        entry.calls += 1;
        entry.ms += performance.now() - started;
        queries.set(key, entry);
      }
    };
  }
  // The same for PostgreSQL through node-postgres (a promise-style query with its text).
  const pg = await import('pg').then((module) => module.default).catch(() => undefined);
  if (pg) {
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function timed(config, ...rest) {
      const text = typeof config === 'string' ? config : config?.text;
      if (!queries || !text || typeof rest.at(-1) === 'function') return original.call(this, config, ...rest);
      const started = performance.now();
      const done = () => {
        const key = String(text).replace(/\s+/g, ' ').trim().slice(0, 120);
        const entry = queries.get(key) ?? { calls: 0, ms: 0 };
        entry.calls += 1;
        entry.ms += performance.now() - started;
        queries.set(key, entry);
      };
      const result = original.call(this, config, ...rest);
      result?.then?.(done, done);
      return result;
    };
  }
  process.on('SIGUSR2', () => {
    toggleProfiler();
    channel.postMessage('toggle');
    if (!queries) {
      queries = new Map();
      return;
    }
    const lines = [...queries]
      .sort((a, b) => b[1].ms - a[1].ms)
      .map(([text, q]) => `${q.ms.toFixed(1).padStart(9)} ms ${String(q.calls).padStart(6)}×  ${text}`);
    fs.writeFileSync(path.join(dir, 'queries.txt'), `${lines.join('\n')}\n`);
    queries = undefined;
  });
} else {
  channel.onmessage = () => toggleProfiler();
}
