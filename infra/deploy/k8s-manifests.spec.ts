// Keeps the Kubernetes manifests (k8s/) in step with the code: the app list (APP_NAMES) and each
// app's environment schema (APP_CONFIG_SCHEMAS). Each overlay is rendered with `kubectl kustomize`,
// which works offline; without kubectl on the PATH these tests fail (they never skip).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { APP_NAMES, type AppName } from '@app/contracts';
import { APP_CONFIG_SCHEMAS } from '@app/common';
import { parseAllDocuments } from 'yaml';

const root = fileURLToPath(new URL('../../', import.meta.url));

const NAMESPACE = 'videofeedback';
const OVERLAYS = ['local', 'production'] as const;
type Overlay = (typeof OVERLAYS)[number];

const PRODUCTION_REPLICAS: Record<AppName, number> = {
  gateway: 2,
  auth: 2,
  catalog: 2,
  video: 2,
  feedback: 2,
  admin: 2,
  'media-worker': 3,
};
const GRACE_SECONDS: Record<AppName, number> = {
  gateway: 30,
  auth: 30,
  catalog: 30,
  video: 30,
  feedback: 30,
  admin: 30,
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
  ports?: { name?: string; containerPort: number }[];
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
  terminationGracePeriodSeconds?: number;
  volumes?: { name: string; emptyDir?: unknown }[];
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
    template?: { metadata?: { labels?: Record<string, string> }; spec: PodSpec };
    ports?: { name?: string; port: number; targetPort?: number | string }[];
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
function resolveEnv(objects: K8sObject[], app: AppName, env: EnvVar[]) {
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

  it('renders exactly one Deployment and one Service per app, and none for anything else', () => {
    const objects = render(overlay);
    for (const kind of ['Deployment', 'Service']) {
      const names = ofKind(objects, kind).map((object) => object.metadata.name);
      expect({ kind, names: names.sort() }).toEqual({ kind, names: [...APP_NAMES].sort() });
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

  it('accepts the whole environment of each app as a valid configuration', () => {
    const objects = render(overlay);
    for (const app of APP_NAMES) {
      const { values } = resolveEnv(objects, app, appContainer(objects, app).env ?? []);
      const parsed = APP_CONFIG_SCHEMAS[app].safeParse(values);
      expect({ app, issues: parsed.error?.issues ?? [] }).toEqual({ app, issues: [] });
    }
  });

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

describe('k8s/overlays/production', () => {
  it('runs two replicas of the gateway and each service, and three media workers', () => {
    const objects = render('production');
    const replicas = Object.fromEntries(
      APP_NAMES.map((app) => [app, only(objects, 'Deployment', app).spec?.replicas ?? 1]),
    );
    expect(replicas).toEqual(PRODUCTION_REPLICAS);
  });
});
