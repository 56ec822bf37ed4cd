import { isIP } from 'node:net';
import { z } from 'zod';
import type { AppName } from '@app/contracts';

/**
 * Every environment variable the product reads, grouped by the dependency it configures.
 * Each app parses its own schema once at start (loadConfig); nothing else reads process.env.
 */
const booleanFromEnv = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const common = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
};
const postgres = {
  DATABASE_URL: z.string().url().default('postgres://postgres:postgres@127.0.0.1:5432/videofeedback'),
};
const redis = {
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  /** Namespaces every BullMQ key, so parallel runs (tests beside `npm run up`) never share jobs. */
  QUEUE_PREFIX: z.string().min(1).default('vf'),
};
const nats = {
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  /** Prepended to every NATS subject, so parallel runs on one NATS server stay apart. */
  NATS_SUBJECT_PREFIX: z.string().default(''),
};
const s3 = {
  S3_ENDPOINT: z.string().url().default('http://127.0.0.1:9000'),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).default('S3RVER'),
  S3_SECRET_ACCESS_KEY: z.string().min(1).default('S3RVER'),
  S3_BUCKET: z.string().min(3).default('videofeedback'),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(true),
};
const ffmpeg = {
  FFMPEG_PATH: z.string().default('ffmpeg'),
  FFPROBE_PATH: z.string().default('ffprobe'),
};
/** Express's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDRs. */
const PROXY_RANGE_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(token: string): boolean {
  if (PROXY_RANGE_KEYWORDS.has(token)) return true;
  const [address = '', prefix, ...rest] = token.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which peers may tell the gateway the client's address and scheme (X-Forwarded-For/-Proto):
 * none by default, so a client can never choose its own address; a hop count (`1` behind one
 * ingress) or a comma-separated list of proxy addresses, CIDRs or Express's range keywords.
 * `true` (every hop) is refused: it is the same hole as no check at all.
 */
export const trustProxySchema = z
  .string()
  .optional()
  .transform((raw, ctx): false | number | string[] => {
    const value = raw?.trim() ?? '';
    if (value === '' || value === 'false') return false;
    if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
    const tokens = value.split(',').map((token) => token.trim());
    const bad = tokens.filter((token) => !isProxyAddress(token));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a hop count or a comma-separated list of proxy addresses, CIDRs or loopback/linklocal/uniquelocal (not ${bad.join(', ')})`,
      });
      return z.NEVER;
    }
    return tokens;
  });

/**
 * The addresses people open the app at (`https://skillshare.example`), comma-separated, for
 * the cross-site request check behind a proxy that rewrites Host; unset compares with Host.
 */
export const publicOriginSchema = z
  .string()
  .optional()
  .transform((raw, ctx): string[] => {
    const tokens = (raw ?? '')
      .split(',')
      .map((token) => token.trim())
      .filter(Boolean);
    for (const token of tokens) {
      let origin: string | undefined;
      try {
        const url = new URL(token);
        if (url.protocol === 'http:' || url.protocol === 'https:') origin = url.origin;
      } catch {
        // reported below
      }
      if (origin !== token) {
        ctx.addIssue({
          code: 'custom',
          message: `must be origins like https://app.example, without a path (not ${token})`,
        });
        return z.NEVER;
      }
    }
    return tokens;
  });

/** Port of a service's own HTTP readiness endpoints (0 picks a free port, for extra local replicas). */
const healthPort = (port: number) => ({ HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(port) });

export const gatewayConfigSchema = z
  .object({
    ...common,
    ...postgres,
    ...redis,
    ...nats,
    ...s3,
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    /** Internal port of /metrics, never the public one (0 picks a free port). */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
    TRUST_PROXY: trustProxySchema,
    PUBLIC_ORIGIN: publicOriginSchema,
    /** Upper bound for any call from the gateway to a service; a stopped service costs at most this. */
    SERVICE_TIMEOUT_MS: z.coerce.number().int().min(100).max(4500).default(3000),
    /** Built SPA served on every non-API path. */
    STATIC_DIR: z.string().default('frontend/dist'),
    /** Signs the session cookie. Required in production; elsewhere a fixed development value. */
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SESSION_MAX_AGE_HOURS: z.coerce.number().int().min(1).max(8760).default(336),
    /** Failed logins per email per 15 minutes before 429. */
    THROTTLE_LOGIN_PER_EMAIL: z.coerce.number().int().min(1).default(5),
    /** Failed logins per client IP per 15 minutes before 429. */
    THROTTLE_LOGIN_PER_IP: z.coerce.number().int().min(1).default(50),
    /** Registration attempts per client IP per hour before 429. */
    THROTTLE_REGISTER_PER_IP: z.coerce.number().int().min(1).default(20),
  })
  .refine((config) => config.NODE_ENV !== 'production' || config.SESSION_SECRET !== undefined, {
    path: ['SESSION_SECRET'],
    message: 'is required when NODE_ENV=production',
  });

export const serviceConfigSchema = (port: number) => z.object({ ...common, ...postgres, ...nats, ...healthPort(port) });

export const authServiceConfigSchema = z.object({
  ...common,
  ...postgres,
  ...nats,
  ...redis,
  ...healthPort(8081),
  /** This account is made an admin when it exists at start or when it registers. */
  ADMIN_EMAIL: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email())
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export const videoServiceConfigSchema = z.object({
  ...common,
  ...postgres,
  ...nats,
  ...redis,
  ...healthPort(8083),
  /** Most time the video service waits for a probe verdict before answering "pending". */
  PROBE_WAIT_MAX_MS: z.coerce.number().int().min(0).max(60000).default(15000),
});

export const mediaWorkerConfigSchema = z.object({
  ...common,
  ...postgres,
  ...redis,
  ...s3,
  ...ffmpeg,
  ...healthPort(8086),
  PROBE_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  // On SIGTERM a running transcode gets this long to finish; then ffmpeg is stopped and the job
  // goes back to the queue for another replica. Keep it below the pod's termination grace period.
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
});

export const APP_CONFIG_SCHEMAS = {
  gateway: gatewayConfigSchema,
  auth: authServiceConfigSchema,
  catalog: serviceConfigSchema(8082),
  video: videoServiceConfigSchema,
  feedback: z.object({ ...common, ...postgres, ...nats, ...redis, ...healthPort(8084) }),
  admin: z.object({
    ...common,
    ...postgres,
    ...nats,
    ...healthPort(8085),
    /**
     * Test only: the user-deletion saga stops (hangs) after this step, so a test can kill the
     * process half-way and watch a fresh one finish the deletion.
     */
    USER_DELETION_HANG_AFTER: z.enum(['videos', 'feedback', 'bookmarks']).optional(),
  }),
  'media-worker': mediaWorkerConfigSchema,
} as const satisfies Record<AppName, z.ZodObject>;

export type AppConfig<A extends AppName> = z.infer<(typeof APP_CONFIG_SCHEMAS)[A]>;

/** Parses the environment for one app; a bad value stops the process with a readable list. */
export function loadConfig<A extends AppName>(app: A, env: NodeJS.ProcessEnv = process.env): AppConfig<A> {
  const parsed = APP_CONFIG_SCHEMAS[app].safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration for ${app}:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data as AppConfig<A>;
}
