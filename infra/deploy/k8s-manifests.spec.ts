// Keeps the Kubernetes manifests (k8s/) in step with the code: the app list (APP_NAMES, SERVICE_NAMES),
// each app's environment schema (APP_CONFIG_SCHEMAS), the media queues (MEDIA_QUEUES) the
// worker is autoscaled on and the database owners (DATABASE_OWNERS) the db-provision Job creates
// roles for. Each overlay is rendered with `kubectl kustomize`,
// which works offline; without kubectl on the PATH these tests fail (they never skip).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { APP_NAMES, MEDIA_QUEUES, SERVICE_NAMES, type AppName } from '@app/contracts';
import { APP_CONFIG_SCHEMAS } from '@app/common';
import { DATABASE_OWNERS } from '@app/database';
import { natsConfigUsers } from '@app/testing/unit';
import { parseAllDocuments } from 'yaml';

const root = fileURLToPath(new URL('../../', import.meta.url));

const NAMESPACE = 'videofeedback';
const OVERLAYS = ['local', 'production'] as const;
type Overlay = (typeof OVERLAYS)[number];

/** The one-shot Job that creates each database app's PostgreSQL role and schema. */
const PROVISION_JOB = 'db-provision';
/** What the Job runs: libs/database/src/cli/provision-database.ts, built into every image. */
const PROVISION_COMMAND = ['node', 'libs/database/dist/cli/provision-database.js'];
/** The Job's variable for an owner's URL, as the provisioning CLI reads it. */
const roleUrlVariable = (owner: string) => `${owner.toUpperCase()}_DATABASE_URL`;

/** Apps scaled by a CPU HorizontalPodAutoscaler; the media worker scales on its queue backlog. */
const CPU_SCALED: readonly AppName[] = ['gateway', ...SERVICE_NAMES];
/** Lowest replica counts the autoscalers keep in production. */
const PRODUCTION_MIN_REPLICAS: Record<AppName, number> = {
  gateway: 2,
  auth: 2,
  catalog: 2,
  video: 2,
  feedback: 2,
  admin: 2,
  notifications: 2,
  'media-worker': 3,
};
/** Dependencies each overlay runs in the namespace as StatefulSets (production uses managed ones). */
const IN_CLUSTER_DEPENDENCIES: Record<Overlay, string[]> = {
  local: ['minio', 'nats', 'postgres', 'redis'],
  production: [],
};
/** The gateway's TRUST_PROXY per overlay: the production ingress is one hop; empty trusts no proxy. */
const TRUST_PROXY: Record<Overlay, string> = { local: '', production: '1' };
/** Overlays that scale the media worker with KEDA; the others run it at a fixed count. */
const KEDA_OVERLAYS: readonly Overlay[] = ['production'];
const GRACE_SECONDS: Record<AppName, number> = {
  gateway: 30,
  auth: 30,
  catalog: 30,
  video: 30,
  feedback: 30,
  admin: 30,
  notifications: 30,
  'media-worker': 60,
};

// ---- Kubernetes object shapes (only the fields checked here) ------------------------------------

interface KeyRef {
  name?: string;
  key?: string;
  optional?: boolean;
}
interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { configMapKeyRef?: KeyRef; secretKeyRef?: KeyRef; [source: string]: unknown };
}
interface Probe {
  httpGet?: { path?: string; port?: number | string };
  exec?: { command?: string[] };
  tcpSocket?: { port?: number | string };
}
interface SecurityContext {
  runAsNonRoot?: boolean;
  runAsUser?: number;
  allowPrivilegeEscalation?: boolean;
  readOnlyRootFilesystem?: boolean;
  capabilities?: { drop?: string[] };
}
interface Container {
  name: string;
  image?: string;
  command?: string[];
  args?: string[];
  ports?: { name?: string; containerPort: number; protocol?: string }[];
  env?: EnvVar[];
  envFrom?: unknown[];
  startupProbe?: Probe;
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: SecurityContext;
  volumeMounts?: { name: string; mountPath: string }[];
}
interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  securityContext?: SecurityContext;
  enableServiceLinks?: boolean;
  automountServiceAccountToken?: boolean;
  restartPolicy?: string;
  terminationGracePeriodSeconds?: number;
  volumes?: { name: string; emptyDir?: unknown; configMap?: { name: string } }[];
}
interface ScaleTargetRef {
  apiVersion?: string;
  kind?: string;
  name?: string;
}
interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  spec?: {
    replicas?: number;
    selector?: { matchLabels?: Record<string, string> } | Record<string, string>;
    template?: {
      metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
      spec: PodSpec;
    };
    ports?: { name?: string; port: number; targetPort?: number | string }[];
    // PodDisruptionBudget
    minAvailable?: number | string;
    maxUnavailable?: number | string;
    // HorizontalPodAutoscaler (autoscaling/v2) and KEDA ScaledObject
    scaleTargetRef?: ScaleTargetRef;
    minReplicas?: number;
    maxReplicas?: number;
    metrics?: {
      type: string;
      resource?: { name?: string; target?: { type?: string; averageUtilization?: number } };
    }[];
    minReplicaCount?: number;
    maxReplicaCount?: number;
    triggers?: { type: string; metadata?: Record<string, string> }[];
    // Job
    backoffLimit?: number;
    activeDeadlineSeconds?: number;
    ttlSecondsAfterFinished?: number;
  };
}

// ---- rendering ---------------------------------------------------------------------------------

const renders = new Map<Overlay, K8sObject[]>();

/** `kubectl kustomize k8s/overlays/<overlay>`, parsed; rendered once per overlay. */
function render(overlay: Overlay): K8sObject[] {
  const cached = renders.get(overlay);
  if (cached) return cached;
  const dir = join(root, 'k8s/overlays', overlay);
  let output: string;
  try {
    output = execFileSync('kubectl', ['kustomize', dir], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(
        'kubectl is not on the PATH: install kubectl (https://kubernetes.io/docs/tasks/tools/) to check the k8s/ manifests; `kubectl kustomize` needs no cluster.',
      );
    }
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`kubectl kustomize k8s/overlays/${overlay} failed: ${stderr || String(error)}`);
  }
  const objects = parseAllDocuments(output).flatMap((doc) => {
    if (doc.errors.length > 0)
      throw new Error(`k8s/overlays/${overlay} rendered invalid YAML: ${doc.errors[0].message}`);
    const value = doc.toJS() as K8sObject | null;
    return value ? [value] : [];
  });
  renders.set(overlay, objects);
  return objects;
}

const ofKind = (objects: K8sObject[], kind: string) => objects.filter((object) => object.kind === kind);

function only(objects: K8sObject[], kind: string, name: string): K8sObject {
  const matches = ofKind(objects, kind).filter((object) => object.metadata.name === name);
  expect({ kind, name, count: matches.length }).toEqual({ kind, name, count: 1 });
  return matches[0];
}

function podSpec(deployment: K8sObject): PodSpec {
  const spec = deployment.spec?.template?.spec;
  expect(spec).toBeDefined();
  return spec!;
}

/** The app's container: the Deployment must run exactly one, named after the app. */
function appContainer(objects: K8sObject[], app: AppName): Container {
  const containers = podSpec(only(objects, 'Deployment', app)).containers;
  expect(containers.map((container) => container.name)).toEqual([app]);
  return containers[0];
}

/** The db-provision Job's container: the Job must run exactly one, named after it. */
function jobContainer(objects: K8sObject[]): Container {
  const containers = podSpec(only(objects, 'Job', PROVISION_JOB)).containers;
  expect(containers.map((container) => container.name)).toEqual([PROVISION_JOB]);
  return containers[0];
}

// ---- schemas -----------------------------------------------------------------------------------

