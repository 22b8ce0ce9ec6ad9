#!/usr/bin/env node
// Checks deploy/k8s/ (the `k8s` stage of `npm test`), without a cluster:
// 1. kustomize renders both overlays (`kubectl kustomize`, or a `kustomize` binary);
// 2. every rendered object validates against the Kubernetes, CloudNativePG and Prometheus
//    Operator schemas of the npm packages kubernetes-models, @kubernetes-models/cloudnative-pg and
//    @kubernetes-models/prometheus-operator: their JSON schemas (types, formats, required
//    fields), and their TypeScript types, which also refuse fields the API does not know (a typo
//    the API server would drop or refuse);
// 3. what the deployment must do, asserted on the rendered objects: probes on the server's own
//    health routes, a PodDisruptionBudget, an autoscaler (on live streams too in `state`), spread
//    over nodes and zones, pinned images, no secret values, requests and limits everywhere, the
//    graceful shutdown, the migration Job, the Ingress's rules as deploy/nginx.conf has them,
//    CloudNativePG's instances and backups, database connections within max_connections, the
//    monitoring objects made from deploy/monitoring's own files, and every setting of the
//    README's configuration table accounted for;
// 4. that those assertions notice: each of a list of breakages, made to a copy of the rendered
//    objects, must fail them.
//
// The PrometheusRule (deploy/k8s/base/prometheus-rule.yaml) is generated from
// deploy/monitoring/prometheus/rules/saathi.rules.yml; `--write` writes it again after the rules
// change, and the check fails while the two differ.
//
// Usage: node scripts/check-k8s.mjs [--write]
// Needs kubectl 1.21 or newer (its kustomize v4+) or a kustomize binary (KUSTOMIZE=/path/to/it).
import { spawnSync } from 'node:child_process';
import { isDeepStrictEqual } from 'node:util';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseAllDocuments, stringify } from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const k8sDir = path.join(root, 'deploy/k8s');
const rel = (file) => path.relative(root, file);
const read = (file) => readFileSync(path.join(root, file), 'utf8');
const started = Date.now();

const RULES_FILE = 'deploy/monitoring/prometheus/rules/saathi.rules.yml';
const DASHBOARD_FILE = 'deploy/monitoring/grafana/dashboards/saathi.json';
const PROMETHEUS_RULE_FILE = 'deploy/k8s/base/prometheus-rule.yaml';
/** What each overlay must have: PostgreSQL instances, and whether the autoscaler also counts live streams. */
const OVERLAYS = {
  small: { instances: 1, streamsMetric: false, objectStore: 'in-cluster' },
  state: { instances: 3, streamsMetric: true, objectStore: 'external' },
};
/** Settings of the README's table that production does not set: fixed by the image, or tests only. */
const NOT_FOR_PRODUCTION = ['WEB_DIST_DIR', 'SEED_DEMO_DATA', 'SAFETY_TIMER_MINUTE_SECONDS', 'TEST_DATABASE_URL', 'SAATHI_TEST_PGLITE_ONLY'];
/** Settings the server reads that the README's table may not list yet: its Redis Sentinel support. */
const EXTRA_SETTINGS = ['REDIS_SENTINELS', 'REDIS_SENTINEL_NAME', 'REDIS_SENTINEL_PASSWORD', 'REDIS_PASSWORD'];
/** Secrets the operator creates, each from its example in deploy/k8s/secrets/. */
const OPERATOR_SECRETS = ['saathi-app', 'saathi-backup-s3', 'saathi-minio'];
/** Secrets made by others: CloudNativePG's for the application user, and the certificate. */
const OTHER_SECRETS = { 'saathi-pg-app': 'CloudNativePG', 'saathi-tls': 'cert-manager or the operator' };
/** A variable whose value is a secret: only ever from a Secret. */
const SECRET_NAME = /(SECRET|TOKEN|PASSWORD|PRIVATE_KEY|AUTH_KEY|API_KEY|ACCESS_KEY|_SID$|HEADERS$|^DATABASE_URL$)/;

// ---------------------------------------------------------------------------------------------
// Facts read from the project itself, so the manifests follow the code.

function fact(condition, message) {
  if (!condition) {
    console.error(`check-k8s: ${message}: has the code changed shape?`);
    process.exit(1);
  }
}

const healthRoutes = read('apps/server/src/features/health/health.routes.ts');
const HEALTH = { live: '/api/health/live', ready: '/api/health/ready' };
fact(healthRoutes.includes("'GET /health/live'") && healthRoutes.includes("'GET /health/ready'"), 'no GET /health/live and /health/ready in health.routes.ts');

// The server's own shutdown deadline: server.ts exits by itself this long after SIGTERM.
const serverSource = read('apps/server/src/server.ts');
const drainMatch = /setTimeout\(\(\) => process\.exit\(1\), ([\d_]+)\)/.exec(serverSource);
fact(drainMatch && serverSource.includes("'SIGTERM'"), 'no SIGTERM shutdown deadline in apps/server/src/server.ts');
const DRAIN_SECONDS = Number(drainMatch[1].replaceAll('_', '')) / 1000;

// The gauge of open live event streams, which the `state` autoscaler scales on.
const metricsSource = read('apps/server/src/core/metrics/metrics.ts');
const streamsGauge = /new Gauge\(\{\s*name: '(saathi_\w+)',\s*help: '[^']*live event streams/.exec(metricsSource);
fact(streamsGauge, 'no gauge of live event streams in apps/server/src/core/metrics/metrics.ts');
const STREAMS_METRIC = streamsGauge[1];

// The job label the alert rules select.
const rulesText = read(RULES_FILE);
const ruleJobs = new Set([...rulesText.matchAll(/job="([^"]+)"/g)].map((m) => m[1]));
fact(ruleJobs.size === 1, `the rules select ${ruleJobs.size} jobs, not one`);
const RULES_JOB = [...ruleJobs][0];

// Connections per process (config.ts defaults), unless the ConfigMap sets them.
const configSource = read('apps/server/src/config.ts');
const poolDefault = (name) => Number(new RegExp(`${name}: z\\.coerce\\.number\\(\\)[^\\n]*\\.default\\((\\d+)\\)`).exec(configSource)?.[1]);
const POOL_DEFAULTS = { DATABASE_POOL_SIZE: poolDefault('DATABASE_POOL_SIZE'), DATABASE_SOS_POOL_SIZE: poolDefault('DATABASE_SOS_POOL_SIZE') };
fact(Object.values(POOL_DEFAULTS).every(Number.isInteger), 'no DATABASE_POOL_SIZE / DATABASE_SOS_POOL_SIZE defaults in config.ts');

// The README's configuration table: the variables' names, from each row's first column.
const readme = read('README.md');
const configSection = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 5));
const README_SETTINGS = new Set(
  configSection
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1])),
);
fact(README_SETTINGS.size > 50, `found only ${README_SETTINGS.size} settings in the README's configuration table`);

