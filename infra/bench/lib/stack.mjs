// What both benchmarks share: an isolated stack on this machine's infrastructure (found or
// started like `npm test` does: own database, bucket, BullMQ key prefix and NATS subject
// prefix), the product's processes started from their builds, and a cleanup that removes
// everything the run made, also when it fails or is interrupted.
// Only Node built-ins and infra/local are imported statically: the npm packages (pg, ioredis,
// the S3 client) are loaded once the entry script has made sure they are installed.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_ENTRIES, startApp, stopProcess } from '../../local/lib/apps.mjs';
import { freePort } from '../../local/lib/net.mjs';
import { ensureDatabase, provisionInfrastructure } from '../../local/lib/provision.mjs';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export const MiB = 1024 * 1024;
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Provisions, starts `apps` (the first one alone, so it applies the migrations; the rest in
 * parallel) and waits for each /healthz. `stack.cleanup()` must be called in a `finally`;
 * Ctrl-C runs it too. `appEnv`: more environment for single apps (e.g. `NODE_OPTIONS` to profile one).
 * @param {{ label: string, apps: string[], env?: Record<string,string>,
 *   appEnv?: Record<string, Record<string,string>>, log: (m: string) => void }} options
 */
export async function startStack({ label, apps, env: extraEnv = {}, appEnv = {}, log }) {
  const runId = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const databaseName = `vf_bench_${runId}`;
  const bucket = `vf-bench-${runId}`;
  const queuePrefix = `vfb-${runId}`;
  const work = mkdtempSync(join(tmpdir(), `vf-bench-${label}-`));
  const children = new Map();
  /** More databases of the run (`stack.createDatabase`), dropped with its own. */
  const extraDatabases = [];
  let infra;
  let env;
  let cleaned;

  const cleanup = () => {
    cleaned ??= (async () => {
      const problems = [];
      const step = async (what, fn) => {
        try {
          await fn();
        } catch (error) {
          problems.push(`${what}: ${error.message}`);
        }
      };
      log('cleaning up…');
      await Promise.all([...children.values()].map((child) => stopProcess(child)));
      if (env) {
        await step('drop database', () => dropDatabase(env.DATABASE_URL));
        for (const url of extraDatabases) await step('drop database', () => dropDatabase(url));
        await step('redis keys', () => deleteRedisKeys(env.REDIS_URL, `${queuePrefix}*`));
        await step('bucket', () => deleteBucket(env));
      }
      if (infra) await step('infrastructure', () => infra.stop());
      rmSync(work, { recursive: true, force: true });
      for (const problem of problems) console.error(`[bench] cleanup: ${problem}`);
      return problems.length === 0;
    })();
    return cleaned;
  };
  const onSignal = (signal) => {
    console.error(`\n[bench] ${signal}: stopping`);
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const stack = { runId, databaseName, bucket, queuePrefix, work, children, cleanup, env: undefined, baseUrl: '' };
  /** Creates a database of the run, `<its database>_<suffix>`, dropped at cleanup; answers its superuser URL. */
  stack.createDatabase = async (suffix) => {
    const url = new URL(env.DATABASE_URL);
    url.pathname = `/${databaseName}_${suffix}`;
    extraDatabases.push(url.toString());
    await ensureDatabase(url.toString());
    return url.toString();
  };
  try {
    ensureBuilt(apps, log);
    infra = await provisionInfrastructure({
      mode: 'test',
      root,
      dataDir: join(work, 'infra'),
      databaseName,
      bucket,
      log: (m) => log(`infra: ${m}`),
    });
    // A DATABASE_URL or S3_BUCKET from the environment is only a way to reach the server: the
    // run always works in (and afterwards drops) a database and a bucket of its own.
    const databaseUrl = new URL(infra.env.DATABASE_URL);
    databaseUrl.pathname = `/${databaseName}`;
    await ensureDatabase(databaseUrl.toString());
    env = {
      ...infra.env,
      DATABASE_URL: databaseUrl.toString(),
      S3_BUCKET: bucket,
      QUEUE_PREFIX: queuePrefix,
      NATS_SUBJECT_PREFIX: `b${runId}.`,
      // Measured as deployed: production mode, and only warnings and errors in the logs.
      NODE_ENV: 'production',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      // Any free port for the gateway's /metrics, so a bench runs beside `npm run up` or another bench.
      METRICS_PORT: '0',
      ...extraEnv,
    };
    stack.env = env;

    // As deployed: a role and a schema per service (DATABASE_URL stays the superuser's, for the
    // benchmarks' own seeding and checks), each app connected as its own role.
    const { localServiceDatabaseUrls, provisionServiceDatabases } =
      await import('../../../libs/database/dist/index.js');
    const serviceDatabaseUrls = localServiceDatabaseUrls(env.DATABASE_URL);
    await provisionServiceDatabases({ adminUrl: env.DATABASE_URL, serviceUrls: serviceDatabaseUrls });
    stack.serviceDatabaseUrls = serviceDatabaseUrls;

    const launch = async (name) => {
      const port = await freePort();
      const database = serviceDatabaseUrls[name] ? { DATABASE_URL: serviceDatabaseUrls[name] } : {};
      const child = startApp(root, name, {
        ...env,
        ...database,
        ...appEnv[name],
        [name === 'gateway' ? 'PORT' : 'HEALTH_PORT']: String(port),
      });
      children.set(name, child);
      await waitHealthy(name, child, port);
      if (name === 'gateway') stack.baseUrl = `http://127.0.0.1:${port}`;
      return child;
    };
    const [first, ...rest] = apps;
    await launch(first);
    await Promise.all(rest.map(launch));
    log(`started ${apps.join(', ')} (database ${databaseName}, bucket ${bucket}, prefix ${queuePrefix})`);
    return stack;
  } catch (error) {
    await cleanup();
    throw error;
  }
}

function ensureBuilt(apps, log) {
  const missing = apps.filter((name) => !existsSync(join(root, APP_ENTRIES[name])));
  if (!missing.length) return;
  log(`no build of ${missing.join(', ')}: npm run build…`);
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}

async function waitHealthy(name, child, port) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${name} exited during start (${child.signalCode ?? child.exitCode})`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(150);
  }
  throw new Error(`${name} did not answer /healthz within 60 s`);
}

/** Signs a fresh member up and returns the `cookie` header that carries the session. */
export async function registerMember(baseUrl, runId) {
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench-${runId}@example.com`,
      password: 'bench-password',
      firstName: 'Bench',
      lastName: 'Runner',
    }),
  });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  const sid = res.headers.getSetCookie().find((line) => line.startsWith('vf.sid='));
  if (!sid) throw new Error('register set no vf.sid cookie');
  return sid.split(';')[0];
}

