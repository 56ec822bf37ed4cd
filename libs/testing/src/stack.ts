import type { DatabaseOwner } from '@app/database';
import { createIsolatedDatabase, type IsolatedDatabase } from './isolated-database.js';
import { APP_ENTRIES, startApp, type RunningApp, type TestAppName } from './app-process.js';
import { provisionServiceRoles } from './service-database.js';
import { testInfra } from './test-env.js';

export interface TestStack {
  baseUrl: string;
  /** What every app gets; no database URL (each app has a role of its own: `envFor`). */
  env: Record<string, string>;
  /** One app's environment: `env`, its own database role's URL, and its overrides. */
  envFor(name: TestAppName): Record<string, string>;
  /** Each service's own role on the stack's database (the database URL itself is the superuser's). */
  serviceDatabaseUrls: Record<DatabaseOwner, string>;
  apps: Map<TestAppName, RunningApp[]>;
  database: IsolatedDatabase;
  /** Starts one more replica of an app with the stack's environment. */
  addReplica(name: TestAppName): Promise<RunningApp>;
  stop(): Promise<void>;
}

/**
 * The whole product as real processes on this run's infrastructure, in a database of its own
 * and a NATS subject / queue namespace of its own, so stacks never answer each other. A
 * `DATABASE_URL` override (e.g. a private server an outage test stops) is used as given: the
 * caller owns that database, so the stack neither creates nor drops one. `appOverrides` adds
 * variables for one app only (e.g. its own NATS_USER / NATS_PASSWORD).
 */
export async function startStack(
  label: string,
  apps: TestAppName[] = Object.keys(APP_ENTRIES) as TestAppName[],
  overrides: Record<string, string> = {},
  appOverrides: Partial<Record<TestAppName, Record<string, string>>> = {},
): Promise<TestStack> {
  const infra = testInfra();
  const database: IsolatedDatabase = overrides.DATABASE_URL
    ? givenDatabase(overrides.DATABASE_URL)
    : await createIsolatedDatabase(label);
  const namespace = `${infra.natsSubjectPrefix}${label}.`;
  const serviceDatabaseUrls = await provisionServiceRoles(database.url);
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    REDIS_URL: infra.redisUrl,
    NATS_URL: infra.natsUrl,
    NATS_SUBJECT_PREFIX: namespace,
    QUEUE_PREFIX: `${infra.queuePrefix}-${label}`,
    FFMPEG_PATH: infra.ffmpegPath,
    FFPROBE_PATH: infra.ffprobePath,
    ...Object.fromEntries(Object.entries(infra.s3).map(([k, v]) => [k, String(v)])),
    // A bucket of its own: video ids start at 1 in every stack's database, so stacks running at
    // the same time (the browser lane beside the others) would otherwise overwrite and delete
    // each other's `videos/<id>/…` objects.
    S3_BUCKET: stackBucket(infra.s3.S3_BUCKET, label),
    // Every test signs up and in from 127.0.0.1; the throttle test sets its own, low limits.
    THROTTLE_LOGIN_PER_EMAIL: '1000',
    THROTTLE_LOGIN_PER_IP: '1000',
    THROTTLE_REGISTER_PER_IP: '1000',
    THROTTLE_UPLOADS_PER_HOUR: '1000',
    THROTTLE_WRITES_PER_MINUTE: '1000',
    THROTTLE_UPLOADS_IN_FLIGHT: '20',
    // Hundreds of sign-ups per run: at OWASP's cost each spends ~0.35 s of CPU (auth.int-spec
    // checks the production cost itself).
    PASSWORD_HASH_COST_LOG2: '12',
    ...overrides,
  };
  if (!overrides.S3_BUCKET) await createBucket(infra.s3, env.S3_BUCKET);
  const envFor = (name: TestAppName): Record<string, string> => ({
    ...env,
    ...(name === 'media-worker' ? {} : { DATABASE_URL: serviceDatabaseUrls[name] }),
    ...appOverrides[name],
  });
  const running = new Map<TestAppName, RunningApp[]>();
  const add = async (name: TestAppName) => {
    const app = await startApp(name, envFor(name));
    running.set(name, [...(running.get(name) ?? []), app]);
    return app;
  };
  const stopAll = async () => {
    await Promise.all([...running.values()].flat().map((app) => app.stop()));
    await database.drop();
  };
  try {
    // The first process applies the migrations; the rest then start in parallel.
    const [first, ...rest] = apps;
    if (first) await add(first);
    await Promise.all(rest.map((name) => add(name)));
  } catch (error) {
    await stopAll();
    throw error;
  }
  const gateway = running.get('gateway')?.[0];
  return {
    baseUrl: gateway ? `http://127.0.0.1:${gateway.port}` : '',
    env,
    envFor,
    serviceDatabaseUrls,
    apps: running,
    database,
    addReplica: add,
    stop: stopAll,
  };
}

function givenDatabase(url: string): IsolatedDatabase {
  return { url, name: decodeURIComponent(new URL(url).pathname.slice(1)), drop: () => Promise.resolve() };
}

/** Creates a stack's bucket (one that already exists is fine). */
async function createBucket(s3: ReturnType<typeof testInfra>['s3'], bucket: string): Promise<void> {
  // Loaded when a stack starts, not when the harness is imported (unit-like suites import it too).
  const { CreateBucketCommand, S3Client } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    endpoint: s3.S3_ENDPOINT,
    region: s3.S3_REGION,
    forcePathStyle: s3.S3_FORCE_PATH_STYLE,
    credentials: { accessKeyId: s3.S3_ACCESS_KEY_ID, secretAccessKey: s3.S3_SECRET_ACCESS_KEY },
  });
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw error;
  } finally {
    client.destroy();
  }
}

/** The run's bucket name with the stack's label: lowercase letters, digits and dashes, at most 63. */
export function stackBucket(runBucket: string, label: string): string {
  const suffix = label.toLowerCase().replace(/[^a-z0-9-]+/g, '-');
  return `${runBucket}-${suffix}`.slice(0, 63).replace(/-+$/, '');
}
