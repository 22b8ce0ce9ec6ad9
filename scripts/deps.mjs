#!/usr/bin/env node
// Checks and draws the import graph of apps/ and packages/ (ADR 0019).
//
//   node scripts/deps.mjs          the rules of .dependency-cruiser.cjs, then no cycle between
//                                  features; exit 1 on any breach (run by `npm run lint`)
//   node scripts/deps.mjs --report the same, and the feature graph as .tmp/deps/features.dot
//                                  (and .svg where Graphviz's `dot` is installed), with counts
//
// dependency-cruiser checks each import against the rules. Whether features depend on each
// other in a circle is a property of the feature graph, not of one import: a feature's
// index.ts may re-export a file that does not import back, so the modules have no cycle
// while the features still do. This script folds modules into their feature and looks.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const report = process.argv.includes('--report');

const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
const result = await cruise(['apps', 'packages'], { ...options, outputType: 'json' }, undefined, {
  tsConfig: extractTSConfig('tsconfig.base.json'),
});
const cruised = typeof result.output === 'string' ? JSON.parse(result.output) : result.output;

let failed = false;
for (const v of cruised.summary.violations) {
  if (v.rule.severity !== 'error') continue;
  failed = true;
  const chain = v.cycle?.length ? v.cycle.map((step) => step.name ?? step).join(' → ') : `${v.from} → ${v.to}`;
  console.error(`${v.rule.name}: ${chain}`);
}

/** The feature a module belongs to ("web:sos"), or undefined outside the feature folders. */
function featureOf(path) {
  const match = /^apps\/(server|web)\/src\/features\/([^/]+)\//.exec(path);
  return match ? `${match[1]}:${match[2]}` : undefined;
}

/** Feature → features it imports, with the number of imports on each edge (tests left out). */
const edges = new Map();
for (const module of cruised.modules) {
  const from = featureOf(module.source);
  if (!from || /\.test\.tsx?$/.test(module.source)) continue;
  for (const dependency of module.dependencies) {
    const to = featureOf(dependency.resolved);
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    const targets = edges.get(from);
    targets.set(to, (targets.get(to) ?? 0) + 1);
  }
}
const features = new Set([...cruised.modules.map((m) => featureOf(m.source)).filter(Boolean)]);

// Strongly connected components (Tarjan): any with more than one feature is a cycle.
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
let counter = 0;
function visit(feature) {
  index.set(feature, counter);
  low.set(feature, counter);
  counter += 1;
  stack.push(feature);
  onStack.add(feature);
  for (const next of edges.get(feature)?.keys() ?? []) {
    if (!index.has(next)) {
      visit(next);
      low.set(feature, Math.min(low.get(feature), low.get(next)));
    } else if (onStack.has(next)) {
      low.set(feature, Math.min(low.get(feature), index.get(next)));
    }
  }
  if (low.get(feature) === index.get(feature)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== feature);
    if (component.length > 1) cycles.push(component.sort());
  }
}
for (const feature of [...features].sort()) if (!index.has(feature)) visit(feature);
for (const cycle of cycles) {
  failed = true;
  const inside = cycle.flatMap((a) => [...(edges.get(a)?.keys() ?? [])].filter((b) => cycle.includes(b)).map((b) => `${a} → ${b}`));
  console.error(`no-feature-cycle: ${cycle.join(', ')} depend on each other (${inside.join('; ')})`);
}

// The longest chain of feature imports (only meaningful once there is no cycle).
const longest = new Map();
function chainFrom(feature) {
  if (longest.has(feature)) return longest.get(feature);
  longest.set(feature, [feature]); // guards against a cycle while it is being reported
  let best = [feature];
  for (const next of edges.get(feature)?.keys() ?? []) {
    const chain = chainFrom(next);
    if (chain.length + 1 > best.length && !chain.includes(feature)) best = [feature, ...chain];
  }
  longest.set(feature, best);
  return best;
}

/** One line per app: imports between its features, distinct feature-to-feature edges, cycles, the longest chain. */
const summary = ['server', 'web']
  .map((app) => {
    const own = (feature) => feature.startsWith(`${app}:`);
    const appEdges = [...edges].filter(([from]) => own(from)).flatMap(([, targets]) => [...targets.values()]);
    const chain = [...features]
      .filter(own)
      .map(chainFrom)
      .reduce((a, b) => (b.length > a.length ? b : a), []);
    return (
      `deps app=${app} feature_imports=${appEdges.reduce((n, count) => n + count, 0)} feature_edges=${appEdges.length} ` +
      `feature_cycles=${cycles.filter((cycle) => own(cycle[0])).length} longest_chain=${chain.length} (${chain.map((f) => f.slice(app.length + 1)).join(' → ')})`
    );
  })
  .join('\n');

console.log(summary);
if (report) {
  const out = join(root, '.tmp', 'deps');
  mkdirSync(out, { recursive: true });
  const lines = ['digraph features {', '  rankdir=LR; node [shape=box, fontname="sans-serif", fontsize=10];'];
  for (const app of ['server', 'web']) {
    lines.push(`  subgraph cluster_${app} { label="${app}";`);
    for (const feature of [...features].filter((f) => f.startsWith(`${app}:`)).sort())
      lines.push(`    "${feature}" [label="${feature.slice(app.length + 1)}"];`);
    lines.push('  }');
  }
  for (const [from, targets] of edges) for (const [to, count] of targets) lines.push(`  "${from}" -> "${to}" [label="${count}"];`);
  lines.push('}');
  writeFileSync(join(out, 'features.dot'), `${lines.join('\n')}\n`);
  let drawn = '.tmp/deps/features.dot';
  try {
    execFileSync('dot', ['-Tsvg', join(out, 'features.dot'), '-o', join(out, 'features.svg')], { stdio: 'ignore' });
    drawn += ' and .tmp/deps/features.svg';
  } catch {
    drawn += ' (install Graphviz for an SVG)';
  }
  console.log(`feature graph: ${drawn}`);
}
process.exitCode = failed ? 1 : 0;