export async function getJson(url, headers = {}) {
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

export async function withPg(url, fn) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, application_name: 'bench' });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function dropDatabase(url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  await withPg(admin.toString(), (client) =>
    client.query(`DROP DATABASE IF EXISTS "${name.replaceAll('"', '""')}" WITH (FORCE)`),
  );
}

async function deleteRedisKeys(url, pattern) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

export async function s3Client(env) {
  const s3 = await import('@aws-sdk/client-s3');
  const client = new s3.S3Client({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION ?? 'us-east-1',
    forcePathStyle: env.S3_FORCE_PATH_STYLE !== 'false',
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return { s3, client };
}

async function deleteBucket(env) {
  const { s3, client } = await s3Client(env);
  try {
    let token;
    do {
      const page = await client.send(new s3.ListObjectsV2Command({ Bucket: env.S3_BUCKET, ContinuationToken: token }));
      for (const object of page.Contents ?? [])
        await client.send(new s3.DeleteObjectCommand({ Bucket: env.S3_BUCKET, Key: object.Key }));
      token = page.NextContinuationToken;
    } while (token);
    await client.send(new s3.DeleteBucketCommand({ Bucket: env.S3_BUCKET }));
  } catch (error) {
    if (error?.name !== 'NoSuchBucket') throw error;
  } finally {
    client.destroy();
  }
}

/** Resident set size of a Linux process in bytes (VmRSS), or null where /proc is not readable. */
export function rssBytes(pid) {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * CPU seconds (user + system) a Linux process has used so far, or null without /proc;
 * `withChildren` adds the children it has waited for (the worker's ffmpeg and ffprobe runs once
 * they exited).
 */
export function cpuSeconds(pid, { withChildren = false } = {}) {
  try {
    // Fields after the ")" that ends the command name: utime, stime, cutime and cstime are the
    // 12th to the 15th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = fields.slice(11, withChildren ? 15 : 13).reduce((sum, field) => sum + Number(field), 0);
    return ticks / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** Busy and total CPU time of the whole machine (all cores), in seconds, or null without /proc. */
export function machineCpu() {
  try {
    const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = values.map(Number);
    const busy = user + nice + system + irq + softirq + steal;
    return { busy: busy / CLOCK_TICKS, total: (busy + idle + iowait) / CLOCK_TICKS };
  } catch {
    return null;
  }
}
// USER_HZ: 100 on every Linux architecture Node runs on.
const CLOCK_TICKS = 100;

/** A fixed-width table: the first row is the header. */
export function printTable(title, rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)));
  const line = (row) =>
    row
      .map((cell, i) => String(cell).padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  console.log(`\n${title}`);
  console.log(line(rows[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows.slice(1)) console.log(line(row));
}

export const fmt = (value, digits = 1) => (value === null || value === undefined ? 'n/a' : value.toFixed(digits));

/**
 * Starts a plain baseline server (`script`: a module that, run as `node <script> <root>
 * <config.json>`, prints `listening <port>`) as a process of the stack, so cleanup stops it and
 * the CPU meters see it. Resolves with its base URL.
 */
export async function startBaseline(stack, name, script, config) {
  const { spawn } = await import('node:child_process');
  const { writeFileSync } = await import('node:fs');
  const configPath = join(stack.work, `${name}.json`);
  writeFileSync(configPath, JSON.stringify(config));
  const child = spawn(process.execPath, [script, root, configPath], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  stack.children.set(name, child);
  const port = await new Promise((resolvePort, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /listening (\d+)/.exec(out);
      if (match) resolvePort(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before listening`)));
  });
  return `http://127.0.0.1:${port}`;
}