// deploy/nginx.conf, which the Ingress mirrors.
const nginxConf = read('deploy/nginx.conf');
/** The body of `location <prefix> { … }` (no nested braces but those of `limit_except`). */
function nginxLocation(prefix) {
  const start = nginxConf.indexOf(`location ${prefix} {`);
  fact(start >= 0, `no "location ${prefix}" in deploy/nginx.conf`);
  let depth = 0;
  for (let i = nginxConf.indexOf('{', start); i < nginxConf.length; i++) {
    if (nginxConf[i] === '{') depth++;
    if (nginxConf[i] === '}' && --depth === 0) return nginxConf.slice(start, i + 1);
  }
  return '';
}
const nginxDirective = (text, name) => new RegExp(`^\\s*${name}\\s+([^;]+);`, 'm').exec(text)?.[1].trim();
/** nginx's time ("1h", "60s", "90") in seconds. */
const nginxSeconds = (value) => Number.parseFloat(value) * ({ s: 1, m: 60, h: 3600, d: 86400 }[/[smhd]$/.exec(value)?.[0] ?? 's'] ?? 1);
const eventsLocation = nginxLocation('/api/events');
const mediaLocation = nginxLocation('/media/');
const NGINX = {
  eventsReadTimeout: nginxSeconds(nginxDirective(eventsLocation, 'proxy_read_timeout') ?? '60s'),
  eventsSendTimeout: nginxSeconds(nginxDirective(eventsLocation, 'proxy_send_timeout') ?? '60s'),
  eventsBuffering: nginxDirective(eventsLocation, 'proxy_buffering'),
  bodySize: nginxDirective(nginxConf.slice(nginxConf.indexOf('server {')), 'client_max_body_size'),
  mediaBodySize: nginxDirective(mediaLocation, 'client_max_body_size'),
  mediaMethods: /limit_except ([A-Z ]+)\{/.exec(mediaLocation)?.[1].trim(),
  mediaRefusals: [...mediaLocation.matchAll(/if \((\$\w+)/g)].map((m) => m[1]),
};
fact(NGINX.eventsBuffering === 'off' && NGINX.bodySize && NGINX.mediaBodySize && NGINX.mediaMethods, 'deploy/nginx.conf lacks the rules the Ingress mirrors');

// ---------------------------------------------------------------------------------------------
// The PrometheusRule: deploy/monitoring's rules, wrapped for the Prometheus Operator.

const expectedRule = {
  apiVersion: 'monitoring.coreos.com/v1',
  kind: 'PrometheusRule',
  metadata: { name: 'saathi', labels: { 'app.kubernetes.io/component': 'metrics' } },
  spec: { groups: parse(rulesText).groups },
};
if (process.argv.includes('--write')) {
  const prettier = await import('prettier');
  const header = [
    `# Generated from ${RULES_FILE}`,
    '# by `node scripts/check-k8s.mjs --write`: edit the rules there, then run that. `npm test` fails',
    '# while the two differ. The alerts and their runbooks are in deploy/README.md ("Monitoring").',
  ].join('\n');
  const text = `${header}\n${stringify(expectedRule, { lineWidth: 0 })}`;
  const options = { ...(await prettier.resolveConfig(path.join(root, PROMETHEUS_RULE_FILE))), parser: 'yaml' };
  writeFileSync(path.join(root, PROMETHEUS_RULE_FILE), await prettier.format(text, options));
  console.log(`wrote ${PROMETHEUS_RULE_FILE}`);
}

// ---------------------------------------------------------------------------------------------
// 1. Rendering.

function command(cmd, args) {
  return spawnSync(cmd, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}
const hasCommand = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
const majorOf = (version) => Number(/v?(\d+)\./.exec(version ?? '')?.[1] ?? 0);

/** The kustomize to render with, or exits saying what to install. */
function renderer() {
  const kustomize = process.env.KUSTOMIZE || (hasCommand('kustomize') ? 'kustomize' : '');
  if (kustomize) {
    const version = command(kustomize, ['version']);
    const found = /v\d+\.\d+\.\d+/.exec(`${version.stdout}${version.stderr}`)?.[0];
    if (majorOf(found) >= 4) return { label: `kustomize ${found}`, render: (dir) => command(kustomize, ['build', dir]) };
    if (process.env.KUSTOMIZE) {
      console.error(`check-k8s: KUSTOMIZE=${kustomize} is not kustomize v4 or newer (${found ?? 'no version'}).`);
      process.exit(1);
    }
  }
  if (hasCommand('kubectl')) {
    const version = command('kubectl', ['version', '--client', '-o', 'json']);
    let info = {};
    try {
      info = JSON.parse(version.stdout);
    } catch {
      // An old kubectl without -o json: too old anyway.
    }
    const kubectlVersion = info.clientVersion?.gitVersion ?? 'unknown';
    if (majorOf(info.kustomizeVersion) >= 4)
      return { label: `kubectl ${kubectlVersion} (kustomize ${info.kustomizeVersion})`, render: (dir) => command('kubectl', ['kustomize', dir]) };
    console.error(
      [
        `check-k8s: kubectl ${kubectlVersion} embeds ${info.kustomizeVersion ? `kustomize ${info.kustomizeVersion}` : 'kustomize v2 (before kubectl 1.21)'}, which cannot render deploy/k8s`,
        "(components, directories as resources, `patches`, `labels`). Debian 12's kubernetes-client package is such a kubectl (1.20).",
        'Install kubectl 1.27 or newer, or a kustomize v5 binary (then KUSTOMIZE=/path/to/kustomize), and run the check again.',
      ].join('\n'),
    );
    process.exit(1);
  }
  console.error(
    "check-k8s: neither kubectl nor kustomize is installed. Install kubectl 1.27 or newer (Debian's kubernetes-client is 1.20, too old),\nor a kustomize v5 binary (KUSTOMIZE=/path/to/kustomize), and run the check again.",
  );
  process.exit(1);
}

const tool = renderer();
console.log(`rendering deploy/k8s/overlays/{${Object.keys(OVERLAYS).join(',')}} with ${tool.label}`);
/** @type {Record<string, any[]>} */
const rendered = {};
for (const overlay of Object.keys(OVERLAYS)) {
  const result = tool.render(path.join(k8sDir, 'overlays', overlay));
  if (result.status !== 0) {
    console.error(`check-k8s: kustomize could not render overlays/${overlay}:\n${result.stderr || result.error?.message}`);
    process.exit(1);
  }
  const documents = parseAllDocuments(result.stdout);
  const errors = documents.flatMap((doc) => doc.errors);
  if (errors.length > 0) {
    console.error(`check-k8s: overlays/${overlay} renders YAML that does not parse: ${errors[0].message}`);
    process.exit(1);
  }
  rendered[overlay] = documents.map((doc) => doc.toJS()).filter(Boolean);
}

// ---------------------------------------------------------------------------------------------
// 2. Schemas.

const MODELS = {
  v1: 'kubernetes-models/v1',
  'apps/v1': 'kubernetes-models/apps/v1',
  'batch/v1': 'kubernetes-models/batch/v1',
  'policy/v1': 'kubernetes-models/policy/v1',
  'autoscaling/v2': 'kubernetes-models/autoscaling/v2',
  'networking.k8s.io/v1': 'kubernetes-models/networking.k8s.io/v1',
  'postgresql.cnpg.io/v1': '@kubernetes-models/cloudnative-pg/postgresql.cnpg.io/v1',
  'monitoring.coreos.com/v1': '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1',
};
/** The Barman Cloud plugin's ObjectStore: no npm package has its model; its `configuration` is barman-cloud's own type. */
const OBJECT_STORE = 'barmancloud.cnpg.io/v1';
const BARMAN_API = '@kubernetes-models/cloudnative-pg/github.com/cloudnative-pg/barman-cloud/pkg/api';

const label = (overlay, object) => `${overlay}: ${object.kind} ${object.metadata?.name ?? '(no name)'}`;
const messageOf = (error) => (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ');

/** Validates with the packages' JSON schemas (ajv); returns the problems. */
async function validateSchemas(objects, overlay) {
  const problems = [];
  for (const object of objects) {
    try {
      if (object.apiVersion === OBJECT_STORE && object.kind === 'ObjectStore') {
        const { BarmanObjectStoreConfiguration } = await import(BARMAN_API);
        new BarmanObjectStoreConfiguration(object.spec?.configuration ?? {}).validate();
        const retention = object.spec?.retentionPolicy;
        if (retention !== undefined && !/^[1-9][0-9]*[dwm]$/.test(retention)) throw new Error(`spec.retentionPolicy "${retention}" is not like 30d`);
        if (object.spec?.configuration?.serverName !== undefined)
          throw new Error('spec.configuration.serverName must be empty (a plugin parameter of the Cluster instead)');
        continue;
      }
      const module = MODELS[object.apiVersion];
      if (!module) throw new Error(`no schema for apiVersion ${object.apiVersion}`);
      const Model = (await import(module))[object.kind];
      if (!Model) throw new Error(`no schema for kind ${object.kind} in ${object.apiVersion}`);
      new Model(object).validate();
    } catch (error) {
      problems.push(`${label(overlay, object)}: ${messageOf(error)}`);
    }
  }
  return problems;
}

/**
 * Type-checks every object as a TypeScript object literal of its model's type: an unknown field
 * anywhere is an error (excess property check), and so is a wrong type or enum value. `probes`
 * are objects that must fail: proof that the types were really loaded.
 */
async function typeCheck(entries, probes) {
  const ts = (await import('typescript')).default;
  const imports = new Map();
  const typeOf = (object) => {
    if (object.apiVersion === OBJECT_STORE && object.kind === 'ObjectStore') return 'IObjectStore';
    const module = MODELS[object.apiVersion];
    if (!module) return 'unknown';
    imports.set(`${module}/${object.kind}`, `I${object.kind}`);
    return `I${object.kind}`;
  };
  const lines = [];
  /** @type {{ from: number, to: number, name: string, probe: boolean }[]} */
  const spans = [];
  for (const [i, { name, object, probe }] of [...entries.map((e) => ({ ...e, probe: false })), ...probes.map((p) => ({ ...p, probe: true }))].entries()) {
    const text = `export const object${i}: ${typeOf(object)} = ${JSON.stringify(object, null, 1)};`.split('\n');
    spans.push({ from: lines.length, to: lines.length + text.length, name, probe });
    lines.push(...text);
  }
  const header = [
    ...[...imports].map(([module, type]) => `import type { ${type} } from '${module}';`),
    "import type { IObjectMeta } from '@kubernetes-models/apimachinery/apis/meta/v1/ObjectMeta';",
    "import type { IEnvVar } from 'kubernetes-models/v1/EnvVar';",
    "import type { IResourceRequirements } from 'kubernetes-models/v1/ResourceRequirements';",
    `import type { IBarmanObjectStoreConfiguration } from '${BARMAN_API}/BarmanObjectStoreConfiguration';`,
    // The Barman Cloud plugin's ObjectStore (its api/v1/objectstore_types.go).
    "interface IObjectStore { apiVersion: 'barmancloud.cnpg.io/v1'; kind: 'ObjectStore'; metadata: IObjectMeta; spec: { configuration: IBarmanObjectStoreConfiguration; retentionPolicy?: string;",
    "  instanceSidecarConfiguration?: { env?: IEnvVar[]; retentionPolicyIntervalSeconds?: number; resources?: IResourceRequirements; additionalContainerArgs?: string[]; logLevel?: 'error' | 'warning' | 'info' | 'debug' | 'trace' } } }",
  ];
  const source = [...header, ...lines].join('\n');
  const file = path.join(root, 'deploy/k8s/.rendered-objects.ts');
  const options = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  };
  // The objects' file exists only in memory; everything else is read from node_modules.
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, language, ...rest) =>
    name === file ? ts.createSourceFile(name, source, language) : getSourceFile.call(host, name, language, ...rest);
  host.fileExists = (name) => name === file || fileExists.call(host, name);
  host.readFile = (name) => (name === file ? source : readFile.call(host, name));
  const program = ts.createProgram([file], options, host);
  const problems = [];
  const probesCaught = new Set();
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    if (diagnostic.file?.fileName !== file || diagnostic.start === undefined) {
      problems.push(`types: ${text}`);
      continue;
    }
    const line = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line - header.length;
    const span = spans.find((s) => line >= s.from && line < s.to);
    if (!span) problems.push(`types: ${text}`);
    else if (span.probe) probesCaught.add(span.name);
    else problems.push(`${span.name}: ${text}`);
  }
  for (const probe of probes)
    if (!probesCaught.has(probe.name)) problems.push(`the type check let a wrong object through (${probe.name}): are the model packages' types loaded?`);
  return problems;
}

// ---------------------------------------------------------------------------------------------
// 3. What the deployment must do.

const POD_KINDS = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet', 'Job']);
const podSpecOf = (object) =>
  POD_KINDS.has(object.kind) ? object.spec?.template?.spec : object.kind === 'CronJob' ? object.spec?.jobTemplate?.spec?.template?.spec : undefined;
const containersOf = (spec) => [...(spec?.initContainers ?? []), ...(spec?.containers ?? [])];
const selects = (selector, labels) =>
  Object.keys(selector?.matchLabels ?? {}).length > 0 && Object.entries(selector.matchLabels).every(([key, value]) => labels?.[key] === value);
const quantity = (value) => {
  const match = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|Ti|k|M|G|m)?$/.exec(String(value ?? ''));
  if (!match) return Number.NaN;
  return Number(match[1]) * ({ Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, k: 1e3, M: 1e6, G: 1e9, m: 1e-3 }[match[2]] ?? 1);
};

