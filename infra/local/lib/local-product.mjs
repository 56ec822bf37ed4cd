// What `npm run up` and `npm run dev` share: one of them per checkout, the dependencies
// provisioned the same way, the apps' environment, the wait until the product answers.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { claimInstance, firstTakenPort, isOurGateway, releaseInstance, runningInstance } from './single-instance.mjs';

/**
 * Exits with one line, before anything is installed or started, when this checkout already runs
 * `npm run up` or `npm run dev`, or a port in `ports` ([port, who uses it, how to pick
 * another]) is taken; else holds the lock file until this process ends. Node built-ins only.
 * @param {{ command: 'up' | 'dev', dataDir: string, gatewayPort: number, url: string, ports: [number, string, string?][] }} options
 */
export async function claimCheckoutOrExit({ command, dataDir, gatewayPort, url, ports }) {
  const tag = `[${command}]`;
  const running = runningInstance(dataDir);
  if (running) {
    const what = running.command === command ? 'already running' : `npm run ${running.command} is already running`;
    console.error(`${tag} ${what} at ${running.url} (pid ${running.pid}); stop it with Ctrl+C in its terminal`);
    process.exit(1);
  }
  const taken = await firstTakenPort(ports);
  if (taken) {
    const [takenPort, user, another] = taken;
    if (takenPort === gatewayPort && (await isOurGateway(gatewayPort))) {
      console.error(
        `${tag} already running at http://localhost:${gatewayPort} (started from another directory or by hand); stop it first`,
      );
    } else {
      const elsewhere = another ? `, or pick another: ${another} npm run ${command}` : '';
      console.error(`${tag} port ${takenPort} (${user}) is taken by another program; stop it${elsewhere}`);
    }
    process.exit(1);
  }
  claimInstance(dataDir, url, command);
  process.on('exit', () => releaseInstance(dataDir));
}

/** PostgreSQL, Redis, NATS, S3 and ffmpeg (lib/provision.mjs), or one line and exit 1. */
export async function provisionOrExit({ command, root, dataDir }) {
  const { provisionInfrastructure } = await import('./provision.mjs');
  try {
    return await provisionInfrastructure({
      mode: 'up',
      root,
      dataDir,
      databaseName: 'videofeedback',
      bucket: 'videofeedback',
    });
  } catch (error) {
    // Whatever it had started is stopped already; say why in one line (README "Troubleshooting").
    console.error(`[${command}] could not start the dependencies: ${error.message}`);
    process.exit(1);
  }
}

/**
 * Each app's environment: the dependencies' addresses, and its own database role. Runs the
 * one-shot provisioning step first (compose's `provision`, the k8s Job): a role and a schema per
 * service, from the superuser URL; each process then connects as its own role only. Needs the
 * server build (libs/database/dist).
 * @returns {Promise<Record<string, Record<string, string>>>} app name → environment
 */
export async function appEnvironments({ root, infra, dataDir, gatewayPort, appNames, extra = {} }) {
  const { localServiceDatabaseUrls, provisionServiceDatabases } = await import(
    pathToFileURL(join(root, 'libs/database/dist/index.js')).href
  );
  const { DATABASE_URL: adminUrl, ...sharedEnv } = infra.env;
  const serviceDatabaseUrls = localServiceDatabaseUrls(adminUrl);
  await provisionServiceDatabases({ adminUrl, serviceUrls: serviceDatabaseUrls });
  const env = {
    ...sharedEnv,
    PORT: String(gatewayPort),
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    SESSION_SECRET: process.env.SESSION_SECRET ?? localSessionSecret(dataDir),
    ...extra,
  };
  return Object.fromEntries(
    appNames.map((name) => [
      name,
      serviceDatabaseUrls[name] ? { ...env, DATABASE_URL: serviceDatabaseUrls[name] } : env,
    ]),
  );
}

/** Waits for every process, not only the gateway's own dependencies (/readyz): the demo seed needs them all. */
export async function waitForProduct(base) {
  const { waitFor } = await import('./net.mjs');
  await waitFor(
    'the product (/healthz/dependencies)',
    async () => (await fetch(`${base}/healthz/dependencies`, { signal: AbortSignal.timeout(3000) })).ok,
    { timeoutMs: 120_000, intervalMs: 500 },
  );
}

/**
 * A newcomer sees a living site: demo members, videos and feedback on an empty database only.
 * Never fails: seeding problems are printed as warnings.
 */
export async function seedDemoWhenEnabled(base, ffmpegPath) {
  const { demoSeedingEnabled, seedDemoContent } = await import('./demo-seed.mjs');
  if (demoSeedingEnabled()) await seedDemoContent({ base, ffmpegPath });
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