interface SchemaField {
  safeParse(value: unknown): { success: boolean; data?: unknown };
}
const shapeOf = (app: AppName) => APP_CONFIG_SCHEMAS[app].shape as Record<string, SchemaField>;
const portVariableOf = (app: AppName) => ('HEALTH_PORT' in shapeOf(app) ? 'HEALTH_PORT' : 'PORT');

/**
 * Variables a pod must set: the port, every S3 setting and any variable whose default points at
 * the developer's own machine (127.0.0.1), which is never where a cluster's dependencies live.
 */
function requiredInCluster(app: AppName): string[] {
  return Object.entries(shapeOf(app))
    .filter(([name, field]) => {
      const fallback = field.safeParse(undefined).data;
      return (
        name === portVariableOf(app) ||
        name.startsWith('S3_') ||
        (typeof fallback === 'string' && /127\.0\.0\.1|localhost/.test(fallback))
      );
    })
    .map(([name]) => name);
}

// ---- env resolution ----------------------------------------------------------------------------

/** A ConfigMap's or Secret's keys and values as the container sees them (Secret data is base64). */
function dataOf(object: K8sObject): Record<string, string> {
  const decoded = Object.fromEntries(
    Object.entries(object.data ?? {}).map(([key, value]) => [
      key,
      object.kind === 'Secret' ? Buffer.from(value.replace(/\s+/g, ''), 'base64').toString('utf8') : value,
    ]),
  );
  return { ...decoded, ...object.stringData };
}

/** Each env entry's value, or a problem when it cannot be resolved from the rendered objects. */
function resolveEnv(objects: K8sObject[], app: string, env: EnvVar[]) {
  const values: Record<string, string> = {};
  const problems: string[] = [];
  for (const entry of env) {
    if (entry.valueFrom === undefined) {
      values[entry.name] = entry.value ?? '';
      continue;
    }
    const sources = Object.keys(entry.valueFrom);
    const kind = sources[0] === 'configMapKeyRef' ? 'ConfigMap' : sources[0] === 'secretKeyRef' ? 'Secret' : undefined;
    const ref = entry.valueFrom.configMapKeyRef ?? entry.valueFrom.secretKeyRef;
    if (sources.length !== 1 || !kind || !ref) {
      problems.push(`${app}: ${entry.name} comes from ${sources.join(', ')}, not a configMapKeyRef/secretKeyRef`);
      continue;
    }
    if (ref.optional) problems.push(`${app}: ${entry.name} is optional, which would hide a missing key`);
    const source = ofKind(objects, kind).find((object) => object.metadata.name === ref.name);
    const data = source ? dataOf(source) : undefined;
    if (!data) problems.push(`${app}: ${entry.name} refers to ${kind} "${ref.name}", which is not rendered`);
    else if (ref.key === undefined || !(ref.key in data))
      problems.push(`${app}: ${entry.name} refers to key "${ref.key}", which ${kind} "${ref.name}" does not have`);
    else values[entry.name] = data[ref.key];
  }
  return { values, problems };
}

/** Resolves a probe's or Service's port (a number or a container port name) to a number. */
function portNumber(container: Container, port: number | string | undefined): number | undefined {
  if (typeof port === 'number') return port;
  if (typeof port === 'string' && /^\d+$/.test(port)) return Number(port);
  return container.ports?.find((candidate) => candidate.name === port)?.containerPort;
}

const matches = (selector: Record<string, string>, labels: Record<string, string> = {}) =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);

/** What an operator puts in the production Secret in place of its placeholders. */
const OPERATOR_SECRETS = { SESSION_SECRET: '9Jq2vL7xR0bT4mW8zK1cN6pD3hY5gF0s' };

// ---- tests -------------------------------------------------------------------------------------