/** Every problem of one overlay's rendered objects (an empty list: all is well). */
function assertOverlay(overlay, objects) {
  const expect = OVERLAYS[overlay];
  const problems = [];
  const fail = (message) => void problems.push(`${overlay}: ${message}`);
  const all = (kind) => objects.filter((object) => object.kind === kind);
  const find = (kind, name) => objects.find((object) => object.kind === kind && object.metadata?.name === name);

  // The app: the Deployment whose pods serve the public Service.
  const deployment = find('Deployment', 'saathi');
  const podSpec = deployment?.spec?.template?.spec;
  const app = podSpec?.containers?.find((container) => container.name === 'app');
  if (!deployment || !app) {
    fail('no Deployment saathi with a container "app"');
    return problems;
  }
  const podLabels = deployment.spec.template.metadata?.labels ?? {};
  const portNumber = (container, port) => (typeof port === 'number' ? port : container.ports?.find((p) => p.name === port)?.containerPort);
  const configName = app.envFrom?.find((source) => source.configMapRef)?.configMapRef.name;
  const config = find('ConfigMap', configName)?.data ?? {};
  if (!configName || !find('ConfigMap', configName)) fail(`the app's envFrom names no ConfigMap that exists (${configName})`);
  const publicPort = Number(config.PORT ?? 3000);
  const metricsPort = Number(config.METRICS_PORT ?? 9464);

  // Probes on the server's health routes, on the public port.
  for (const [probe, path_] of [
    ['livenessProbe', HEALTH.live],
    ['readinessProbe', HEALTH.ready],
  ]) {
    const get = app[probe]?.httpGet;
    if (!get) fail(`the app container has no ${probe} (an HTTP GET of ${path_})`);
    else {
      if (get.path !== path_) fail(`the app's ${probe} asks ${get.path}, not ${path_}`);
      if (portNumber(app, get.port) !== publicPort) fail(`the app's ${probe} is not on the public port ${publicPort}`);
    }
  }

  // The metrics port: its own, served to Prometheus, never public.
  if (config.METRICS_HOST !== '0.0.0.0') fail('METRICS_HOST is not 0.0.0.0: Prometheus could not reach the metrics port');
  if (metricsPort === publicPort || metricsPort === 0) fail(`METRICS_PORT (${metricsPort}) must be a port of its own`);
  if (!app.ports?.some((port) => port.containerPort === metricsPort)) fail(`the app container does not declare the metrics port ${metricsPort}`);
  if (!app.ports?.some((port) => port.containerPort === publicPort)) fail(`the app container does not declare the public port ${publicPort}`);
  const publicServices = all('Service').filter((service) => selects({ matchLabels: service.spec?.selector }, podLabels));
  /** The container port a Service port reaches. */
  const servicePortTarget = (servicePort) => portNumber(app, servicePort.targetPort ?? servicePort.port);
  const ingressBackends = all('Ingress').flatMap((ingress) =>
    (ingress.spec?.rules ?? []).flatMap((rule) => (rule.http?.paths ?? []).map((p) => ({ ingress, rule, path: p, backend: p.backend?.service }))),
  );
  for (const { ingress, path: p, backend } of ingressBackends) {
    const service = publicServices.find((s) => s.metadata.name === backend?.name);
    if (!service) continue;
    const servicePort = service.spec.ports?.find((port) => port.name === backend.port?.name || port.port === backend.port?.number);
    if (!servicePort) fail(`Ingress ${ingress.metadata.name} ${p.path} names a port Service ${service.metadata.name} does not have`);
    else if (servicePortTarget(servicePort) === metricsPort) fail(`Ingress ${ingress.metadata.name} ${p.path} reaches the metrics port ${metricsPort}`);
  }
  const exposedMetrics = publicServices.filter(
    (s) => ingressBackends.some((b) => b.backend?.name === s.metadata.name) && s.spec.ports?.some((port) => servicePortTarget(port) === metricsPort),
  );
  for (const service of exposedMetrics) fail(`Service ${service.metadata.name}, which an Ingress names, also serves the metrics port`);

  // Graceful shutdown: preStop's sleep, then SIGTERM and the server's own deadline, within the grace period.
  const preStop = app.lifecycle?.preStop;
  const preStopSeconds = preStop?.sleep?.seconds ?? (preStop?.exec?.command?.[0] === 'sleep' ? Number(preStop.exec.command[1]) : Number.NaN);
  if (!(preStopSeconds > 0)) fail('the app container has no preStop sleep (the endpoints must drop the pod before SIGTERM)');
  const grace = podSpec.terminationGracePeriodSeconds ?? 30;
  if (!(grace > (preStopSeconds || 0) + DRAIN_SECONDS))
    fail(`terminationGracePeriodSeconds (${grace}) must exceed preStop's sleep (${preStopSeconds}) plus the server's drain (${DRAIN_SECONDS} s)`);

  // Spread over nodes and zones, counting the app's own pods.
  for (const key of ['kubernetes.io/hostname', 'topology.kubernetes.io/zone']) {
    const constraint = podSpec.topologySpreadConstraints?.find((c) => c.topologyKey === key);
    if (!constraint) fail(`the app's pods are not spread over ${key}`);
    else if (!selects(constraint.labelSelector, podLabels)) fail(`the app's spread over ${key} does not select the app's pods`);
  }

  // The PodDisruptionBudget and the autoscaler.
  const pdb = all('PodDisruptionBudget').find((budget) => selects(budget.spec?.selector, podLabels));
  if (!pdb) fail("no PodDisruptionBudget selects the app's pods");
  else if (pdb.spec.maxUnavailable === undefined && pdb.spec.minAvailable === undefined)
    fail(`PodDisruptionBudget ${pdb.metadata.name} sets neither maxUnavailable nor minAvailable`);
  const hpa = all('HorizontalPodAutoscaler').find((h) => h.spec?.scaleTargetRef?.kind === 'Deployment' && h.spec.scaleTargetRef.name === 'saathi');
  if (!hpa) fail('no HorizontalPodAutoscaler scales the Deployment saathi');
  else {
    const metrics = hpa.spec.metrics ?? [];
    if (!metrics.some((m) => m.type === 'Resource' && m.resource?.name === 'cpu')) fail('the autoscaler does not scale on CPU');
    const streams = metrics.some((m) => m.type === 'Pods' && m.pods?.metric?.name === STREAMS_METRIC);
    if (expect.streamsMetric && !streams) fail(`the autoscaler does not scale on the open live streams per pod (${STREAMS_METRIC})`);
    if (!(hpa.spec.minReplicas >= 2))
      fail(`the autoscaler may go down to ${hpa.spec.minReplicas ?? 1} process (at least 2: one node lost must leave one serving)`);
    if (!(hpa.spec.maxReplicas >= hpa.spec.minReplicas)) fail('the autoscaler has maxReplicas below minReplicas');
  }

  // Every workload: pinned images, requests and limits, no secret value in plain sight.
  const workloads = objects.filter((object) => podSpecOf(object));
  const appImage = app.image;
  for (const workload of workloads) {
    for (const container of containersOf(podSpecOf(workload))) {
      const where = `${workload.kind} ${workload.metadata.name}, container ${container.name}`;
      const image = String(container.image ?? '');
      const [, tag] = /^(?:[^/]+\/)*[^/:@]+(?::([^@]+))?(?:@sha256:[0-9a-f]{64})?$/.exec(image) ?? [];
      if (!image.includes('@sha256:') && !tag) fail(`${where}: image ${image || '(none)'} has no tag or digest`);
      if (tag === 'latest') fail(`${where}: image ${image} is \`latest\``);
      for (const kind of ['requests', 'limits']) {
        for (const resource of ['cpu', 'memory']) if (!container.resources?.[kind]?.[resource]) fail(`${where}: no ${resource} ${kind.slice(0, -1)}`);
      }
      for (const variable of container.env ?? []) {
        if (SECRET_NAME.test(variable.name) && !variable.valueFrom?.secretKeyRef) fail(`${where}: ${variable.name} is not taken from a Secret (secretKeyRef)`);
      }
    }
  }
  if (appImage === 'saathi-app' || !String(appImage).includes('/'))
    fail(`the app's image is ${appImage}: the overlay's \`images:\` must name the registry's image`);
  // The heap within the memory limit, so load shedding acts before the OOM killer.
  const heapMb = Number(/--max-old-space-size=(\d+)/.exec(app.env?.find((v) => v.name === 'NODE_OPTIONS')?.value ?? '')?.[1]);
  if (!(heapMb * 2 ** 20 < quantity(app.resources?.limits?.memory))) fail("the app's NODE_OPTIONS --max-old-space-size is not below its memory limit");

  // Secrets: none committed; every one named exists somewhere the operator is told about.
  for (const secret of all('Secret')) fail(`Secret ${secret.metadata.name} is in the rendered output: secrets are created by the operator, never committed`);
  for (const configMap of all('ConfigMap')) {
    for (const [key, value] of Object.entries(configMap.data ?? {})) {
      if (SECRET_NAME.test(key)) fail(`ConfigMap ${configMap.metadata.name} holds ${key}, a secret`);
      if (/:\/\/[^/\s:@]+:[^/\s@]+@/.test(String(value))) fail(`ConfigMap ${configMap.metadata.name}: ${key} holds a URL with a password`);
    }
  }
  const secretNames = new Set();
  for (const workload of workloads) {
    const spec = podSpecOf(workload);
    for (const container of containersOf(spec)) {
      for (const source of container.envFrom ?? []) if (source.secretRef) secretNames.add(source.secretRef.name);
      for (const variable of container.env ?? []) if (variable.valueFrom?.secretKeyRef) secretNames.add(variable.valueFrom.secretKeyRef.name);
    }
    for (const volume of spec.volumes ?? []) if (volume.secret) secretNames.add(volume.secret.secretName);
  }
  for (const ingress of all('Ingress')) for (const tls of ingress.spec?.tls ?? []) secretNames.add(tls.secretName);
  for (const store of all('ObjectStore'))
    for (const credential of Object.values(store.spec?.configuration?.s3Credentials ?? {})) secretNames.add(credential?.name);
  for (const name of secretNames) {
    if (!OPERATOR_SECRETS.includes(name) && !OTHER_SECRETS[name])
      fail(`Secret ${name} is used, but nothing says who creates it (deploy/k8s/secrets/${name}.example.env)`);
  }

  // DATABASE_URL: CloudNativePG's application Secret, which names the read-write service.
  const cluster = all('Cluster').find((c) => c.apiVersion === 'postgresql.cnpg.io/v1');
  const databaseUrl = app.env?.find((v) => v.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef;
  if (!cluster) fail('no CloudNativePG Cluster');
  else if (!databaseUrl || databaseUrl.name !== `${cluster.metadata.name}-app` || databaseUrl.key !== 'uri')
    fail(`the app's DATABASE_URL is not the uri of CloudNativePG's Secret ${cluster.metadata.name}-app (the -rw service)`);

  // The migration Job: the app's image, its settings, its database, the migrate script.
  const job = all('Job').find((j) => j.metadata.labels?.['app.kubernetes.io/component'] === 'migration');
  const migrate = job?.spec?.template?.spec?.containers?.[0];
  if (!job || !migrate) fail('no migration Job (label app.kubernetes.io/component=migration)');
  else {
    if (migrate.image !== appImage) fail(`the migration Job runs ${migrate.image}, not the app's image ${appImage}`);
    if (!(migrate.command ?? []).concat(migrate.args ?? []).some((arg) => /migrate\.mjs$/.test(arg))) fail('the migration Job does not run migrate.mjs');
    if (!isDeepStrictEqual(migrate.envFrom, app.envFrom))
      fail("the migration Job's envFrom is not the app's (the server validates every setting before it migrates)");
    if (
      !isDeepStrictEqual(
        migrate.env?.find((v) => v.name === 'DATABASE_URL'),
        app.env?.find((v) => v.name === 'DATABASE_URL'),
      )
    )
      fail("the migration Job's DATABASE_URL is not the app's");
    const stage = job.metadata.labels?.['saathi.app/stage'];
    if (!stage) fail('the migration Job has no saathi.app/stage label (`kubectl apply -l` applies it before the rollout)');
    const configMaps = [
      ...(migrate.envFrom ?? []).map((source) => source.configMapRef?.name),
      ...(job.spec.template.spec.volumes ?? []).filter((volume) => volume.configMap && !volume.configMap.optional).map((volume) => volume.configMap.name),
    ].filter(Boolean);
    for (const name of configMaps) {
      if (find('ConfigMap', name)?.metadata.labels?.['saathi.app/stage'] !== stage)
        fail(`ConfigMap ${name}, which the migration Job needs, lacks the label saathi.app/stage=${stage} (applied with the Job before the rollout)`);
    }
  }

  // The Ingress: nginx, TLS, the app at /, live events unbuffered for an hour, as deploy/nginx.conf.
  const publicNames = new Set(publicServices.map((s) => s.metadata.name));
  const routes = ingressBackends.filter((b) => publicNames.has(b.backend?.name));
  for (const ingress of all('Ingress')) {
    if (ingress.spec?.ingressClassName !== 'nginx') fail(`Ingress ${ingress.metadata.name} is not of ingressClassName nginx`);
    if (!(ingress.spec?.tls?.length > 0)) fail(`Ingress ${ingress.metadata.name} has no TLS`);
  }
  const annotation = (ingress, name) => ingress.metadata.annotations?.[`nginx.ingress.kubernetes.io/${name}`];
  const root_ = routes.find((r) => r.path.path === '/' && r.path.pathType === 'Prefix');
  if (!root_) fail('no Ingress sends / to the app');
  else if (String(annotation(root_.ingress, 'proxy-body-size') ?? '').toLowerCase() !== NGINX.bodySize.toLowerCase())
    fail(`Ingress ${root_.ingress.metadata.name}: proxy-body-size is not deploy/nginx.conf's client_max_body_size ${NGINX.bodySize}`);
  const events = routes.find((r) => r.path.path === '/api/events' && ['Prefix', 'Exact'].includes(r.path.pathType));
  if (!events) fail('no Ingress rule for /api/events (the live event stream)');
  else {
    const name = events.ingress.metadata.name;
    if (annotation(events.ingress, 'proxy-buffering') !== 'off') fail(`Ingress ${name}: /api/events is buffered (proxy-buffering must be off)`);
    if (!(Number(annotation(events.ingress, 'proxy-read-timeout')) >= NGINX.eventsReadTimeout))
      fail(`Ingress ${name}: /api/events's proxy-read-timeout is below deploy/nginx.conf's ${NGINX.eventsReadTimeout} s`);
    if (!(Number(annotation(events.ingress, 'proxy-send-timeout')) >= NGINX.eventsSendTimeout))
      fail(`Ingress ${name}: /api/events's proxy-send-timeout is below deploy/nginx.conf's ${NGINX.eventsSendTimeout} s`);
  }
  const media = ingressBackends.find((b) => b.path.path === '/media/');
  if (expect.objectStore === 'in-cluster') {
    if (!media) fail("no Ingress rule for /media/ (the media bucket on the app's origin, as deploy/nginx.conf)");
    else {
      const snippet = annotation(media.ingress, 'configuration-snippet') ?? '';
      if (!snippet.includes(`limit_except ${NGINX.mediaMethods}`))
        fail(`Ingress ${media.ingress.metadata.name}: /media/ lets more than ${NGINX.mediaMethods} through`);
      for (const variable of NGINX.mediaRefusals)
        if (!snippet.includes(variable)) fail(`Ingress ${media.ingress.metadata.name}: /media/ does not refuse on ${variable} as deploy/nginx.conf does`);
      if (String(annotation(media.ingress, 'proxy-body-size') ?? '').toLowerCase() !== NGINX.mediaBodySize.toLowerCase())
        fail(`Ingress ${media.ingress.metadata.name}: /media/'s proxy-body-size is not deploy/nginx.conf's ${NGINX.mediaBodySize}`);
    }
  }

  // PostgreSQL: CloudNativePG, PostGIS, the instances, continuous backup and a schedule.
  if (cluster) {
    const name = cluster.metadata.name;
    if (cluster.spec.instances !== expect.instances) fail(`Cluster ${name} has ${cluster.spec.instances} instances, not ${expect.instances}`);
    if (!/^ghcr\.io\/cloudnative-pg\/postgis:15[.-]/.test(cluster.spec.imageName ?? ''))
      fail(`Cluster ${name} does not run a ghcr.io/cloudnative-pg/postgis:15 image`);
    if (!(cluster.spec.bootstrap?.initdb?.postInitApplicationSQL ?? []).some((sql) => /create extension (if not exists )?postgis\b/i.test(sql)))
      fail(`Cluster ${name} does not create the postgis extension (bootstrap.initdb.postInitApplicationSQL)`);
    const archiver = (cluster.spec.plugins ?? []).find((plugin) => plugin.isWALArchiver && plugin.enabled !== false);
    const inTree = cluster.spec.backup?.barmanObjectStore;
    if (archiver) {
      const storeName = archiver.parameters?.barmanObjectName;
      const store = all('ObjectStore').find((s) => s.metadata.name === storeName);
      if (archiver.name !== 'barman-cloud.cloudnative-pg.io')
        fail(`Cluster ${name}: the WAL archiver plugin is ${archiver.name}, not barman-cloud.cloudnative-pg.io`);
      if (!store?.spec?.configuration?.destinationPath)
        fail(`Cluster ${name}: the WAL archiver's ObjectStore ${storeName} is missing or has no destinationPath`);
    } else if (!inTree?.destinationPath) fail(`Cluster ${name} has no continuous backup (a WAL archiver plugin or backup.barmanObjectStore)`);
    const method = archiver ? 'plugin' : 'barmanObjectStore';
    const scheduled = all('ScheduledBackup').find((s) => s.spec?.cluster?.name === name);
    if (!scheduled) fail(`no ScheduledBackup of Cluster ${name}`);
    else if ((scheduled.spec.method ?? 'barmanObjectStore') !== method || (method === 'plugin' && scheduled.spec.pluginConfiguration?.name !== archiver.name))
      fail(`ScheduledBackup ${scheduled.metadata.name} does not back up through ${method === 'plugin' ? archiver.name : 'barmanObjectStore'}`);

    // Connections: every process at the autoscaler's maximum, and the migration Job, within max_connections.
    const perProcess = ['DATABASE_POOL_SIZE', 'DATABASE_SOS_POOL_SIZE'].reduce((sum, key) => sum + Number(config[key] ?? POOL_DEFAULTS[key]), 0);
    const maxConnections = Number(cluster.spec.postgresql?.parameters?.max_connections ?? 100);
    const needed = (hpa?.spec.maxReplicas ?? deployment.spec.replicas ?? 1) * perProcess + (job ? perProcess : 0) + 10;
    if (needed > maxConnections)
      fail(
        `Cluster ${name}'s max_connections (${maxConnections}) is below ${needed}: ${hpa?.spec.maxReplicas} processes and the migration Job at ${perProcess} connections each, and 10 for CloudNativePG`,
      );
  }

  // Redis: one server, or Sentinel with its pods.
  if (Boolean(config.REDIS_URL) === Boolean(config.REDIS_SENTINELS)) fail('the app has neither REDIS_URL nor REDIS_SENTINELS, or both');
  if (config.REDIS_URL) {
    const host = /^rediss?:\/\/([^:/]+)/.exec(config.REDIS_URL)?.[1];
    if (host && !host.includes('.') && !find('Service', host)) fail(`REDIS_URL names ${host}, which is no Service here`);
  }
  if (config.REDIS_SENTINELS) {
    if (!config.REDIS_SENTINEL_NAME) fail('REDIS_SENTINELS without REDIS_SENTINEL_NAME');
    const hosts = config.REDIS_SENTINELS.split(',').map((entry) => entry.trim());
    if (hosts.length < 3) fail(`REDIS_SENTINELS names ${hosts.length} sentinels (a quorum needs three)`);
    for (const entry of hosts) {
      const [, statefulSet, ordinal, service] = /^([a-z0-9-]+)-(\d+)\.([a-z0-9-]+):26379$/.exec(entry) ?? [];
      const set = find('StatefulSet', statefulSet);
      if (!set || set.spec.serviceName !== service || !(Number(ordinal) < set.spec.replicas))
        fail(`REDIS_SENTINELS: ${entry} is not a pod of a StatefulSet here`);
    }
  }

  // The object store: in the cluster (small) or outside it by URL (state).
  const minio = all('StatefulSet').find((s) => /minio/.test(s.metadata.name));
  if (config.STORAGE !== 's3') fail('STORAGE is not s3: several processes need the object store');
  if (expect.objectStore === 'in-cluster' && !minio) fail('no in-cluster MinIO');
  if (expect.objectStore === 'external' && (minio || !/^https:\/\//.test(config.S3_ENDPOINT ?? '')))
    fail('the object store is not an external S3 by https URL (S3_ENDPOINT)');

  // Monitoring: the ServiceMonitor on the metrics port with the rules' job label, the rules, the dashboard.
  const monitor = all('ServiceMonitor')[0];
  const monitored = monitor && all('Service').find((s) => selects(monitor.spec?.selector, s.metadata.labels));
  if (!monitor || !monitored) fail('no ServiceMonitor selecting a Service');
  else {
    const endpointPorts = (monitor.spec.endpoints ?? []).map((endpoint) => monitored.spec.ports?.find((p) => p.name === endpoint.port));
    if (!endpointPorts.some((port) => port && servicePortTarget(port) === metricsPort))
      fail(`ServiceMonitor ${monitor.metadata.name} does not scrape the metrics port ${metricsPort}`);
    const job = monitor.spec.jobLabel ? monitored.metadata.labels?.[monitor.spec.jobLabel] : monitored.metadata.name;
    if (job !== RULES_JOB) fail(`ServiceMonitor ${monitor.metadata.name} gives job="${job}", the alert rules select job="${RULES_JOB}"`);
  }
  const rule = all('PrometheusRule')[0];
  if (!rule || !isDeepStrictEqual(rule.spec?.groups, expectedRule.spec.groups))
    fail(`the PrometheusRule is not ${RULES_FILE}'s rules: run \`node scripts/check-k8s.mjs --write\` (${PROMETHEUS_RULE_FILE})`);
  const dashboard = all('ConfigMap').find((c) => c.metadata.labels?.grafana_dashboard);
  if (!dashboard || dashboard.data?.[path.basename(DASHBOARD_FILE)] !== read(DASHBOARD_FILE)) fail(`no Grafana dashboard ConfigMap holding ${DASHBOARD_FILE}`);
  if (!all('ConfigMap').some((c) => Object.values(c.data ?? {}).includes(rulesText)))
    fail(`no ConfigMap holding ${RULES_FILE} (for a Prometheus without the operator)`);
  const scrape = deployment.spec.template.metadata?.annotations ?? {};
  if (scrape['prometheus.io/scrape'] !== 'true' || Number(scrape['prometheus.io/port']) !== metricsPort)
    fail("the app's pods lack the prometheus.io scrape annotations for the metrics port");

  // Settings: known to the server, and every one of the README's table accounted for.
  for (const key of Object.keys(config)) {
    if (!README_SETTINGS.has(key) && !EXTRA_SETTINGS.includes(key))
      fail(`ConfigMap ${configName} sets ${key}, which is not in the README's configuration table`);
  }
  return problems;
}

/** Checks of the files themselves: the settings' coverage and the secrets' examples. */
function assertFiles() {
  const problems = [];
  const filesUnder = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
  const files = filesUnder(k8sDir);
  const mentioned = new Set();
  for (const file of files.filter((f) => /\.(env|ya?ml)$/.test(f))) {
    for (const match of readFileSync(file, 'utf8').matchAll(/^\s*(?:#\s*|-\s*(?:name:\s*)?)?([A-Z][A-Z0-9_]+)(?:=|$)/gm)) mentioned.add(match[1]);
  }
  for (const setting of README_SETTINGS) {
    if (!mentioned.has(setting) && !NOT_FOR_PRODUCTION.includes(setting))
      problems.push(
        `the README's setting ${setting} is nowhere in deploy/k8s: set it in base/config.env (or a Secret's example), or write it there commented out with its default`,
      );
  }
  for (const name of OPERATOR_SECRETS) {
    const file = path.join(k8sDir, 'secrets', `${name}.example.env`);
    let text;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      problems.push(`no ${rel(file)} (the keys of the Secret ${name})`);
      continue;
    }
    for (const [, key, value] of text.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)) {
      if (SECRET_NAME.test(key) && value.trim() !== '') problems.push(`${rel(file)}: ${key} has a value; secrets' examples stay empty`);
      if (name === 'saathi-app' && !README_SETTINGS.has(key) && !EXTRA_SETTINGS.includes(key))
        problems.push(`${rel(file)}: ${key} is not in the README's configuration table`);
    }
  }
  return problems;
}

/** The keys each operator-made Secret must have, from the rendered objects' secretKeyRefs. */
function assertSecretKeys(overlay, objects) {
  const problems = [];
  for (const object of objects) {
    const refs = [
      ...containersOf(podSpecOf(object)).flatMap((c) => (c.env ?? []).map((v) => v.valueFrom?.secretKeyRef)),
      ...(object.kind === 'ObjectStore' ? Object.values(object.spec?.configuration?.s3Credentials ?? {}) : []),
    ].filter((ref) => ref && OPERATOR_SECRETS.includes(ref.name));
    for (const ref of refs) {
      const text = readFileSync(path.join(k8sDir, 'secrets', `${ref.name}.example.env`), 'utf8');
      if (!new RegExp(`^${ref.key}=`, 'm').test(text))
        problems.push(`${label(overlay, object)} reads key ${ref.key} of Secret ${ref.name}, which deploy/k8s/secrets/${ref.name}.example.env lacks`);
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// 4. The assertions notice what they guard: each breakage below must make them fail.

const appOf = (objects) => objects.find((o) => o.kind === 'Deployment' && o.metadata.name === 'saathi').spec.template.spec;
const findIn = (objects, kind, predicate = () => true) => objects.find((o) => o.kind === kind && predicate(o));
const without = (objects, kind, predicate = () => true) => objects.filter((o) => !(o.kind === kind && predicate(o)));
const eventsIngress = (objects) => findIn(objects, 'Ingress', (i) => i.spec.rules.some((r) => r.http.paths.some((p) => p.path === '/api/events')));
/** @type {{ overlay: string, breakage: string, mutate: (objects: any[]) => any[] | void, expect: RegExp }[]} */
const BREAKAGES = [
  { overlay: 'small', breakage: 'no liveness probe', mutate: (o) => void delete appOf(o).containers[0].livenessProbe, expect: /no livenessProbe/ },
  {
    overlay: 'state',
    breakage: 'readiness on /api/health',
    mutate: (o) => void (appOf(o).containers[0].readinessProbe.httpGet.path = '/api/health'),
    expect: /readinessProbe asks/,
  },
  { overlay: 'small', breakage: 'no PodDisruptionBudget', mutate: (o) => without(o, 'PodDisruptionBudget'), expect: /no PodDisruptionBudget/ },
  { overlay: 'small', breakage: 'no autoscaler', mutate: (o) => without(o, 'HorizontalPodAutoscaler'), expect: /no HorizontalPodAutoscaler/ },
  {
    overlay: 'state',
    breakage: 'autoscaler on CPU only',
    mutate: (o) =>
      void (findIn(o, 'HorizontalPodAutoscaler').spec.metrics = findIn(o, 'HorizontalPodAutoscaler').spec.metrics.filter((m) => m.type !== 'Pods')),
    expect: /live streams/,
  },
  {
    overlay: 'state',
    breakage: 'no spread over zones',
    mutate: (o) => void appOf(o).topologySpreadConstraints.splice(1, 1),
    expect: /topology\.kubernetes\.io\/zone/,
  },
  {
    overlay: 'small',
    breakage: 'no spread over nodes',
    mutate: (o) => void appOf(o).topologySpreadConstraints.splice(0, 1),
    expect: /kubernetes\.io\/hostname/,
  },
  {
    overlay: 'small',
    breakage: 'the app image at latest',
    mutate: (o) => void (appOf(o).containers[0].image = 'registry.example/saathi/app:latest'),
    expect: /`latest`/,
  },
  {
    overlay: 'state',
    breakage: 'an untagged Redis image',
    mutate: (o) => void (findIn(o, 'StatefulSet').spec.template.spec.containers[0].image = 'redis'),
    expect: /no tag or digest/,
  },
  {
    overlay: 'state',
    breakage: "the overlay's images: gone",
    mutate: (o) => void (appOf(o).containers[0].image = 'saathi-app'),
    expect: /overlay's `images:`/,
  },
  {
    overlay: 'small',
    breakage: 'a container without a memory limit',
    mutate: (o) => void delete findIn(o, 'Job').spec.template.spec.containers[0].resources.limits.memory,
    expect: /no memory limit/,
  },
  {
    overlay: 'state',
    breakage: 'a Secret with a value',
    mutate: (o) => [...o, { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'saathi-app' }, stringData: { AUTH_SECRET: 'x'.repeat(32) } }],
    expect: /Secret saathi-app is in the rendered output/,
  },
  {
    overlay: 'small',
    breakage: 'AUTH_SECRET as a plain value',
    mutate: (o) => void appOf(o).containers[0].env.push({ name: 'AUTH_SECRET', value: 'x'.repeat(32) }),
    expect: /AUTH_SECRET is not taken from a Secret/,
  },
  {
    overlay: 'state',
    breakage: 'a secret in the ConfigMap',
    mutate: (o) => void (findIn(o, 'ConfigMap', (c) => c.data?.NODE_ENV).data.S3_SECRET_ACCESS_KEY = 'x'),
    expect: /holds S3_SECRET_ACCESS_KEY, a secret/,
  },
  { overlay: 'small', breakage: 'no migration Job', mutate: (o) => without(o, 'Job', (j) => j.metadata.name === 'saathi-migrate'), expect: /no migration Job/ },
  {
    overlay: 'state',
    breakage: '/api/events buffered',
    mutate: (o) => void delete eventsIngress(o).metadata.annotations['nginx.ingress.kubernetes.io/proxy-buffering'],
    expect: /is buffered/,
  },
  {
    overlay: 'small',
    breakage: '/api/events timing out after a minute',
    mutate: (o) => void (eventsIngress(o).metadata.annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'] = '60'),
    expect: /proxy-read-timeout is below/,
  },
  {
    overlay: 'state',
    breakage: 'an Ingress to the metrics port',
    mutate: (o) => void (findIn(o, 'Service', (s) => s.metadata.name === 'saathi').spec.ports[0].targetPort = 'metrics'),
    expect: /reaches the metrics port/,
  },
  {
    overlay: 'state',
    breakage: 'one PostgreSQL instance in state',
    mutate: (o) => void (findIn(o, 'Cluster').spec.instances = 1),
    expect: /has 1 instances, not 3/,
  },
  {
    overlay: 'small',
    breakage: 'three PostgreSQL instances in small',
    mutate: (o) => void (findIn(o, 'Cluster').spec.instances = 3),
    expect: /has 3 instances, not 1/,
  },
  { overlay: 'state', breakage: 'no WAL archiving', mutate: (o) => void delete findIn(o, 'Cluster').spec.plugins, expect: /no continuous backup/ },
  { overlay: 'small', breakage: 'no ScheduledBackup', mutate: (o) => without(o, 'ScheduledBackup'), expect: /no ScheduledBackup/ },
  {
    overlay: 'small',
    breakage: 'no PostGIS',
    mutate: (o) => void delete findIn(o, 'Cluster').spec.bootstrap.initdb.postInitApplicationSQL,
    expect: /postgis extension/,
  },
  {
    overlay: 'state',
    breakage: 'a short grace period',
    mutate: (o) => void (appOf(o).terminationGracePeriodSeconds = 15),
    expect: /terminationGracePeriodSeconds/,
  },
  { overlay: 'small', breakage: 'no preStop', mutate: (o) => void delete appOf(o).containers[0].lifecycle, expect: /no preStop sleep/ },
  {
    overlay: 'state',
    breakage: 'DATABASE_URL as a plain value',
    mutate: (o) => void (appOf(o).containers[0].env[0] = { name: 'DATABASE_URL', value: 'postgres://saathi@saathi-pg-rw/saathi' }),
    expect: /DATABASE_URL is not taken from a Secret/,
  },
  {
    overlay: 'state',
    breakage: 'an alert rule dropped',
    mutate: (o) => void findIn(o, 'PrometheusRule').spec.groups.at(-1).rules.pop(),
    expect: /PrometheusRule is not/,
  },
  {
    overlay: 'state',
    breakage: 'max_connections too low',
    mutate: (o) => void (findIn(o, 'Cluster').spec.postgresql.parameters.max_connections = '100'),
    expect: /max_connections \(100\) is below/,
  },
  {
    overlay: 'small',
    breakage: 'the ServiceMonitor on the wrong job',
    mutate: (o) => void delete findIn(o, 'ServiceMonitor').spec.jobLabel,
    expect: /alert rules select job=/,
  },
];

async function selfTest() {
  const problems = [];
  for (const { overlay, breakage, mutate, expect } of BREAKAGES) {
    const objects = structuredClone(rendered[overlay]);
    let broken;
    try {
      broken = mutate(objects) ?? objects;
    } catch {
      // What the breakage removes is already missing: the checks above have said so.
      continue;
    }
    const found = [...assertOverlay(overlay, broken), ...assertSecretKeys(overlay, broken)];
    if (!found.some((problem) => expect.test(problem)))
      problems.push(`the check does not notice ${breakage} in ${overlay} (it said: ${found.join('; ') || 'nothing'})`);
  }
  // The schemas too: a wrong type must fail ajv.
  const wrong = { apiVersion: 'postgresql.cnpg.io/v1', kind: 'Cluster', metadata: { name: 'probe' }, spec: { instances: 'three', storage: { size: '1Gi' } } };
  if ((await validateSchemas([wrong], 'self-test')).length === 0) problems.push('the JSON schema check lets a Cluster with instances: "three" through');
  return problems;
}

// ---------------------------------------------------------------------------------------------

const failures = [];
const entries = [];
for (const [overlay, objects] of Object.entries(rendered)) {
  console.log(`overlays/${overlay}: ${objects.length} objects (${[...new Set(objects.map((o) => o.kind))].join(', ')})`);
  failures.push(...(await validateSchemas(objects, overlay)));
  failures.push(...assertOverlay(overlay, objects));
  failures.push(...assertSecretKeys(overlay, objects));
  for (const object of objects) {
    if (object.kind !== 'Namespace' && object.metadata?.namespace !== 'saathi') failures.push(`${label(overlay, object)} is not in the namespace saathi`);
    entries.push({ name: label(overlay, object), object });
  }
}
failures.push(...assertFiles());
// Probes for the type check: an unknown field deep in a Cluster, and a wrong enum value.
const probeCluster = {
  apiVersion: 'postgresql.cnpg.io/v1',
  kind: 'Cluster',
  metadata: { name: 'probe' },
  spec: { instances: 1, storage: { size: '1Gi' }, bootstrap: { initdb: { postInitApplicationSql: ['CREATE EXTENSION postgis'] } } },
};
const probeMonitor = {
  apiVersion: 'monitoring.coreos.com/v1',
  kind: 'ServiceMonitor',
  metadata: { name: 'probe' },
  spec: { selector: {}, endpoints: [{ port: 'metrics', scheme: 'htp' }] },
};
failures.push(
  ...(await typeCheck(entries, [
    { name: 'a Cluster with postInitApplicationSql', object: probeCluster },
    { name: 'a ServiceMonitor with scheme htp', object: probeMonitor },
  ])),
);
const selfTestProblems = await selfTest();
failures.push(...selfTestProblems);

const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (failures.length > 0) {
  console.error(`\n${failures.length} problem(s) in deploy/k8s:`);
  for (const failure of failures) console.error(`  - ${failure}`);
  process.exit(1);
}
console.log(
  `\ndeploy/k8s: both overlays render, every object matches its schema, the deployment's properties hold, and each of ${BREAKAGES.length} breakages is caught (${seconds} s).`,
);
