// Keeps the container files (infra/docker/Dockerfile, docker-compose.yml, .dockerignore) in step
// with the code: the app list (APP_NAMES), each app's environment schema (APP_CONFIG_SCHEMAS)
// and the source tree. Docker itself is not needed to run it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { APP_NAMES, type AppName } from '@app/contracts';
import { APP_CONFIG_SCHEMAS } from '@app/common';
import { natsConfigUsers } from '@app/testing/unit';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');

const DOCKERFILE = 'infra/docker/Dockerfile';
const INFRA_SERVICES = ['postgres', 'redis', 'nats', 'minio'] as const;

// ---- docker-compose.yml ------------------------------------------------------------------------

interface ComposeService {
  image?: string;
  command?: string[];
  volumes?: string[];
  build?: string | { context?: string; dockerfile?: string; args?: Record<string, unknown> | string[] };
  environment?: Record<string, unknown> | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
}

// `merge: true` resolves the `<<:` keys the file uses, as Compose does.
const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, ComposeService> };
const services = compose.services;

const isAppName = (name: unknown): name is AppName => (APP_NAMES as readonly unknown[]).includes(name);

/** Values compose requires from the operator (`${VAR:?message}`), as an operator would set them. */
const OPERATOR_VALUES: Record<string, string> = { SESSION_SECRET: '9Jq2vL7xR0bT4mW8zK1cN6pD3hY5gF0s' };

/**
 * Compose's `${VAR:-default}` / `${VAR-default}` / `${VAR}` as a plain `docker compose up` (no variables set) resolves it;
 * `${VAR:?message}` is a value compose refuses to start without, so the operator's (OPERATOR_VALUES) is used.
 */
const interpolate = (value: string) =>
  value
    .replace(/\$\{([A-Z0-9_]+):\?[^}]*\}/g, (_, name: string) => OPERATOR_VALUES[name] ?? '')
    .replace(/\$\{[A-Z0-9_]+(?::?-([^}]*))?\}/g, (_, fallback: string | undefined) => fallback ?? '');

/** KEY=VALUE lists and mappings both become a plain record of strings, as the container sees them. */
function toRecord(entries: Record<string, unknown> | string[] | undefined): Record<string, string> {
  if (!entries) return {};
  if (Array.isArray(entries)) {
    return Object.fromEntries(
      entries.map((entry) => {
        const at = entry.indexOf('=');
        return at === -1 ? [entry, ''] : [entry.slice(0, at), interpolate(entry.slice(at + 1))];
      }),
    );
  }
  return Object.fromEntries(
    Object.entries(entries).map(([key, value]) => [key, value == null ? '' : interpolate(String(value))]),
  );
}

const envOf = (service: string) => toRecord(services[service]?.environment);

/** The users of infra/nats/nats-server.conf, each with the server variable holding its password. */
const NATS_CONF = 'infra/nats/nats-server.conf';
const natsUsers = natsConfigUsers(read(NATS_CONF));

function dependsOn(service: ComposeService): Record<string, string | undefined> {
  const deps = service.depends_on;
  if (!deps) return {};
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((name) => [name, 'service_started']));
  return Object.fromEntries(
    Object.entries(deps).map(([name, options]) => [name, options?.condition ?? 'service_started']),
  );
}

/** Services built from the shared Dockerfile, with the APP build argument they pass. */
const dockerfileServices = Object.entries(services).flatMap(([name, service]) => {
  const build = service.build;
  if (!build || typeof build === 'string') return [];
  return [{ name, dockerfile: build.dockerfile, context: build.context, app: toRecord(build.args).APP }];
});

const healthTest = (service: ComposeService | undefined) => {
  const test = service?.healthcheck?.test;
  return Array.isArray(test) ? test.join(' ') : (test ?? '');
};

// ---- infra/docker/Dockerfile -------------------------------------------------------------------

const dockerfile = read(DOCKERFILE);

/** The Dockerfile split into build stages; instructions are the lines of each stage (comments dropped). */
const stages = dockerfile
  .replace(/\\\r?\n/g, ' ')
  .split(/\r?\n/)
  .filter((line) => line.trim() && !line.trim().startsWith('#'))
  .reduce<{ name: string; lines: string[] }[]>((acc, line) => {
    const from = /^\s*FROM\s+\S+(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) acc.push({ name: from[1] ?? `stage${acc.length}`, lines: [] });
    else acc.at(-1)?.lines.push(line.trim());
    return acc;
  }, []);