describe.each([...OVERLAYS])('k8s/overlays/%s', (overlay) => {
  it('renders everything except the Namespace itself into the videofeedback namespace', () => {
    const objects = render(overlay);
    expect(ofKind(objects, 'Namespace').map((object) => object.metadata.name)).toEqual([NAMESPACE]);
    const elsewhere = objects
      .filter((object) => object.kind !== 'Namespace' && object.metadata.namespace !== NAMESPACE)
      .map((object) => `${object.kind}/${object.metadata.name}`);
    expect(elsewhere).toEqual([]);
  });

  it('renders one Deployment per app, a StatefulSet per in-cluster dependency, a Service for each and the db-provision Job', () => {
    const objects = render(overlay);
    const dependencies = IN_CLUSTER_DEPENDENCIES[overlay];
    const expected: [string, string[]][] = [
      ['Deployment', [...APP_NAMES]],
      ['StatefulSet', dependencies],
      ['Job', [PROVISION_JOB]],
      ['Service', [...APP_NAMES, ...dependencies]],
    ];
    for (const [kind, wanted] of expected) {
      const names = ofKind(objects, kind).map((object) => object.metadata.name);
      expect({ kind, names: names.sort() }).toEqual({ kind, names: [...wanted].sort() });
    }
  });

  it('renders the videofeedback-config ConfigMap and the videofeedback-secrets Secret once each', () => {
    const objects = render(overlay);
    for (const [kind, prefix] of [
      ['ConfigMap', 'videofeedback-config'],
      ['Secret', 'videofeedback-secrets'],
    ]) {
      // Generated names carry a content hash suffix.
      const names = ofKind(objects, kind).map((object) => object.metadata.name);
      expect({ kind, count: names.filter((name) => name.startsWith(prefix)).length }).toEqual({ kind, count: 1 });
    }
  });

  it.each([...APP_NAMES])('runs "%s" from the videofeedback/<app> image with a pinned tag', (app) => {
    const image = appContainer(render(overlay), app).image ?? '';
    const [, repository, tag] = /^(.+?)(?::([^:/]+))?$/.exec(image) ?? [];
    expect({ app, repository }).toEqual({ app, repository: `videofeedback/${app}` });
    expect(tag).toBeDefined();
    expect(tag).not.toBe('latest');
  });

  it('sets on each app only variables its config schema reads, each with a value the schema accepts', () => {
    const objects = render(overlay);
    const problems: string[] = [];
    for (const app of APP_NAMES) {
      const container = appContainer(objects, app);
      const spec = podSpec(only(objects, 'Deployment', app));
      if (container.envFrom?.length) problems.push(`${app}: envFrom would inject variables its schema does not read`);
      if (spec.enableServiceLinks !== false) problems.push(`${app}: enableServiceLinks must be false`);
      for (const extra of spec.initContainers ?? []) problems.push(`${app}: unexpected init container ${extra.name}`);
      const env = container.env ?? [];
      const names = env.map((entry) => entry.name);
      for (const name of names.filter((name, index) => names.indexOf(name) !== index))
        problems.push(`${app}: ${name} is set twice`);
      const shape = shapeOf(app);
      const { values, problems: unresolved } = resolveEnv(objects, app, env);
      problems.push(...unresolved);
      for (const name of names) {
        if (!(name in shape)) problems.push(`${app}: ${name} is not in its config schema`);
        else if (name in values && !shape[name].safeParse(values[name]).success)
          problems.push(`${app}: ${name}=${values[name]} is rejected by its schema`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('accepts the whole environment of each app as a valid configuration (production: once its secrets are set)', () => {
    const objects = render(overlay);
    for (const app of APP_NAMES) {
      const { values } = resolveEnv(objects, app, appContainer(objects, app).env ?? []);
      // Production ships the base Secret's placeholders, which the operator must replace.
      const given =
        overlay === 'production' && 'SESSION_SECRET' in values ? { ...values, ...OPERATOR_SECRETS } : values;
      const parsed = APP_CONFIG_SCHEMAS[app].safeParse(given);
      expect({ app, issues: parsed.error?.issues ?? [] }).toEqual({ app, issues: [] });
    }
  });

  if (overlay === 'production') {
    it('refuses to start the gateway with the base Secret’s placeholder session secret', () => {
      const objects = render(overlay);
      const { values } = resolveEnv(objects, 'gateway', appContainer(objects, 'gateway').env ?? []);
      const parsed = APP_CONFIG_SCHEMAS.gateway.safeParse(values);
      expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toContain('SESSION_SECRET');
    });
  }

  it('sets the port and every dependency setting whose default only works on a developer machine', () => {
    const objects = render(overlay);
    for (const app of APP_NAMES) {
      const names = (appContainer(objects, app).env ?? []).map((entry) => entry.name);
      const missing = requiredInCluster(app).filter((name) => !names.includes(name));
      expect({ app, missing }).toEqual({ app, missing: [] });
    }
  });

  it.each([...APP_NAMES])('probes "%s" on /healthz and /readyz of the port its environment sets', (app) => {
    const container = appContainer(render(overlay), app);
    const portValue = container.env?.find((entry) => entry.name === portVariableOf(app))?.value;
    expect(portValue).toMatch(/^\d+$/);
    const port = Number(portValue);
    expect(container.ports?.map((candidate) => candidate.containerPort)).toContain(port);
    const probe = (probe: Probe | undefined) => ({
      path: probe?.httpGet?.path,
      port: portNumber(container, probe?.httpGet?.port),
    });
    expect(probe(container.livenessProbe)).toEqual({ path: '/healthz', port });
    expect(probe(container.readinessProbe)).toEqual({ path: '/readyz', port });
    if (container.startupProbe) expect(probe(container.startupProbe)).toEqual({ path: '/healthz', port });
  });

  it.each([...APP_NAMES])('routes the "%s" Service to that port of the app\'s own pods', (app) => {
    const objects = render(overlay);
    const container = appContainer(objects, app);
    const port = Number(container.env?.find((entry) => entry.name === portVariableOf(app))?.value);
    const service = only(objects, 'Service', app);
    const servicePorts = service.spec?.ports ?? [];
    expect(servicePorts).toHaveLength(1);
    expect(portNumber(container, servicePorts[0].targetPort ?? servicePorts[0].port)).toBe(port);
    if (app === 'gateway') expect(servicePorts[0].port).toBe(80);

    // The selector picks this app's pods and no other app's.
    const selector = (service.spec?.selector ?? {}) as Record<string, string>;
    expect(Object.keys(selector).length).toBeGreaterThan(0);
    const selected = ofKind(objects, 'Deployment')
      .filter((deployment) => matches(selector, deployment.spec?.template?.metadata?.labels))
      .map((deployment) => deployment.metadata.name);
    expect(selected).toEqual([app]);
  });

  it.each([...APP_NAMES])('runs "%s" as the non-root node user without privileges', (app) => {
    const objects = render(overlay);
    const spec = podSpec(only(objects, 'Deployment', app));
    const container = appContainer(objects, app);
    const security = { ...spec.securityContext, ...container.securityContext };
    expect(security).toMatchObject({ runAsNonRoot: true, runAsUser: 1000, allowPrivilegeEscalation: false });
    expect(security.capabilities?.drop).toContain('ALL');
    if (security.readOnlyRootFilesystem) {
      // Node and ffprobe scratch files (os.tmpdir()) need a writable /tmp.
      const tmp = container.volumeMounts?.find((mount) => mount.mountPath === '/tmp');
      expect(tmp).toBeDefined();
      expect(spec.volumes?.find((volume) => volume.name === tmp?.name)?.emptyDir).toBeDefined();
    }
  });

  it.each([...APP_NAMES])('gives "%s" resource requests and limits and its grace period', (app) => {
    const objects = render(overlay);
    const container = appContainer(objects, app);
    for (const bound of ['requests', 'limits'] as const) {
      expect(Object.keys(container.resources?.[bound] ?? {}).sort()).toEqual(['cpu', 'memory']);
    }
    expect(podSpec(only(objects, 'Deployment', app)).terminationGracePeriodSeconds).toBe(GRACE_SECONDS[app]);
  });
});

// ---- availability and autoscaling -------------------------------------------------------------

/** Every pod template of the overlay: the apps' Deployments, the dependencies' StatefulSets, the Job. */
const workloads = (objects: K8sObject[]) =>
  objects.filter((object) => ['Deployment', 'StatefulSet', 'Job'].includes(object.kind));

const workloadName = (object: K8sObject) => `${object.kind}/${object.metadata.name}`;

/** The apps an HPA or ScaledObject of this overlay scales (by scaleTargetRef), each with its owner. */
function autoscalersOf(objects: K8sObject[]) {
  return [...ofKind(objects, 'HorizontalPodAutoscaler'), ...ofKind(objects, 'ScaledObject')].map((object) => ({
    owner: workloadName(object),
    target: object.spec?.scaleTargetRef ?? {},
  }));
}

/** The port the app's environment sets (PORT or HEALTH_PORT), as a number. */
function appPort(objects: K8sObject[], app: AppName): number {
  const value = appContainer(objects, app).env?.find((entry) => entry.name === portVariableOf(app))?.value;
  expect(value).toMatch(/^\d+$/);
  return Number(value);
}

/** Where /metrics is served: METRICS_PORT on the gateway, the health port on the others. */
function metricsPort(objects: K8sObject[], app: AppName): number {
  if (!('METRICS_PORT' in shapeOf(app))) return appPort(objects, app);
  const value = appContainer(objects, app).env?.find((entry) => entry.name === 'METRICS_PORT')?.value;
  expect(value).toMatch(/^\d+$/);
  return Number(value);
}

describe.each([...OVERLAYS])('k8s/overlays/%s: availability and autoscaling', (overlay) => {
  it('gives every Deployment exactly one PodDisruptionBudget, which selects only its pods', () => {
    const objects = render(overlay);
    const budgets = ofKind(objects, 'PodDisruptionBudget');
    for (const deployment of ofKind(objects, 'Deployment')) {
      const labels = deployment.spec?.template?.metadata?.labels;
      const covering = budgets.filter((budget) => {
        const selector = (budget.spec?.selector as { matchLabels?: Record<string, string> } | undefined)?.matchLabels;
        return selector !== undefined && Object.keys(selector).length > 0 && matches(selector, labels);
      });
      const name = deployment.metadata.name;
      expect({ name, budgets: covering.map((budget) => budget.metadata.name) }).toEqual({ name, budgets: [name] });
      // Each budget allows draining one pod (minAvailable 1 of a single replica would block drains).
      const budget = covering[0].spec!;
      expect({ name, maxUnavailable: budget.maxUnavailable, minAvailable: budget.minAvailable }).toEqual({
        name,
        maxUnavailable: 1,
        minAvailable: undefined,
      });
      const others = ofKind(objects, 'Deployment').filter(
        (other) =>
          other !== deployment &&
          covering.some((b) =>
            matches(
              (b.spec?.selector as { matchLabels: Record<string, string> }).matchLabels,
              other.spec?.template?.metadata?.labels,
            ),
          ),
      );
      expect({ name, alsoSelects: others.map(workloadName) }).toEqual({ name, alsoSelects: [] });
    }
  });

  it.each([...CPU_SCALED])(
    'scales "%s" with an autoscaling/v2 CPU HorizontalPodAutoscaler naming its Deployment',
    (app) => {
      const objects = render(overlay);
      only(objects, 'Deployment', app);
      const hpas = ofKind(objects, 'HorizontalPodAutoscaler').filter((hpa) => hpa.spec?.scaleTargetRef?.name === app);
      expect(hpas).toHaveLength(1);
      const hpa = hpas[0];
      expect(hpa.apiVersion).toBe('autoscaling/v2');
      expect(hpa.spec?.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: app });
      expect(hpa.spec?.metrics).toContainEqual({
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: expect.any(Number) } },
      });
      const { minReplicas = 1, maxReplicas = 0 } = hpa.spec ?? {};
      expect(maxReplicas).toBeGreaterThan(minReplicas);
      // Utilisation is relative to the request, so the container must request CPU.
      expect(appContainer(objects, app).resources?.requests?.cpu).toBeDefined();
    },
  );

  it('points every autoscaler at a rendered Deployment, at most one autoscaler per Deployment', () => {
    const objects = render(overlay);
    const deployments = ofKind(objects, 'Deployment').map((deployment) => deployment.metadata.name);
    const targets = autoscalersOf(objects);
    for (const { owner, target } of targets) {
      expect({ owner, kind: target.kind, known: deployments.includes(target.name ?? '') }).toEqual({
        owner,
        kind: 'Deployment',
        known: true,
      });
    }
    const names = targets.map(({ target }) => target.name);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it('leaves the replica count of every autoscaled Deployment to its autoscaler', () => {
    const objects = render(overlay);
    const scaled = new Set(autoscalersOf(objects).map(({ target }) => target.name));
    const fixed = ofKind(objects, 'Deployment')
      .filter((deployment) => scaled.has(deployment.metadata.name) && deployment.spec?.replicas !== undefined)
      .map(workloadName);
    expect(fixed).toEqual([]);
  });

  it('scales the media worker on its real backlog with KEDA only where KEDA is used', () => {
    const objects = render(overlay);
    const scaledObjects = ofKind(objects, 'ScaledObject');
    // The media worker is never on a CPU HPA: ffmpeg saturates the CPU whatever the backlog.
    const cpuHpa = ofKind(objects, 'HorizontalPodAutoscaler').filter(
      (hpa) => hpa.spec?.scaleTargetRef?.name === 'media-worker',
    );
    expect(cpuHpa).toEqual([]);
    if (!KEDA_OVERLAYS.includes(overlay)) {
      expect(scaledObjects).toEqual([]);
      return;
    }
    expect(scaledObjects.map((object) => object.metadata.name)).toEqual(['media-worker']);
    const scaledObject = scaledObjects[0];
    expect(scaledObject.apiVersion).toBe('keda.sh/v1alpha1');
    expect(scaledObject.spec?.scaleTargetRef).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: 'media-worker',
    });
    only(objects, 'Deployment', 'media-worker');
    const triggers = scaledObject.spec?.triggers ?? [];
    expect(triggers.length).toBeGreaterThan(0);
    for (const trigger of triggers) {
      // Prometheus on vf_queue_backlog (waiting + prioritized + delayed), never a Redis list length.
      expect(trigger.type).toBe('prometheus');
      expect(trigger.metadata?.serverAddress).toMatch(/^https?:\/\//);
      expect(Number(trigger.metadata?.threshold)).toBeGreaterThan(0);
      // Every pod reports the queue-wide number: sum() over pods would multiply it.
      expect(trigger.metadata?.query).not.toMatch(/\bsum\s*\(/);
    }
    const queries = triggers.map((trigger) => trigger.metadata?.query ?? '');
    const backlogOf = (queue: string) =>
      queries.filter((query) => /\bvf_queue_backlog\b/.test(query) && query.includes(`queue="${queue}"`));
    expect(backlogOf(MEDIA_QUEUES.transcode)).toHaveLength(1);
    expect(backlogOf(MEDIA_QUEUES.probe)).toHaveLength(1);
    const { minReplicaCount = 0, maxReplicaCount = 0 } = scaledObject.spec ?? {};
    expect(minReplicaCount).toBeGreaterThanOrEqual(1);
    expect(maxReplicaCount).toBeGreaterThan(minReplicaCount);
  });

  it.each([...APP_NAMES])(
    'has the "%s" pods scraped on /metrics of their internal metrics port, which no public Service exposes',
    (app) => {
      const objects = render(overlay);
      const port = metricsPort(objects, app);
      const container = appContainer(objects, app);
      expect(container.ports?.map((candidate) => candidate.containerPort)).toContain(port);
      const annotations = only(objects, 'Deployment', app).spec?.template?.metadata?.annotations ?? {};
      expect(annotations).toMatchObject({
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': String(port),
        'prometheus.io/path': '/metrics',
      });
      if (app === 'gateway') {
        // The gateway's Service is what the ingress publishes: its metrics port stays off it.
        expect(port).not.toBe(appPort(objects, app));
        const routed = (only(objects, 'Service', app).spec?.ports ?? []).map((servicePort) =>
          portNumber(container, servicePort.targetPort ?? servicePort.port),
        );
        expect(routed).not.toContain(port);
      }
    },
  );

  it('trusts X-Forwarded-For only where an ingress adds it: one hop in production, none locally', () => {
    const objects = render(overlay);
    const { values } = resolveEnv(objects, 'gateway', appContainer(objects, 'gateway').env ?? []);
    expect(values.TRUST_PROXY).toBe(TRUST_PROXY[overlay]);
  });

  it('runs every pod (apps, dependencies, the Job) as non-root and every container with requests and limits', () => {
    const objects = render(overlay);
    const problems: string[] = [];
    for (const workload of workloads(objects)) {
      const spec = podSpec(workload);
      for (const container of [...(spec.initContainers ?? []), ...spec.containers]) {
        const where = `${workloadName(workload)} ${container.name}`;
        const security = { ...spec.securityContext, ...container.securityContext };
        if (security.runAsNonRoot !== true) problems.push(`${where}: runAsNonRoot is not true`);
        if (security.allowPrivilegeEscalation !== false) problems.push(`${where}: privilege escalation allowed`);
        if (!security.capabilities?.drop?.includes('ALL')) problems.push(`${where}: capabilities not all dropped`);
        for (const bound of ['requests', 'limits'] as const) {
          const set = Object.keys(container.resources?.[bound] ?? {}).sort();
          if (set.join() !== 'cpu,memory') problems.push(`${where}: ${bound} are [${set.join()}], not cpu and memory`);
        }
        // A Job's pod runs to completion: nothing routes to it or waits for it to be ready.
        if (workload.kind !== 'Job' && (!container.readinessProbe || !container.livenessProbe))
          problems.push(`${where}: a probe is missing`);
        for (const probe of [container.readinessProbe, container.livenessProbe, container.startupProbe]) {
          const port = probe?.httpGet?.port ?? probe?.tcpSocket?.port;
          if (port !== undefined && portNumber(container, port) === undefined)
            problems.push(`${where}: probe port ${port} is not a container port`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

// ---- in-cluster dependencies -------------------------------------------------------------------

/** The rendered Service of that name exposing that port (by number), if any. */
function servicePort(objects: K8sObject[], name: string, port: number) {
  return ofKind(objects, 'Service')
    .find((service) => service.metadata.name === name)
    ?.spec?.ports?.find((candidate) => candidate.port === port);
}

describe.each(OVERLAYS.filter((overlay) => IN_CLUSTER_DEPENDENCIES[overlay].length > 0))(
  'k8s/overlays/%s: in-cluster dependencies',
  (overlay) => {
    const configValue = (objects: K8sObject[], app: AppName, name: string) => {
      const { values } = resolveEnv(objects, app, appContainer(objects, app).env ?? []);
      expect(values[name]).toBeDefined();
      return values[name];
    };
    /** The env of a dependency's container, resolved like an app's. */
    const dependencyEnv = (objects: K8sObject[], name: string) => {
      const container = podSpec(only(objects, 'StatefulSet', name)).containers[0];
      const { values, problems } = resolveEnv(objects, 'gateway', container.env ?? []);
      expect(problems).toEqual([]);
      return { container, values };
    };

    it("serves the db-provision Job's DATABASE_ADMIN_URL from the postgres StatefulSet: its superuser, password and database", () => {
      const objects = render(overlay);
      const job = resolveEnv(objects, PROVISION_JOB, jobContainer(objects).env ?? []);
      expect(job.problems).toEqual([]);
      const url = new URL(job.values.DATABASE_ADMIN_URL);
      const { values } = dependencyEnv(objects, 'postgres');
      expect({
        user: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password),
        database: url.pathname.slice(1),
      }).toEqual({ user: values.POSTGRES_USER, password: values.POSTGRES_PASSWORD, database: values.POSTGRES_DB });
      expect(url.hostname).toBe('postgres');
      expect(servicePort(objects, url.hostname, Number(url.port || 5432))).toBeDefined();
    });

    it('serves REDIS_URL from a redis StatefulSet with the append-only file on', () => {
      const objects = render(overlay);
      const url = new URL(configValue(objects, 'media-worker', 'REDIS_URL'));
      expect(servicePort(objects, url.hostname, Number(url.port || 6379))).toBeDefined();
      const args = dependencyEnv(objects, url.hostname).container.args ?? [];
      expect(args[args.indexOf('--appendonly') + 1]).toBe('yes');
      // BullMQ must never lose keys to eviction.
      expect(args[args.indexOf('--maxmemory-policy') + 1]).toBe('noeviction');
    });

    it('serves NATS_URL from a nats StatefulSet with JetStream on a volume', () => {
      const objects = render(overlay);
      const url = new URL(configValue(objects, 'gateway', 'NATS_URL'));
      expect(servicePort(objects, url.hostname, Number(url.port || 4222))).toBeDefined();
      const { container } = dependencyEnv(objects, url.hostname);
      const args = container.args ?? [];
      expect(args).toContain('-js');
      const storeDir = args[args.indexOf('-sd') + 1];
      expect(container.volumeMounts?.map((mount) => mount.mountPath)).toContain(storeDir);
    });

    it("serves S3_ENDPOINT from a minio StatefulSet whose root user is the apps' key pair", () => {
      const objects = render(overlay);
      const url = new URL(configValue(objects, 'media-worker', 'S3_ENDPOINT'));
      expect(servicePort(objects, url.hostname, Number(url.port || 80))).toBeDefined();
      const { values } = dependencyEnv(objects, url.hostname);
      expect({ user: values.MINIO_ROOT_USER, password: values.MINIO_ROOT_PASSWORD }).toEqual({
        user: configValue(objects, 'media-worker', 'S3_ACCESS_KEY_ID'),
        password: configValue(objects, 'media-worker', 'S3_SECRET_ACCESS_KEY'),
      });
    });
  },
);

describe('k8s/overlays/production', () => {
  it('keeps at least two of the gateway and each service, and three media workers', () => {
    const objects = render('production');
    const minimum = Object.fromEntries(
      APP_NAMES.map((app) => {
        const owners = [...ofKind(objects, 'HorizontalPodAutoscaler'), ...ofKind(objects, 'ScaledObject')].filter(
          (object) => object.spec?.scaleTargetRef?.name === app,
        );
        expect({ app, owners: owners.length }).toEqual({ app, owners: 1 });
        return [app, owners[0].spec?.minReplicas ?? owners[0].spec?.minReplicaCount];
      }),
    );
    expect(minimum).toEqual(PRODUCTION_MIN_REPLICAS);
  });
});

// ---- internal credentials ----------------------------------------------------------------------

/** A ConfigMap or Secret by the name a Deployment or volume refers to (kustomize adds the hash). */
function dataByName(objects: K8sObject[], kind: 'ConfigMap' | 'Secret', name: string) {
  const source = ofKind(objects, kind).find((object) => object.metadata.name === name);
  expect({ kind, name, rendered: source !== undefined }).toEqual({ kind, name, rendered: true });
  return dataOf(source!);
}

describe.each([...OVERLAYS])('k8s/overlays/%s: internal credentials', (overlay) => {
  it('connects every NATS app as its own user, with a password from the Secret', () => {
    const objects = render(overlay);
    const users = natsConfigUsers();
    for (const app of APP_NAMES) {
      const env = appContainer(objects, app).env ?? [];
      if (!env.some((entry) => entry.name === 'NATS_URL')) continue;
      const user = env.find((entry) => entry.name === 'NATS_USER');
      const password = env.find((entry) => entry.name === 'NATS_PASSWORD');
      expect({ app, user: user?.value, passwordKey: password?.valueFrom?.secretKeyRef?.key }).toEqual({
        app,
        user: app,
        passwordKey: users[app],
      });
    }
  });

  it('keeps REDIS_URL, which carries the Redis password, in a Secret and out of the ConfigMap', () => {
    const objects = render(overlay);
    for (const app of APP_NAMES) {
      const entry = appContainer(objects, app).env?.find((candidate) => candidate.name === 'REDIS_URL');
      if (!entry) continue;
      expect({ app, from: Object.keys(entry.valueFrom ?? {}) }).toEqual({ app, from: ['secretKeyRef'] });
    }
    for (const configMap of ofKind(objects, 'ConfigMap')) {
      expect({ configMap: configMap.metadata.name, redisUrl: 'REDIS_URL' in dataOf(configMap) }).toEqual({
        configMap: configMap.metadata.name,
        redisUrl: false,
      });
    }
  });
});

// ---- database roles: the db-provision Job -------------------------------------------------------

/** The image's repository and tag. */
function imageParts(image = '') {
  const [, repository, tag] = /^(.+?)(?::([^:/]+))?$/.exec(image) ?? [];
  return { repository, tag };
}

describe.each([...OVERLAYS])('k8s/overlays/%s: database roles', (overlay) => {
  /** The Job's variables, each resolved from the rendered Secret. */
  const jobValues = (objects: K8sObject[]) => {
    const { values, problems } = resolveEnv(objects, PROVISION_JOB, jobContainer(objects).env ?? []);
    expect(problems).toEqual([]);
    return values;
  };

  it('runs the db-provision Job once, from the gateway image of this release, with the provisioning command', () => {
    const objects = render(overlay);
    const job = only(objects, 'Job', PROVISION_JOB);
    const container = jobContainer(objects);
    // The release's own image, so the roles and schemas are those this release's code expects.
    expect(imageParts(container.image)).toEqual(imageParts(appContainer(objects, 'gateway').image));
    expect(container.command).toEqual(PROVISION_COMMAND);
    expect(container.args).toBeUndefined();
    const spec = podSpec(job);
    expect(spec.restartPolicy).toBe('Never');
    expect(spec.enableServiceLinks).toBe(false);
    expect(spec.automountServiceAccountToken).toBe(false);
    // Retried while Postgres starts, bounded in time, and removed once finished so the next apply
    // creates it again (a Job's pod template is immutable).
    expect(job.spec?.backoffLimit).toBeGreaterThan(0);
    expect(job.spec?.activeDeadlineSeconds).toBeGreaterThan(0);
    expect(job.spec?.ttlSecondsAfterFinished).toBeGreaterThan(0);
  });

  it('runs the Job as the non-root node user without privileges, with requests and limits', () => {
    const objects = render(overlay);
    const spec = podSpec(only(objects, 'Job', PROVISION_JOB));
    const container = jobContainer(objects);
    const security = { ...spec.securityContext, ...container.securityContext };
    expect(security).toMatchObject({
      runAsNonRoot: true,
      runAsUser: 1000,
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
    });
    expect(security.capabilities?.drop).toContain('ALL');
    const tmp = container.volumeMounts?.find((mount) => mount.mountPath === '/tmp');
    expect(spec.volumes?.find((volume) => volume.name === tmp?.name)?.emptyDir).toBeDefined();
    for (const bound of ['requests', 'limits'] as const)
      expect(Object.keys(container.resources?.[bound] ?? {}).sort()).toEqual(['cpu', 'memory']);
  });

  it('gives the Job exactly the admin URL and one role URL per database owner, from the Secret', () => {
    const objects = render(overlay);
    const env = jobContainer(objects).env ?? [];
    const expected = ['DATABASE_ADMIN_URL', ...DATABASE_OWNERS.map(roleUrlVariable)];
    expect(env.map((entry) => entry.name).sort()).toEqual([...expected].sort());
    for (const entry of env)
      expect({ name: entry.name, from: Object.keys(entry.valueFrom ?? {}) }).toEqual({
        name: entry.name,
        from: ['secretKeyRef'],
      });
    const values = jobValues(objects);
    const admin = new URL(values.DATABASE_ADMIN_URL);
    for (const owner of DATABASE_OWNERS) {
      const url = new URL(values[roleUrlVariable(owner)]);
      // One role per owner, named after it, on the admin URL's server and database.
      expect({ owner, role: url.username, where: url.host + url.pathname, password: url.password !== '' }).toEqual({
        owner,
        role: `vf_${owner}`,
        where: admin.host + admin.pathname,
        password: true,
      });
    }
  });

  it('connects each database app as its own provisioned role, never the superuser, and the media worker not at all', () => {
    const objects = render(overlay);
    const values = jobValues(objects);
    const admin = new URL(values.DATABASE_ADMIN_URL);
    const databaseApps = APP_NAMES.filter((app) => 'DATABASE_URL' in shapeOf(app));
    expect([...databaseApps].sort()).toEqual([...DATABASE_OWNERS].sort());
    for (const app of APP_NAMES) {
      const env = appContainer(objects, app).env ?? [];
      const entry = env.find((candidate) => candidate.name === 'DATABASE_URL');
      if (!(DATABASE_OWNERS as readonly string[]).includes(app)) {
        expect({ app, databaseUrl: entry }).toEqual({ app, databaseUrl: undefined });
        continue;
      }
      const url = resolveEnv(objects, app, env).values.DATABASE_URL;
      expect({
        app,
        key: entry?.valueFrom?.secretKeyRef?.key,
        url,
        superuser: new URL(url).username === admin.username,
      }).toEqual({ app, key: roleUrlVariable(app), url: values[roleUrlVariable(app)], superuser: false });
    }
  });

  it('gives the admin URL to the db-provision Job only', () => {
    const objects = render(overlay);
    const readers = workloads(objects).flatMap((workload) =>
      podSpec(workload)
        .containers.filter((container) =>
          (container.env ?? []).some((entry) => entry.valueFrom?.secretKeyRef?.key === 'DATABASE_ADMIN_URL'),
        )
        .map((container) => `${workloadName(workload)} ${container.name}`),
    );
    expect(readers).toEqual([`Job/${PROVISION_JOB} ${PROVISION_JOB}`]);
  });
});

describe.each(OVERLAYS.filter((overlay) => IN_CLUSTER_DEPENDENCIES[overlay].includes('nats')))(
  'k8s/overlays/%s: in-cluster NATS and Redis credentials',
  (overlay) => {
    const statefulSetContainer = (objects: K8sObject[], name: string) =>
      podSpec(only(objects, 'StatefulSet', name)).containers[0];

    it('runs NATS with infra/nats/nats-server.conf and the password of every user it names', () => {
      const objects = render(overlay);
      const spec = podSpec(only(objects, 'StatefulSet', 'nats'));
      const container = spec.containers[0];
      const args = container.args ?? [];
      expect(args).toContain('-c');
      const configPath = args[args.indexOf('-c') + 1];
      const mountDir = configPath.slice(0, configPath.lastIndexOf('/'));
      const mount = container.volumeMounts?.find((candidate) => candidate.mountPath === mountDir);
      const volume = spec.volumes?.find((candidate) => candidate.name === mount?.name) as
        { configMap?: { name: string } } | undefined;
      expect(volume?.configMap?.name).toBeDefined();
      const files = dataByName(objects, 'ConfigMap', volume!.configMap!.name);
      expect(files[configPath.slice(mountDir.length + 1)]).toBe(
        readFileSync(join(root, 'infra/nats/nats-server.conf'), 'utf8'),
      );

      const { values, problems } = resolveEnv(objects, 'gateway', container.env ?? []);
      expect(problems).toEqual([]);
      const users = natsConfigUsers();
      expect(Object.keys(users).sort()).toEqual([...APP_NAMES].sort());
      for (const app of APP_NAMES) {
        const appEnv = appContainer(objects, app).env ?? [];
        if (!appEnv.some((entry) => entry.name === 'NATS_URL')) continue;
        const { values: appValues } = resolveEnv(objects, app, appEnv);
        expect({ app, password: appValues.NATS_PASSWORD }).toEqual({ app, password: values[users[app]] });
        expect(appValues.NATS_PASSWORD).not.toBe('');
      }
      for (const variable of Object.values(users))
        expect({ variable, set: variable in values }).toEqual({ variable, set: true });
    });

    it('runs Redis with the password the apps have in REDIS_URL', () => {
      const objects = render(overlay);
      const container = statefulSetContainer(objects, 'redis');
      const args = container.args ?? [];
      expect(args).toContain('--requirepass');
      const { values } = resolveEnv(objects, 'gateway', container.env ?? []);
      // Kubernetes expands $(VAR) in args from the container's env.
      const password = args[args.indexOf('--requirepass') + 1].replace(
        /\$\((\w+)\)/g,
        (_, name: string) => values[name] ?? '',
      );
      expect(password).not.toBe('');
      expect(values.REDISCLI_AUTH).toBe(password);
      for (const app of APP_NAMES) {
        const env = appContainer(objects, app).env ?? [];
        if (!env.some((entry) => entry.name === 'REDIS_URL')) continue;
        const url = new URL(resolveEnv(objects, app, env).values.REDIS_URL);
        expect({ app, password: decodeURIComponent(url.password) }).toEqual({ app, password });
      }
    });
  },
);

// ---- network policies --------------------------------------------------------------------------

interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist'; values?: string[] }[];
}
interface PolicyPeer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: { cidr: string; except?: string[] };
}
interface PolicyRule {
  from?: PolicyPeer[];
  to?: PolicyPeer[];
  ports?: { protocol?: string; port?: number | string; endPort?: number }[];
}
interface NetworkPolicySpec {
  podSelector: LabelSelector;
  policyTypes?: ('Ingress' | 'Egress')[];
  ingress?: PolicyRule[];
  egress?: PolicyRule[];
}

/** Somewhere traffic comes from or goes to: a pod (with its namespace) or an address outside the cluster. */
type Endpoint =
  | {
      kind: 'pod';
      name: string;
      namespace: string;
      labels: Record<string, string>;
      ports: { name?: string; containerPort: number; protocol?: string }[];
    }
  | { kind: 'ip'; name: string; ip: string };
type PodEndpoint = Extract<Endpoint, { kind: 'pod' }>;

const outsidePod = (name: string, namespace: string, labels: Record<string, string>): Endpoint => ({
  kind: 'pod',
  name,
  namespace,
  labels,
  ports: [],
});
const KUBE_DNS: Endpoint = {
  kind: 'pod',
  name: 'kube-dns',
  namespace: 'kube-system',
  labels: { 'k8s-app': 'kube-dns' },
  ports: [
    { name: 'dns', containerPort: 53, protocol: 'UDP' },
    { name: 'dns-tcp', containerPort: 53, protocol: 'TCP' },
  ],
};
const PROMETHEUS = outsidePod('prometheus', 'monitoring', { 'app.kubernetes.io/name': 'prometheus' });
const INGRESS_CONTROLLER = outsidePod('ingress-controller', 'ingress-nginx', {
  'app.kubernetes.io/name': 'ingress-nginx',
});
const OTHER_NAMESPACE_POD = outsidePod('other-pod', 'other', { 'app.kubernetes.io/name': 'gateway' });
const INTERNET_CLIENT: Endpoint = { kind: 'ip', name: 'internet client', ip: '203.0.113.7' };
/** Where a managed dependency lives when it is not in the cluster (production). */
const MANAGED_SERVICE: Endpoint = { kind: 'ip', name: 'managed service', ip: '198.51.100.10' };
const SOME_WEBSITE: Endpoint = { kind: 'ip', name: 'some website', ip: '192.0.2.80' };

/**
 * Each dependency a pod may use, by the variables that point it there: an app's DATABASE_URL
 * (its own role), the db-provision Job's DATABASE_ADMIN_URL (the superuser).
 */
const DEPENDENCIES = [
  { variables: ['DATABASE_URL', 'DATABASE_ADMIN_URL'], name: 'postgres', defaultPort: 5432 },
  { variables: ['REDIS_URL'], name: 'redis', defaultPort: 6379 },
  { variables: ['NATS_URL'], name: 'nats', defaultPort: 4222 },
  { variables: ['S3_ENDPOINT'], name: 'minio', defaultPort: 80 },
] as const;
type Dependency = (typeof DEPENDENCIES)[number];

function selects(selector: LabelSelector | undefined, labels: Record<string, string>): boolean {
  if (!selector) return true;
  const byLabels = Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  const byExpressions = (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    switch (operator) {
      case 'In':
        return key in labels && values.includes(labels[key]);
      case 'NotIn':
        return !(key in labels) || !values.includes(labels[key]);
      case 'Exists':
        return key in labels;
      case 'DoesNotExist':
        return !(key in labels);
    }
  });
  return byLabels && byExpressions;
}

function ipv4(address: string): number {
  return address.split('.').reduce((value, part) => value * 256 + Number(part), 0);
}
function inCidr(address: string, cidr: string): boolean {
  const [base, bits] = cidr.split('/');
  const size = 2 ** (32 - Number(bits));
  return Math.floor(ipv4(address) / size) === Math.floor(ipv4(base) / size);
}

function peerMatches(peer: PolicyPeer, endpoint: Endpoint): boolean {
  if (peer.ipBlock) {
    // ipBlock is meant for addresses outside the cluster; pods are matched by selectors.
    const { cidr, except = [] } = peer.ipBlock;
    return endpoint.kind === 'ip' && inCidr(endpoint.ip, cidr) && !except.some((range) => inCidr(endpoint.ip, range));
  }
  if (endpoint.kind !== 'pod') return false;
  const namespaceOk = peer.namespaceSelector
    ? selects(peer.namespaceSelector, { 'kubernetes.io/metadata.name': endpoint.namespace })
    : endpoint.namespace === NAMESPACE;
  return namespaceOk && selects(peer.podSelector, endpoint.labels);
}

function portMatches(rule: PolicyRule, destination: Endpoint, port: number, protocol: string): boolean {
  if (!rule.ports?.length) return true;
  return rule.ports.some((candidate) => {
    if ((candidate.protocol ?? 'TCP') !== protocol) return false;
    if (candidate.port === undefined) return true;
    if (typeof candidate.port === 'number')
      return candidate.endPort ? port >= candidate.port && port <= candidate.endPort : port === candidate.port;
    // A named port is the destination pod's container port of that name.
    return (
      destination.kind === 'pod' &&
      destination.ports.some(
        (containerPort) =>
          containerPort.name === candidate.port &&
          containerPort.containerPort === port &&
          (containerPort.protocol ?? 'TCP') === protocol,
      )
    );
  });
}

const policiesOf = (objects: K8sObject[]) =>
  ofKind(objects, 'NetworkPolicy').map((object) => {
    const spec = object.spec as unknown as NetworkPolicySpec;
    const types = spec.policyTypes ?? (spec.egress ? ['Ingress', 'Egress'] : ['Ingress']);
    return { name: object.metadata.name, spec, types };
  });

/**
 * Whether the policies let `from` open a connection to `to` on that port, on one side: 'egress'
 * (the source pod's policies) or 'ingress' (the destination pod's). Pods outside the namespace
 * are governed by no policy of ours; a pod selected by no policy of a type is open for it.
 */
function policyAllows(
  objects: K8sObject[],
  side: 'egress' | 'ingress',
  from: Endpoint,
  to: Endpoint,
  port: number,
  protocol = 'TCP',
): boolean {
  const subject = side === 'egress' ? from : to;
  const peer = side === 'egress' ? to : from;
  if (subject.kind !== 'pod' || subject.namespace !== NAMESPACE) return true;
  const type = side === 'egress' ? 'Egress' : 'Ingress';
  const selecting = policiesOf(objects).filter(
    (policy) => policy.types.includes(type) && selects(policy.spec.podSelector, subject.labels),
  );
  if (selecting.length === 0) return true;
  return selecting.some((policy) =>
    (policy.spec[side] ?? []).some((rule) => {
      const peers = side === 'egress' ? rule.to : rule.from;
      return (
        (!peers?.length || peers.some((candidate) => peerMatches(candidate, peer))) &&
        portMatches(rule, to, port, protocol)
      );
    }),
  );
}

const connects = (objects: K8sObject[], from: Endpoint, to: Endpoint, port: number, protocol = 'TCP') =>
  policyAllows(objects, 'egress', from, to, port, protocol) &&
  policyAllows(objects, 'ingress', from, to, port, protocol);

/** The pod a workload runs, as policies see it: its template labels and container ports. */
function podOf(workload: K8sObject): PodEndpoint {
  return {
    kind: 'pod',
    name: workloadName(workload),
    namespace: NAMESPACE,
    labels: workload.spec?.template?.metadata?.labels ?? {},
    ports: podSpec(workload).containers.flatMap((container) => container.ports ?? []),
  };
}
const appPod = (objects: K8sObject[], app: AppName) => podOf(only(objects, 'Deployment', app));

/** A pod that connects to dependencies: each app's, and the db-provision Job's. */
interface Client {
  name: string;
  pod: PodEndpoint;
  env: EnvVar[];
}
function clientsOf(objects: K8sObject[]): Client[] {
  return [
    ...APP_NAMES.map((app) => ({ name: app, pod: appPod(objects, app), env: appContainer(objects, app).env ?? [] })),
    {
      name: PROVISION_JOB,
      pod: podOf(only(objects, 'Job', PROVISION_JOB)),
      env: jobContainer(objects).env ?? [],
    },
  ];
}

/** The host and port the client's variable for a dependency points at (the first server of a list), if it sets one. */
function dependencyAddress(objects: K8sObject[], client: Client, dependency: Dependency) {
  const variable = dependency.variables.find((name) => client.env.some((entry) => entry.name === name));
  if (!variable) return undefined;
  const url = new URL(resolveEnv(objects, client.name, client.env).values[variable].split(',')[0]);
  return { host: url.hostname, port: Number(url.port || dependency.defaultPort) };
}

describe.each([...OVERLAYS])('k8s/overlays/%s: network policies', (overlay) => {
  const inCluster = IN_CLUSTER_DEPENDENCIES[overlay];

  it('denies all traffic by default: every pod is selected by a default-deny policy', () => {
    const objects = render(overlay);
    const denyAll = policiesOf(objects).filter(
      (policy) =>
        policy.types.includes('Ingress') &&
        policy.types.includes('Egress') &&
        !policy.spec.ingress?.length &&
        !policy.spec.egress?.length,
    );
    expect(denyAll.length).toBeGreaterThan(0);
    const uncovered = workloads(objects)
      .filter((workload) => !denyAll.some((policy) => selects(policy.spec.podSelector, podOf(workload).labels)))
      .map(workloadName);
    expect(uncovered).toEqual([]);
  });

  it('lets each app and the Job reach exactly the dependencies their environment names, and they accept only those', () => {
    const objects = render(overlay);
    const problems: string[] = [];
    const clients = clientsOf(objects);
    for (const dependency of DEPENDENCIES) {
      // Where the dependency is: the address any client's variable names (they all agree).
      const address = clients
        .map((client) => dependencyAddress(objects, client, dependency))
        .find((found) => found !== undefined);
      expect({ dependency: dependency.name, address }).toEqual({
        dependency: dependency.name,
        address: expect.anything(),
      });
      const inClusterPod = inCluster.includes(address!.host)
        ? podOf(only(objects, 'StatefulSet', address!.host))
        : undefined;
      for (const client of clients) {
        const uses = dependencyAddress(objects, client, dependency) !== undefined;
        const from = client.pod;
        const verdicts: [string, boolean, boolean][] = inClusterPod
          ? [
              ['egress to the pod', policyAllows(objects, 'egress', from, inClusterPod, address!.port), uses],
              ["the pod's ingress", policyAllows(objects, 'ingress', from, inClusterPod, address!.port), uses],
              // In-cluster dependencies are reached in the cluster, never at an outside address.
              ['an outside address', connects(objects, from, MANAGED_SERVICE, address!.port), false],
            ]
          : [['a managed service outside the cluster', connects(objects, from, MANAGED_SERVICE, address!.port), uses]];
        for (const [what, allowed, expected] of verdicts) {
          if (allowed !== expected)
            problems.push(
              `${client.name} (${uses ? 'sets' : 'does not set'} ${dependency.variables.join(' or ')}) ${allowed ? 'may' : 'may not'} reach ${dependency.name}:${address!.port} (${what})`,
            );
        }
      }
      if (inClusterPod && connects(objects, OTHER_NAMESPACE_POD, inClusterPod, address!.port))
        problems.push(`a pod of another namespace may reach ${dependency.name}`);
    }
    expect(problems).toEqual([]);
  });

  it('lets no app, nor the db-provision Job, connect to another app', () => {
    const objects = render(overlay);
    const problems: string[] = [];
    for (const from of clientsOf(objects)) {
      for (const to of APP_NAMES.filter((other) => other !== from.name)) {
        const target = appPod(objects, to);
        for (const port of target.ports) {
          if (connects(objects, from.pod, target, port.containerPort))
            problems.push(`${from.name} may reach ${to}:${port.containerPort}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('accepts connections from outside only on the gateway HTTP port, and scrapes from Prometheus', () => {
    const objects = render(overlay);
    const problems: string[] = [];
    for (const app of APP_NAMES) {
      const pod = appPod(objects, app);
      const port = appPort(objects, app);
      for (const client of [INTERNET_CLIENT, INGRESS_CONTROLLER, OTHER_NAMESPACE_POD]) {
        const allowed = connects(objects, client, pod, port);
        if (allowed !== (app === 'gateway'))
          problems.push(`${client.name} ${allowed ? 'may' : 'may not'} reach ${app}:${port}`);
      }
      if (!connects(objects, PROMETHEUS, pod, port)) problems.push(`Prometheus may not scrape ${app}:${port}`);
    }
    for (const name of inCluster) {
      const pod = podOf(only(objects, 'StatefulSet', name));
      for (const port of pod.ports) {
        for (const client of [INTERNET_CLIENT, INGRESS_CONTROLLER, PROMETHEUS])
          if (connects(objects, client, pod, port.containerPort))
            problems.push(`${client.name} may reach ${name}:${port.containerPort}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("lets Prometheus reach each app's metrics port (its prometheus.io/port), and the outside only the gateway's HTTP port", () => {
    const objects = render(overlay);
    const problems: string[] = [];
    for (const app of APP_NAMES) {
      const deployment = only(objects, 'Deployment', app);
      const metricsPort = Number(deployment.spec?.template?.metadata?.annotations?.['prometheus.io/port']);
      const pod = appPod(objects, app);
      if (!pod.ports.some((port) => port.containerPort === metricsPort))
        problems.push(`${app}: no container port ${metricsPort}`);
      if (!connects(objects, PROMETHEUS, pod, metricsPort))
        problems.push(`Prometheus may not scrape ${app}:${metricsPort}`);
      if (app === 'gateway' && connects(objects, INTERNET_CLIENT, pod, metricsPort))
        problems.push(`${INTERNET_CLIENT.name} may reach the gateway's metrics port ${metricsPort}`);
    }
    expect(problems).toEqual([]);
  });

  it('lets the db-provision Job reach PostgreSQL and the cluster DNS only, and nothing reach it', () => {
    const objects = render(overlay);
    const job = podOf(only(objects, 'Job', PROVISION_JOB));
    const postgres = inCluster.includes('postgres') ? podOf(only(objects, 'StatefulSet', 'postgres')) : MANAGED_SERVICE;
    // Every destination it could try: each app's and dependency's ports, DNS, the outside.
    const destinations: [Endpoint, number, string][] = [
      ...APP_NAMES.flatMap((app) =>
        appPod(objects, app).ports.map((port): [Endpoint, number, string] => [
          appPod(objects, app),
          port.containerPort,
          'TCP',
        ]),
      ),
      ...inCluster.flatMap((name) => {
        const pod = podOf(only(objects, 'StatefulSet', name));
        return pod.ports.map((port): [Endpoint, number, string] => [pod, port.containerPort, 'TCP']);
      }),
      [KUBE_DNS, 53, 'UDP'],
      [KUBE_DNS, 53, 'TCP'],
      // Outside the cluster: the dependencies' ports where a managed service would listen (in
      // production the client policies' 0.0.0.0/0 peer makes any address one), and the web.
      ...[5432, 6379, 4222, 9000, 80, 443].map((port): [Endpoint, number, string] => [MANAGED_SERVICE, port, 'TCP']),
      [SOME_WEBSITE, 80, 'TCP'],
      [SOME_WEBSITE, 443, 'TCP'],
    ];
    const reached = destinations
      .filter(([to, port, protocol]) => connects(objects, job, to, port, protocol))
      .map(([to, port, protocol]) => `${to.name}:${port}/${protocol}`);
    expect([...new Set(reached)].sort()).toEqual(
      [`${postgres.name}:5432/TCP`, `${KUBE_DNS.name}:53/TCP`, `${KUBE_DNS.name}:53/UDP`].sort(),
    );
    // Nothing opens a connection to it: no app, no dependency, nothing outside the namespace.
    const callers = [
      ...APP_NAMES.map((app) => appPod(objects, app)),
      ...inCluster.map((name) => podOf(only(objects, 'StatefulSet', name))),
      INTERNET_CLIENT,
      INGRESS_CONTROLLER,
      PROMETHEUS,
      OTHER_NAMESPACE_POD,
    ];
    const open = callers.flatMap((from) =>
      [80, 8080, 9464].filter((port) => connects(objects, from, job, port)).map((port) => `${from.name} → :${port}`),
    );
    expect(open).toEqual([]);
  });

  it('keeps the media worker, which has no database, away from PostgreSQL', () => {
    const objects = render(overlay);
    const worker = appPod(objects, 'media-worker');
    const postgres = inCluster.includes('postgres') ? podOf(only(objects, 'StatefulSet', 'postgres')) : MANAGED_SERVICE;
    expect(connects(objects, worker, postgres, 5432)).toBe(false);
    expect(connects(objects, worker, MANAGED_SERVICE, 5432)).toBe(false);
  });

  it('lets every pod resolve names through the cluster DNS and reach nothing else outside', () => {
    const objects = render(overlay);
    const problems: string[] = [];
    for (const workload of workloads(objects)) {
      const pod = podOf(workload);
      for (const protocol of ['UDP', 'TCP'])
        if (!connects(objects, pod, KUBE_DNS, 53, protocol))
          problems.push(`${pod.name} may not resolve names (${protocol})`);
      for (const port of [80, 443, 53])
        if (connects(objects, pod, SOME_WEBSITE, port))
          problems.push(`${pod.name} may reach ${SOME_WEBSITE.ip}:${port}`);
    }
    expect(problems).toEqual([]);
  });
});
