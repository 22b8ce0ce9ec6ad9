#!/usr/bin/env node
// `npm test`: every check of the project, in order, stopping at the first failure.
// Usage: node scripts/test.mjs [stage ...]   (no stage names = all stages)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pgliteOnlyNotice, refusal, testDatabasePlan } from '../apps/server/test/test-databases.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = '/usr/bin/chromium';

/**
 * A stage marked `alongsidePrevious` starts together with the stage before it: tsc and eslint
 * each keep one core busy, so on a two-core machine the pair takes as long as the longer one.
 * @typedef {{ name: string, describe: string, run: (output?: Output) => Promise<void>, alongsidePrevious?: boolean }} Stage
 * @typedef {{ write: (chunk: Buffer | string) => void }} Output
 */

/** @type {Stage[]} */
const stages = [
  { name: 'ensure-browser', describe: "Debian's Chromium for the end-to-end tests", run: ensureBrowser },
  { name: 'typecheck', describe: 'tsc in every workspace', run: (output) => npm({ output }, 'run', 'typecheck') },
  {
    name: 'lint',
    describe: "Prettier's check, type-aware eslint and the import rules over the repository",
    // The same checks as `npm run lint`, in four processes: eslint with type information is
    // single-threaded, and the web app and the rest have separate TypeScript programs anyway.
    run: (output) =>
      inParallel([
        npm({ output }, 'run', 'lint:format'),
        npm({ output }, 'run', 'lint:web'),
        npm({ output }, 'run', 'lint:others'),
        npm({ output }, 'run', 'lint:deps'),
      ]),
    alongsidePrevious: true,
  },
  {
    name: 'monitoring',
    describe: "deploy/monitoring: promtool's checks and unit tests of the alert rules, and the Grafana dashboard's queries",
    run: async () => {
      await ensurePromtool();
      await run('node', ['scripts/check-monitoring.mjs']);
    },
  },
  {
    name: 'k8s',
    describe:
      "deploy/k8s: both kustomize overlays render, every object matches the Kubernetes, CloudNativePG and Prometheus Operator schemas, and the deployment's properties hold",
    run: () => run('node', ['scripts/check-k8s.mjs']),
  },
  { name: 'unit', describe: 'vitest unit suites of every workspace', run: () => npm({}, 'run', 'test:unit') },
  {
    name: 'integration',
    describe: 'server API suites on PGlite and PostgreSQL (TEST_DATABASE_URL), and several server processes on one PostgreSQL',
    run: () => npm({}, 'run', 'test:integration'),
  },
  { name: 'build', describe: 'web app and server bundles', run: () => npm({}, 'run', 'build') },
  // Cheap and easy to break by one import (a schema library reaching the dashboard): checked on every run.
  { name: 'bundle', describe: "the SOS dashboard's JavaScript budget (bench:bundle)", run: () => npm({}, 'run', 'bench:bundle') },
  { name: 'e2e', describe: 'Playwright in Chromium against the built app', run: () => npm({}, 'run', 'test:e2e') },
];

class StageError extends Error {}

async function ensureBrowser() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log(`${CHROMIUM} is missing; installing Debian's chromium package.`);
    await run('sh', ['-c', 'apt-get update && apt-get install -y chromium'], {
      DEBIAN_FRONTEND: 'noninteractive',
    });
    if (existsSync(CHROMIUM)) return;
    throw new StageError(`apt-get finished but ${CHROMIUM} is still missing.`);
  }
  throw new StageError(
    [
      `The end-to-end tests drive Debian's Chromium at ${CHROMIUM}, which is not installed.`,
      'Install it, then run `npm test` again:',
      '    sudo apt-get update && sudo apt-get install -y chromium',
      '(Running `npm test` as root on Debian installs it automatically.)',
    ].join('\n'),
  );
}

/** True when `command` is on the PATH. */
function hasCommand(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

// Debian's `prometheus` package brings promtool. Its install script would start a Prometheus
// server (and the recommended node exporter) where an init system runs: without the
// recommends, and with a policy-rc.d that refuses every service start for the length of the
// install (one already there is left alone), nothing is started.
const INSTALL_PROMTOOL = [
  'set -e',
  'policy=/usr/sbin/policy-rc.d',
  'created=',
  `if [ ! -e "$policy" ]; then printf '#!/bin/sh\\nexit 101\\n' > "$policy"; chmod +x "$policy"; created=1; fi`,
  'trap \'[ -z "$created" ] || rm -f "$policy"\' EXIT',
  'apt-get update',
  'apt-get install -y --no-install-recommends prometheus',
].join('\n');

async function ensurePromtool() {
  if (hasCommand('promtool')) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && hasCommand('apt-get')) {
    console.log("promtool is missing; installing Debian's prometheus package (no service is started).");
    await run('sh', ['-c', INSTALL_PROMTOOL], { DEBIAN_FRONTEND: 'noninteractive' });
    if (hasCommand('promtool')) return;
    throw new StageError('apt-get finished but promtool is still missing.');
  }
  throw new StageError(
    [
      "The monitoring checks run promtool, from Debian's prometheus package, which is not installed.",
      'Install it, then run `npm test` again:',
      '    sudo apt-get update && sudo apt-get install -y --no-install-recommends prometheus',
      '(On Debian that may start a Prometheus server on :9090: `sudo systemctl disable --now prometheus` if you do not want one.',
      'Elsewhere, promtool comes in the release archives of https://prometheus.io/download/.)',
      '(Running `npm test` as root on Debian installs it automatically.)',
    ].join('\n'),
  );
}