const finalStage = stages.at(-1);

/** The `case "$APP"` arms: app → entry point and the env variable/default port its /healthz uses. */
const entryArms = [...dockerfile.matchAll(/^\s*([a-z][a-z-]*)\)\s+entry=(\S+?);\s+health=([A-Z_]+):(\d+)\s*;;/gm)].map(
  ([, app, entry, portVariable, port]) => ({ app, entry, portVariable, port: Number(port) }),
);

// ---- tests -------------------------------------------------------------------------------------

describe('docker-compose.yml', () => {
  it.each([...APP_NAMES])('has a "%s" service built from infra/docker/Dockerfile with APP set to its name', (app) => {
    expect(dockerfileServices.find((service) => service.name === app)).toEqual({
      name: app,
      context: '.',
      dockerfile: DOCKERFILE,
      app,
    });
  });

  it('builds from the Dockerfile only services named after a real app, with the matching APP', () => {
    for (const service of dockerfileServices.filter((s) => s.name !== 'provision')) {
      expect({ service: service.name, app: service.app, isApp: isAppName(service.app) }).toEqual({
        service: service.name,
        app: service.name,
        isApp: true,
      });
    }
  });

  it('sets on each app only variables its config schema reads, each with a value the schema accepts', () => {
    const problems: string[] = [];
    for (const app of APP_NAMES) {
      const shape = APP_CONFIG_SCHEMAS[app].shape as Record<
        string,
        { safeParse(value: unknown): { success: boolean } }
      >;
      for (const [name, value] of Object.entries(envOf(app))) {
        if (!Object.keys(shape).includes(name)) problems.push(`${app}: ${name} is not in its config schema`);
        else if (!shape[name].safeParse(value).success)
          problems.push(`${app}: ${name}=${value} is rejected by its schema`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('accepts the whole environment of each app as a valid configuration', () => {
    for (const app of APP_NAMES) {
      const parsed = APP_CONFIG_SCHEMAS[app].safeParse(envOf(app));
      expect({ app, issues: parsed.error?.issues ?? [] }).toEqual({ app, issues: [] });
    }
  });

  it.each([...APP_NAMES])('health-checks "%s" on /healthz of the port its environment sets', (app) => {
    const portVariable = 'HEALTH_PORT' in APP_CONFIG_SCHEMAS[app].shape ? 'HEALTH_PORT' : 'PORT';
    expect(Object.keys(envOf(app))).toContain(portVariable);
    expect(healthTest(services[app])).toContain('/healthz');
    expect(healthTest(services[app])).toContain(`process.env.${portVariable}`);
  });

  it('makes each app wait for the healthy infrastructure its environment points at', () => {
    for (const app of APP_NAMES) {
      const env = envOf(app);
      const conditions = dependsOn(services[app]);
      for (const value of Object.values(env)) {
        if (!URL.canParse(value)) continue;
        const host = new URL(value).hostname;
        if (host in services)
          expect({ app, host, condition: conditions[host] }).toEqual({ app, host, condition: 'service_healthy' });
      }
      if ('S3_BUCKET' in env) {
        expect({ app, condition: conditions['minio-init'] }).toEqual({
          app,
          condition: 'service_completed_successfully',
        });
      }
    }
  });

  it('only depends on services the file defines', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const target of Object.keys(dependsOn(service))) {
        expect({ service: name, dependsOn: target, defined: target in services }).toEqual({
          service: name,
          dependsOn: target,
          defined: true,
        });
      }
    }
  });

  it.each([...INFRA_SERVICES])('runs the "%s" infrastructure service from an image with a healthcheck', (name) => {
    expect(services[name]?.image).toEqual(expect.any(String));
    expect(services[name]?.healthcheck?.disable).not.toBe(true);
    expect(healthTest(services[name])).not.toBe('');
  });

  it('provisions the database once, as the superuser, before any app starts', () => {
    const postgres = envOf('postgres');
    const provision = services.provision!;
    expect(provision.command).toEqual(['node', 'libs/database/dist/cli/provision-database.js']);
    expect(dependsOn(provision)).toEqual({ postgres: 'service_healthy' });
    const admin = new URL(envOf('provision').DATABASE_ADMIN_URL);
    expect({ user: admin.username, password: admin.password, db: admin.pathname }).toEqual({
      user: postgres.POSTGRES_USER,
      password: postgres.POSTGRES_PASSWORD,
      db: `/${postgres.POSTGRES_DB}`,
    });
    for (const app of APP_NAMES.filter((name) => 'DATABASE_URL' in envOf(name)))
      expect({ app, condition: dependsOn(services[app]).provision }).toEqual({
        app,
        condition: 'service_completed_successfully',
      });
  });

  it('gives each app its own database role (the one provisioned for it, never the superuser), and the bucket', () => {
    const postgres = envOf('postgres');
    const provision = envOf('provision');
    const minio = envOf('minio');
    const databaseApps = APP_NAMES.filter((app) => 'DATABASE_URL' in envOf(app));
    expect([...databaseApps].sort()).toEqual([
      'admin',
      'auth',
      'catalog',
      'feedback',
      'gateway',
      'notifications',
      'video',
    ]);
    for (const app of APP_NAMES) {
      const env = envOf(app);
      if (app in { admin: 1, auth: 1, catalog: 1, feedback: 1, gateway: 1, notifications: 1, video: 1 }) {
        const database = new URL(env.DATABASE_URL);
        expect({
          app,
          url: env.DATABASE_URL,
          db: database.pathname,
          superuser: database.username === postgres.POSTGRES_USER,
        }).toEqual({
          app,
          url: provision[`${app.toUpperCase()}_DATABASE_URL`],
          db: `/${postgres.POSTGRES_DB}`,
          superuser: false,
        });
      }
      if ('S3_BUCKET' in env) {
        expect({ app, key: env.S3_ACCESS_KEY_ID, secret: env.S3_SECRET_ACCESS_KEY, bucket: env.S3_BUCKET }).toEqual({
          app,
          key: minio.MINIO_ROOT_USER,
          secret: minio.MINIO_ROOT_PASSWORD,
          bucket: envOf('minio-init').S3_BUCKET,
        });
      }
    }
  });
});

describe('docker-compose.yml: internal credentials', () => {
  it('runs NATS with infra/nats/nats-server.conf and a password for each of its users', () => {
    const nats = services.nats;
    const command = nats?.command ?? [];
    const configPath = command[command.indexOf('-c') + 1];
    expect(command).toContain('-c');
    expect(nats?.volumes).toContain(`./${NATS_CONF}:${configPath}:ro`);
    const env = envOf('nats');
    expect(Object.keys(natsUsers).sort()).toEqual([...APP_NAMES].sort());
    for (const [user, variable] of Object.entries(natsUsers)) {
      expect({ user, variable, set: (env[variable] ?? '') !== '' }).toEqual({ user, variable, set: true });
    }
  });

  it('connects every NATS app as its own user with the password the NATS server has for it', () => {
    const nats = envOf('nats');
    for (const app of APP_NAMES) {
      const env = envOf(app);
      if (!('NATS_URL' in env)) continue;
      expect({ app, user: env.NATS_USER, password: env.NATS_PASSWORD }).toEqual({
        app,
        user: app,
        password: nats[natsUsers[app]],
      });
    }
  });

  it('runs Redis with a password and gives it to every app in REDIS_URL', () => {
    const command = services.redis?.command ?? [];
    const password = interpolate(command[command.indexOf('--requirepass') + 1] ?? '');
    expect(command).toContain('--requirepass');
    expect(password).not.toBe('');
    // The healthcheck's redis-cli authenticates with the same password.
    expect(envOf('redis').REDISCLI_AUTH).toBe(password);
    for (const app of APP_NAMES) {
      const url = envOf(app).REDIS_URL;
      if (url === undefined) continue;
      expect({ app, password: decodeURIComponent(new URL(url).password) }).toEqual({ app, password });
    }
  });
});

describe('infra/docker/Dockerfile', () => {
  it('maps exactly the apps in APP_NAMES to an entry point', () => {
    expect(entryArms.map((arm) => arm.app).sort()).toEqual([...APP_NAMES].sort());
  });

  it.each([...APP_NAMES])(
    'starts "%s" from the build output of an existing src/main.ts that the build compiles',
    (app) => {
      const arm = entryArms.find((candidate) => candidate.app === app);
      const projectDir = /^(.+)\/dist\/start\.cjs$/.exec(arm?.entry ?? '')?.[1];
      expect(projectDir).toBeDefined();
      expect(existsSync(join(root, `${projectDir}/src/main.ts`))).toBe(true);
      const build = JSON.parse(read('tsconfig.build.json')) as { references: { path: string }[] };
      expect(build.references.map((reference) => reference.path)).toContain(projectDir);
    },
  );

  it.each([...APP_NAMES])('health-checks "%s" on the port variable and default its config schema declares', (app) => {
    const arm = entryArms.find((candidate) => candidate.app === app);
    const shape = APP_CONFIG_SCHEMAS[app].shape as Record<string, { parse(value: unknown): unknown } | undefined>;
    expect(arm).toBeDefined();
    expect(shape[arm!.portVariable]?.parse(undefined)).toBe(arm!.port);
  });

  it('declares ARG APP in the runtime stage and runs it as a non-root user', () => {
    expect(finalStage?.name).toBe('runtime');
    const lines = finalStage?.lines ?? [];
    expect(lines).toContain('ARG APP');
    const users = lines.filter((line) => /^USER\s/i.test(line)).map((line) => line.split(/\s+/)[1]);
    expect(users.length).toBeGreaterThan(0);
    expect(['root', '0', '0:0']).not.toContain(users.at(-1));
    expect(lines.some((line) => /^HEALTHCHECK\s.*\/healthz/.test(line))).toBe(true);
    expect(lines.some((line) => /^CMD\s/.test(line))).toBe(true);
  });

  it('copies every npm workspace manifest before the first npm install', () => {
    const instructions = stages.flatMap((stage) => stage.lines);
    const firstInstall = instructions.findIndex((line) => /^RUN\s.*\bnpm (ci|install)\b/.test(line));
    expect(firstInstall).toBeGreaterThan(-1);
    const copiedBeforeInstall = instructions
      .slice(0, firstInstall)
      .filter((line) => /^COPY\s/i.test(line))
      .flatMap((line) => line.split(/\s+/).slice(1, -1));
    // Workspaces are declared as `<dir>/*` globs in the root package.json.
    const globs = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    const workspaces = globs.flatMap((glob) => {
      const dir = glob.replace(/\/\*$/, '');
      return readdirSync(join(root, dir), { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && existsSync(join(root, dir, entry.name, 'package.json')))
        .map((entry) => `${dir}/${entry.name}/package.json`);
    });
    expect(workspaces.length).toBeGreaterThan(0);
    for (const manifest of ['package.json', 'package-lock.json', ...workspaces]) {
      expect(copiedBeforeInstall).toContain(manifest);
    }
  });

  it('copies every project tsconfig.build.json references, and the frontend, into the build stage', () => {
    const build = stages.find((stage) => stage.name === 'build');
    const copied = (build?.lines ?? [])
      .filter((line) => /^COPY\s/i.test(line))
      .flatMap((line) => line.split(/\s+/).slice(1, -1));
    const references = (JSON.parse(read('tsconfig.build.json')) as { references: { path: string }[] }).references;
    for (const topLevel of new Set([...references.map((reference) => reference.path.split('/')[0]), 'frontend'])) {
      expect(copied).toContain(topLevel);
    }
  });

  it('installs ffmpeg only when building the media worker', () => {
    const installs = (finalStage?.lines ?? []).filter((line) => /apt-get install.*\bffmpeg\b/.test(line));
    expect(installs).toHaveLength(1);
    expect(installs[0]).toMatch(/if \[ "\$APP" = "media-worker" \]; then/);
  });
});

describe('.dockerignore', () => {
  it('keeps dependencies, build output, local data and git history out of the build context', () => {
    const patterns = read('.dockerignore')
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    for (const pattern of ['**/node_modules', '**/dist', '.git', '.data', '.test-data']) {
      expect(patterns).toContain(pattern);
    }
  });
});

describe('infra/app-entries.json', () => {
  it('starts exactly the apps in APP_NAMES, each from the build output of its src/main.ts', () => {
    const entries = JSON.parse(read('infra/app-entries.json')) as Record<string, string>;
    expect(Object.keys(entries).sort()).toEqual([...APP_NAMES].sort());
    for (const entry of Object.values(entries)) {
      expect(entry).toMatch(/\/dist\/start\.cjs$/);
      expect(existsSync(join(root, entry.replace('/dist/start.cjs', '/src/main.ts')))).toBe(true);
    }
  });
});
