// `npm run up`: installs, provisions, builds and starts the whole product on this machine.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNodeDependencies } from './lib/ensure-deps.mjs';
import {
  claimInstance,
  firstTakenPort,
  isOurGateway,
  releaseInstance,
  runningInstance,
  upPorts,
} from './lib/single-instance.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = join(root, '.data');
const port = Number(process.env.PORT ?? 8080);

// One line and a non-zero exit, never a pile of stack traces, when this cannot start.
const running = runningInstance(dataDir);
if (running) {
  console.error(`[up] already running at ${running.url} (pid ${running.pid}); stop it with Ctrl+C in its terminal`);
  process.exit(1);
}
const taken = await firstTakenPort(upPorts(port));
if (taken) {
  const [takenPort, user] = taken;
  if (takenPort === port && (await isOurGateway(port))) {
    console.error(
      `[up] already running at http://localhost:${port} (started from another directory or by hand); stop it first`,
    );
  } else {
    const elsewhere = takenPort === port ? ', or pick another: PORT=8090 npm run up' : '';
    console.error(`[up] port ${takenPort} (${user}) is taken by another program; stop it${elsewhere}`);
  }
  process.exit(1);
}
claimInstance(dataDir, `http://localhost:${port}`);
process.on('exit', () => releaseInstance(dataDir));

ensureNodeDependencies(root);

const { provisionInfrastructure } = await import('./lib/provision.mjs');
const { APP_ENTRIES, startApp, stopProcess } = await import('./lib/apps.mjs');
const { waitFor } = await import('./lib/net.mjs');

let infra;
try {
  infra = await provisionInfrastructure({
    mode: 'up',
    root,
    dataDir,
    databaseName: 'videofeedback',
    bucket: 'videofeedback',
  });
} catch (error) {
  // Whatever it had started is stopped already; say why in one line (README "Troubleshooting").
  console.error(`[up] could not start the dependencies: ${error.message}`);
  process.exit(1);
}

const children = [];
let shuttingDown = false;
let ready = false;
async function shutdown(code) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log('\n[up] stopping…');
  await Promise.all(children.map((child) => stopProcess(child)));
  await infra.stop();
  console.log('[up] stopped');
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  console.log('[up] building…');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });

  // The one-shot provisioning step (compose's `provision`, the k8s Job): a role and a schema per
  // service, from the superuser URL; each process then connects as its own role only.
  const { localServiceDatabaseUrls, provisionServiceDatabases } = await import('../../libs/database/dist/index.js');
  const { DATABASE_URL: adminUrl, ...sharedEnv } = infra.env;
  const serviceDatabaseUrls = localServiceDatabaseUrls(adminUrl);
  await provisionServiceDatabases({ adminUrl, serviceUrls: serviceDatabaseUrls });
  const env = {
    ...sharedEnv,
    PORT: String(port),
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    SESSION_SECRET: process.env.SESSION_SECRET ?? localSessionSecret(dataDir),
  };
  for (const name of Object.keys(APP_ENTRIES)) {
    const database = serviceDatabaseUrls[name] ? { DATABASE_URL: serviceDatabaseUrls[name] } : {};
    const child = startApp(root, name, { ...env, ...database });
    child.on('exit', (code, signal) => {
      if (shuttingDown) return;
      if (!ready) {
        console.error(`[up] ${name} exited during start (${signal ?? code}); stopping everything`);
        void shutdown(1);
        return;
      }
      // Once up, one process going away must not take the others with it: the gateway answers
      // 503 for what that process served, and the rest of the product keeps working.
      console.error(`[up] ${name} exited (${signal ?? code}); the other processes keep running`);
    });
    children.push(child);
  }

  const base = `http://localhost:${port}`;
  // Every process, not only the gateway's own dependencies (/readyz): the demo seed needs them all.
  await waitFor(
    'the product (/healthz/dependencies)',
    async () => (await fetch(`${base}/healthz/dependencies`, { signal: AbortSignal.timeout(3000) })).ok,
    { timeoutMs: 120_000, intervalMs: 500 },
  );
  ready = true;
  const categories = await (await fetch(`${base}/api/categories`)).json();
  console.log(`\n[up] ready: ${base}  (${categories.length} categories; Ctrl-C stops everything this started)\n`);
  // A newcomer sees a living site: demo members, videos and feedback on an empty database only.
  // Never fails `up`: seeding problems are printed as warnings.
  const { demoSeedingEnabled, seedDemoContent } = await import('./lib/demo-seed.mjs');
  if (demoSeedingEnabled()) await seedDemoContent({ base, ffmpegPath: env.FFMPEG_PATH });
} catch (error) {
  console.error(`[up] failed: ${error.message}`);
  await shutdown(1);
}

/** A random cookie-signing secret kept in .data/, so sessions survive a restart of `npm run up`. */
function localSessionSecret(dataDir) {
  const file = join(dataDir, 'session-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}