/** @param {{ output?: Output }} options */
function npm({ output }, ...args) {
  return run(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, {}, output);
}

/**
 * Runs a command; rejects with a StageError on a non-zero exit. Its output goes straight to
 * the terminal, or into `output` when another stage runs at the same time (so the two do not
 * interleave line by line).
 * @param {Output} [output]
 */
function run(command, args, extraEnv = {}, output) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: output ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...extraEnv },
    });
    if (output) {
      child.stdout?.on('data', (chunk) => output.write(chunk));
      child.stderr?.on('data', (chunk) => output.write(chunk));
    }
    child.on('error', (error) => reject(new StageError(`could not start ${command}: ${error.message}`)));
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new StageError(`\`${command} ${args.join(' ')}\` ${signal ? `was killed by ${signal}` : `exited with code ${code}`}`));
    });
  });
}

function formatDuration(ms) {
  return ms < 60_000 ? `${(ms / 1000).toFixed(1)}s` : `${Math.floor(ms / 60_000)}m${Math.round((ms % 60_000) / 1000)}s`;
}

/** Waits for every run to end (no run is left behind), then fails with the first failure. */
async function inParallel(runs) {
  const results = await Promise.allSettled(runs);
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
}

/** Consecutive stages, each stage joined to the group of the one before it when it runs alongside it. */
function groupsOf(stageList) {
  /** @type {Stage[][]} */
  const groups = [];
  for (const stage of stageList) {
    const last = groups.at(-1);
    if (stage.alongsidePrevious && last) last.push(stage);
    else groups.push([stage]);
  }
  return groups;
}

async function main() {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !stages.some((stage) => stage.name === name));
  if (unknown.length > 0) {
    console.error(`Unknown stage(s): ${unknown.join(', ')}. Stages: ${stages.map((s) => s.name).join(', ')}`);
    process.exit(2);
  }
  const selected = wanted.length > 0 ? stages.filter((stage) => wanted.includes(stage.name)) : stages;

  // Without a PostgreSQL the integration stage would leave suites out and still pass: refused
  // before anything runs, unless the person asked for it (SAATHI_TEST_PGLITE_ONLY=1).
  const databases = testDatabasePlan(process.env);
  const needsDatabases = selected.some((stage) => stage.name === 'integration');
  const refused = needsDatabases ? refusal(databases) : null;
  if (refused) {
    console.error(refused);
    process.exit(1);
  }
  const notice = needsDatabases ? pgliteOnlyNotice(databases) : null;
  if (notice) console.log(notice);

  /** @type {{ name: string, status: 'passed' | 'failed' | 'not run', ms: number, reason?: string }[]} */
  const results = [];
  let failed = false;
  const startedAt = Date.now();
  for (const group of groupsOf(selected)) {
    if (failed) {
      for (const stage of group) results.push({ name: stage.name, status: 'not run', ms: 0 });
      continue;
    }
    const together = group.length > 1;
    if (together) console.log(`\n▶ ${group.map((stage) => stage.name).join(' and ')}, side by side (each one's output follows when it ends)`);
    const outcomes = await Promise.all(
      group.map(async (stage) => {
        /** @type {Buffer[]} */
        const chunks = [];
        const output = together ? { write: (chunk) => void chunks.push(Buffer.from(chunk)) } : undefined;
        if (!together) console.log(`\n▶ ${stage.name}: ${stage.describe}`);
        const stageStart = Date.now();
        /** @type {{ name: string, status: 'passed' | 'failed', ms: number, reason?: string }} */
        let result;
        try {
          await stage.run(output);
          result = { name: stage.name, status: 'passed', ms: Date.now() - stageStart };
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          result = { name: stage.name, status: 'failed', ms: Date.now() - stageStart, reason };
        }
        if (together) {
          console.log(`\n▶ ${stage.name}: ${stage.describe}`);
          process.stdout.write(Buffer.concat(chunks));
        }
        if (result.status === 'failed') console.error(`\n✖ stage "${stage.name}" failed: ${result.reason}`);
        return result;
      }),
    );
    results.push(...outcomes);
    failed = outcomes.some((outcome) => outcome.status === 'failed');
  }

  console.log('\nSummary');
  for (const result of results) {
    const time = result.status === 'not run' ? '' : ` (${formatDuration(result.ms)})`;
    console.log(`  ${result.status.padEnd(7)} ${result.name}${time}`);
  }
  const passed = results.filter((r) => r.status === 'passed').length;
  const failures = results.filter((r) => r.status === 'failed').length;
  console.log(`  total   ${formatDuration(Date.now() - startedAt)}`);
  console.log(`${passed} passed, ${failures} failed`);
  if (notice) console.log(`\n${notice}`);
  process.exit(failed ? 1 : 0);
}

await main();
