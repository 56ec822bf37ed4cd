// `npm test`: provisions infrastructure for this run only (own database, bucket, queue prefix
// and NATS subject prefix, so it can run beside `npm run up`), builds, and runs every Jest
// test: unit, per-service against PostgreSQL, integration against the real servers and ffmpeg,
// and the Chromium browser test.
// `--service-tier` (`npm run test:service`) runs the per-service tier alone: it starts no built
// app and no browser, so the build, the checks, Chromium and kubectl are skipped.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNodeDependencies } from './lib/ensure-deps.mjs';
import { wholeRunLanes } from './lib/test-lanes.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

ensureNodeDependencies(root);

const { provisionInfrastructure, ensureDatabase } = await import('./lib/provision.mjs');
const { dockerEngineReachable, provisionContainers } = await import('./lib/containers.mjs');
const { ensureBinary } = await import('./lib/system-packages.mjs');

const runId = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const databaseName = `vf_test_${runId}`;
const bucket = `vf-test-${runId}`;
const dataDir = join(root, '.test-data', runId);
const serviceTierOnly = process.argv.includes('--service-tier');
const jestArgs = process.argv.slice(2).filter((arg) => arg !== '--service-tier');
if (serviceTierOnly) jestArgs.push('--selectProjects', 'service');

const useContainers =
  process.env.TEST_INFRA !== 'local' && (process.env.TEST_INFRA === 'containers' || (await dockerEngineReachable()));
const infra = useContainers
  ? await provisionContainers({ databaseName, bucket })
  : await provisionInfrastructure({ mode: 'test', root, dataDir, databaseName, bucket });
if (useContainers) await ensureDatabase(infra.env.DATABASE_URL);
let chromium = process.env.CHROMIUM_PATH;
if (!serviceTierOnly) {
  chromium ??= ensureBinary('chromium', 'chromium');
  // The k8s manifest test renders the overlays with `kubectl kustomize` (offline).
  ensureBinary('kubectl', 'kubectl');
}

let exitCode = 1;
try {
  if (!serviceTierOnly) {
    console.log('[test] building…');
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }

  const env = {
    ...process.env,
    ...infra.env,
    TEST_RUN_ID: runId,
    QUEUE_PREFIX: `vft-${runId}`,
    NATS_SUBJECT_PREFIX: `t${runId}.`,
    ...(chromium ? { CHROMIUM_PATH: chromium } : {}),
    NODE_ENV: 'test',
  };
  // A whole run goes in two lanes side by side, each one suite at a time (measured on two cores:
  // a third lane, or two suites at a time in one, saturates the CPU and makes the run longer).
  // The e2e lane also takes the long integration suites in MOVED_TO_E2E_LANE, so both lanes end
  // at about the same time, and runs its real-time suites last
  // (infra/jest/realtime-last-sequencer.mjs), when the main lane is down to its short unit suites.
  // A run narrowed by arguments stays one lane.
  const narrowed = jestArgs.some((arg) => !arg.startsWith('--') || /^--(selectProjects|testPathPatterns)/.test(arg));
  const lanes = narrowed
    ? [{ name: '', args: [] }]
    : wholeRunLanes(join(root, 'infra/jest/realtime-last-sequencer.mjs'));
  // The zero-warning policy is part of the suite: types (tests included), lint and format. It runs
  // beside the lanes at the lowest priority, using the CPU they leave idle (they wait on real time,
  // browsers and servers) without slowing what they measure.
  const checks = serviceTierOnly ? [] : [runNiced('npm', ['run', 'check'], 'check')];
  const codes = await Promise.all([
    ...lanes.map((lane) => runJest([...jestArgs, ...lane.args], lane.name, env)),
    ...checks,
  ]);
  const names = [...lanes.map((lane) => `${lane.name || 'jest'}`), ...(checks.length ? ['check'] : [])];
  console.log(`[test] ${names.map((name, i) => `${name} exit ${codes[i]}`).join(', ')}`);
  exitCode = codes.every((code) => code === 0) ? 0 : 1;
} finally {
  await cleanup(infra.env).catch((error) => console.error(`[test] cleanup: ${error.message}`));
  await infra.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);

/** One Jest process; a named lane's lines are prefixed with its name so side-by-side output stays readable. */
function runJest(args, laneName, env) {
  return run(
    process.execPath,
    ['--experimental-vm-modules', '--no-warnings', join(root, 'node_modules/jest/bin/jest.js'), '--runInBand', ...args],
    laneName,
    env,
  );
}

/** A command at the lowest CPU priority (`nice -n 19` where there is one). */
function runNiced(command, args, laneName) {
  const nice = spawnSync('nice', ['-n', '19', 'true']).status === 0;
  return nice ? run('nice', ['-n', '19', command, ...args], laneName) : run(command, args, laneName);
}

function run(command, args, laneName, env = process.env) {
  return new Promise((resolveExit) => {
    const child = spawn(command, args, { cwd: root, env, stdio: laneName ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (laneName) {
      for (const [stream, target] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        createInterface({ input: stream }).on('line', (line) => target.write(`[${laneName}] ${line}\n`));
      }
    }
    child.on('error', (error) => {
      console.error(`[test] ${command}: ${error.message}`);
      resolveExit(1);
    });
    child.on('exit', (code) => resolveExit(code ?? 1));
  });
}

/** Removes what this run left on shared servers: its databases, queue keys and bucket. */
async function cleanup(env) {
  const { default: pg } = await import('pg');
  const admin = new URL(env.DATABASE_URL);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`vf_test_${runId}%`]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await client.end();
  }

  const { Redis } = await import('ioredis');
  const redis = new Redis(env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `vft-${runId}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }

  const s3 = await import('@aws-sdk/client-s3');
  const client3 = new s3.S3Client({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION ?? 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  // The run's bucket and every stack's own (`<run bucket>-<label>`, libs/testing/src/stack.ts).
  const emptyAndDelete = async (bucket) => {
    try {
      let token;
      do {
        const page = await client3.send(new s3.ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        for (const object of page.Contents ?? [])
          await client3.send(new s3.DeleteObjectCommand({ Bucket: bucket, Key: object.Key }));
        token = page.NextContinuationToken;
      } while (token);
      await client3.send(new s3.DeleteBucketCommand({ Bucket: bucket }));
    } catch (error) {
      if (error?.name !== 'NoSuchBucket') throw error;
    }
  };
  try {
    const { Buckets = [] } = await client3.send(new s3.ListBucketsCommand({}));
    const stackBuckets = Buckets.map((b) => b.Name).filter((name) => name?.startsWith(`${env.S3_BUCKET}-`));
    for (const bucket of [...stackBuckets, env.S3_BUCKET]) await emptyAndDelete(bucket);
  } finally {
    client3.destroy();
  }
}
