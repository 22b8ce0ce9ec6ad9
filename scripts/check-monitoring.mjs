#!/usr/bin/env node
// Checks deploy/monitoring/ (the `monitoring` stage of `npm test`):
// - promtool: the Prometheus configuration, the rule files, and the rules' unit tests;
// - the Grafana dashboard: valid JSON, every panel on the provisioned Prometheus data source,
//   panels that do not overlap, every query valid PromQL and naming only metrics the server
//   exposes (or the rules record).
// Needs promtool (Debian's `prometheus` package); `npm test` installs it when it can.
// Usage: node scripts/check-monitoring.mjs
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const monitoring = path.join(root, 'deploy/monitoring');
const prometheusDir = path.join(monitoring, 'prometheus');
const dashboardsDir = path.join(monitoring, 'grafana/dashboards');
const datasourceFile = path.join(monitoring, 'grafana/provisioning/datasources/prometheus.yml');

// The metrics the server exposes on its metrics listener, read from the code that defines them
// (histograms also as _bucket, _count and _sum), and prom-client's default process and Node.js
// metrics that rules and dashboards use. A rule or panel naming anything else is a typo.
const metricsSource = readFileSync(path.join(root, 'apps/server/src/core/metrics/metrics.ts'), 'utf8');
const defined = [...metricsSource.matchAll(/new (Histogram|Counter|Gauge)\(\{\s*name: '(saathi_\w+)'/g)].map((m) => ({ kind: m[1], name: m[2] }));
const HISTOGRAMS = defined.filter((m) => m.kind === 'Histogram').map((m) => m.name);
const OTHER_METRICS = [
  ...defined.filter((m) => m.kind !== 'Histogram').map((m) => m.name),
  'up',
  'process_cpu_seconds_total',
  'process_resident_memory_bytes',
  'nodejs_eventloop_lag_p99_seconds',
  'nodejs_heap_size_used_bytes',
];
if (defined.length < 10) throw new Error(`found only ${defined.length} metrics in apps/server/src/core/metrics/metrics.ts: has its shape changed?`);
const EXPECTED_ROWS = ['SOS delivery', 'Notifications', 'Outbox', 'HTTP', 'Database'];

/** @type {string[]} */
const failures = [];
const fail = (message) => void failures.push(message);

function promtool(args, { quiet = false } = {}) {
  const result = spawnSync('promtool', args, { cwd: prometheusDir, encoding: 'utf8' });
  if (result.error) {
    console.error(`could not run promtool: ${result.error.message}`);
    console.error("Install it with Debian's prometheus package: sudo apt-get install -y --no-install-recommends prometheus");
    process.exit(1);
  }
  if (!quiet || result.status !== 0) process.stdout.write(result.stdout + result.stderr);
  return result;
}

const filesIn = (dir, suffix) =>
  readdirSync(dir)
    .filter((name) => name.endsWith(suffix))
    .sort()
    .map((name) => path.join(dir, name));

// 1. Prometheus: the configuration (with the rule files it names), the rules, their tests.
const ruleFiles = filesIn(path.join(prometheusDir, 'rules'), '.yml');
const testFiles = filesIn(path.join(prometheusDir, 'tests'), '.test.yml');
if (ruleFiles.length === 0) fail('no rule files in deploy/monitoring/prometheus/rules');
if (testFiles.length === 0) fail('no promtool tests in deploy/monitoring/prometheus/tests');
for (const args of [
  ['check', 'config', 'prometheus.yml'],
  ['check', 'rules', ...ruleFiles.map((file) => path.relative(prometheusDir, file))],
  ['test', 'rules', ...testFiles.map((file) => path.relative(prometheusDir, file))],
]) {
  console.log(`$ promtool ${args.join(' ')}`);
  if (promtool(args).status !== 0) fail(`promtool ${args.join(' ')} failed`);
}

// Every name a rule records, and every series name the rules' expressions read.
const ruleText = ruleFiles.map((file) => readFileSync(file, 'utf8')).join('\n');
const recorded = [...ruleText.matchAll(/^\s*- record:\s*(\S+)/gm)].map((match) => match[1]);
const known = new Set([...OTHER_METRICS, ...HISTOGRAMS.flatMap((name) => ['_bucket', '_count', '_sum'].map((suffix) => name + suffix)), ...recorded]);

/** Metric names in a PromQL expression: saathi_*, saathi:*, process_*, nodejs_* and up. */
function metricNames(expr) {
  const withoutStrings = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  return [...withoutStrings.matchAll(/(?<![\w:])(saathi[_:][\w:]+|process_\w+|nodejs_\w+|up)(?=\s*[{[)\s]|$)/g)].map((match) => match[1]);
}

// The rule files but their comments: expressions, names, labels, annotations.
const ruleBody = ruleText.replace(/^\s*#.*$/gm, '');
for (const name of new Set(metricNames(ruleBody))) if (!known.has(name)) fail(`the rules read unknown metric ${name}`);

// 2. Grafana: the provisioned data source's uid, then every dashboard.
const datasourceUid = /^\s*uid:\s*(\S+)/m.exec(readFileSync(datasourceFile, 'utf8'))?.[1];
if (!datasourceUid) fail(`no uid in ${path.relative(root, datasourceFile)}`);

/** @type {string[]} */
const promqlToCheck = [];
for (const file of filesIn(dashboardsDir, '.json')) {
  const name = path.relative(root, file);
  let dashboard;
  try {
    dashboard = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    fail(`${name}: not JSON (${error instanceof Error ? error.message : error})`);
    continue;
  }
  if (typeof dashboard.uid !== 'string' || !dashboard.uid) fail(`${name}: no uid`);
  if (typeof dashboard.title !== 'string' || !dashboard.title) fail(`${name}: no title`);
  if (!Array.isArray(dashboard.panels) || dashboard.panels.length === 0) {
    fail(`${name}: no panels`);
    continue;
  }
  const variables = (dashboard.templating?.list ?? []).map((variable) => variable.name);
  if (!variables.includes('instance')) fail(`${name}: no "instance" variable`);
  for (const variable of dashboard.templating?.list ?? []) {
    if (variable.datasource && variable.datasource.uid !== datasourceUid) fail(`${name}: variable ${variable.name} is not on data source ${datasourceUid}`);
  }
  const rows = dashboard.panels.filter((panel) => panel.type === 'row').map((panel) => panel.title);
  for (const row of EXPECTED_ROWS) if (!rows.includes(row)) fail(`${name}: no row "${row}"`);

  const ids = new Set();
  /** @type {{ title: string, x: number, y: number, w: number, h: number }[]} */
  const boxes = [];
  for (const panel of dashboard.panels) {
    const label = `${name}: panel "${panel.title}"`;
    if (ids.has(panel.id)) fail(`${label}: id ${panel.id} used twice`);
    ids.add(panel.id);
    const { x, y, w, h } = panel.gridPos ?? {};
    if (![x, y, w, h].every(Number.isInteger) || x < 0 || w < 1 || x + w > 24 || h < 1) fail(`${label}: bad gridPos`);
    else {
      for (const other of boxes) {
        if (x < other.x + other.w && other.x < x + w && y < other.y + other.h && other.y < y + h) fail(`${label} overlaps panel "${other.title}"`);
      }
      boxes.push({ title: panel.title, x, y, w, h });
    }
    if (panel.type === 'row') continue;
    if (panel.datasource?.uid !== datasourceUid) fail(`${label}: data source is not ${datasourceUid}`);
    if (!Array.isArray(panel.targets) || panel.targets.length === 0) fail(`${label}: no queries`);
    for (const target of panel.targets ?? []) {
      if (target.datasource && target.datasource.uid !== datasourceUid) fail(`${label}: query ${target.refId} is not on data source ${datasourceUid}`);
      if (typeof target.expr !== 'string' || !target.expr.trim()) {
        fail(`${label}: query ${target.refId} has no expr`);
        continue;
      }
      for (const metric of metricNames(target.expr)) if (!known.has(metric)) fail(`${label}: unknown metric ${metric}`);
      // Grafana's variables as Prometheus would see them after Grafana fills them in.
      promqlToCheck.push(
        target.expr.replaceAll('$__rate_interval', '1m').replaceAll('$__interval', '15s').replaceAll('$__range', '1d').replaceAll('$instance', '.*'),
      );
    }
  }
}

// 3. Every dashboard query parses: given to promtool as recording rules.
if (promqlToCheck.length > 0) {
  const dir = mkdtempSync(path.join(tmpdir(), 'saathi-dashboard-promql-'));
  try {
    const file = path.join(dir, 'dashboard-queries.yml');
    const rules = promqlToCheck.map((expr, i) => `      - record: dashboard_query_${i + 1}\n        expr: ${JSON.stringify(expr)}`).join('\n');
    writeFileSync(file, `groups:\n  - name: dashboard\n    rules:\n${rules}\n`);
    console.log(`$ promtool check rules <the dashboard's ${promqlToCheck.length} queries>`);
    if (promtool(['check', 'rules', file], { quiet: true }).status !== 0) fail('a dashboard query is not valid PromQL (above)');
    else console.log(`  SUCCESS: ${promqlToCheck.length} queries parse`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (failures.length > 0) {
  console.error(`\n${failures.length} problem(s) in deploy/monitoring:`);
  for (const failure of failures) console.error(`  - ${failure}`);
  process.exit(1);
}
console.log('\ndeploy/monitoring: configuration, rules, rule tests and dashboards are fine.');
