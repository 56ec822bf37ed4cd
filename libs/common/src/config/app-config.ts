import { isIP } from 'node:net';
import { z } from 'zod';
import type { AppName } from '@app/contracts';

/**
 * Every environment variable the product reads, grouped by the dependency it configures.
 * Each app parses its own schema once at start (loadConfig); nothing else reads process.env.
 */
const booleanFromEnv = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** An optional value where an empty string (e.g. a blank Secret key) means "not set". */
const optionalSecret = z
  .string()
  .min(1)
  .optional()
  .or(z.literal('').transform(() => undefined));

const common = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  /** json: one JSON object per line (production, tests); pretty: coloured lines for people (`npm run dev`). */
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  /** Pretty lines are coloured on a terminal or when FORCE_COLOR asks; never when NO_COLOR is set (no-color.org). */
  NO_COLOR: z.string().optional(),
  FORCE_COLOR: z.string().optional(),
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
  /**
   * This process's NATS user and password (infra/nats/nats-server.conf: one user per app, each
   * allowed only its own subjects). Both or neither; unset (or empty) connects without credentials.
   */
  NATS_USER: optionalSecret,
  NATS_PASSWORD: optionalSecret,
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
    /** Signs the session cookie. Required in production (and no placeholder); elsewhere a fixed development value. */
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** A sign-in ends after this long without a request (checked on the server). */
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(43_200).default(240),
    /** A sign-in ends this long after it started, however active (checked on the server). */
    SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(8760).default(168),
    /** Failed logins per email per 15 minutes before 429. */
    THROTTLE_LOGIN_PER_EMAIL: z.coerce.number().int().min(1).default(5),
    /** Failed logins per client IP per 15 minutes before 429. */
    THROTTLE_LOGIN_PER_IP: z.coerce.number().int().min(1).default(50),
    /** Registration attempts per client IP per hour before 429. */
    THROTTLE_REGISTER_PER_IP: z.coerce.number().int().min(1).default(20),
    /** Video uploads (files and links) per member per hour before 429. */
    THROTTLE_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).default(20),
    /** Feedback, helpful votes, ratings and profile changes per member per minute before 429. */
    THROTTLE_WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    /** File uploads one member may stream at once; one more is refused with 429. */
    THROTTLE_UPLOADS_IN_FLIGHT: z.coerce.number().int().min(1).default(2),
    /** A notification stream's heartbeat (a comment line, and a look for anything a lost signal missed). */
    NOTIFICATION_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(25).default(20),
    /**
     * A notification stream ends after this long and the browser reconnects (with Last-Event-ID,
     * losing nothing): the session is checked again, and a signed-out member's stream cannot linger.
     */
    NOTIFICATION_STREAM_MAX_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
    /**
     * How long an anonymous list answer may be served from a gateway's memory (0 = never). Every
     * change the catalog stores ends it at once on every replica (CATALOG_LIVE_SUBJECT); this
     * bounds it when an announcement is lost.
     */
    LIST_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
    /**
     * How long a signed-in member's own account may be served from a gateway's memory (0 = never).
     * Every change auth stores ends it at once on every replica (AUTH_LIVE_SUBJECT); this bounds
     * it when an announcement is lost.
     */
    USER_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
    /** An upload sending less than this many bytes per second, over the window below, is cut (408). */
    UPLOAD_MIN_BYTES_PER_SECOND: z.coerce
      .number()
      .int()
      .min(1)
      .default(16 * 1024),
    UPLOAD_MIN_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(300).default(30),
  })
  .refine((config) => config.NODE_ENV !== 'production' || config.SESSION_SECRET !== undefined, {
    path: ['SESSION_SECRET'],
    message: 'is required when NODE_ENV=production',
  })
  .superRefine((config, context) => {
    const weakness =
      config.NODE_ENV === 'production' && config.SESSION_SECRET ? sessionSecretWeakness(config.SESSION_SECRET) : null;
    if (weakness) context.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: weakness });
  });

/**
 * Why a session secret must not sign production cookies, or null when it may: the published
 * placeholders (k8s base, docker-compose, the gateway's development value), anything still saying
 * "change me", and values with too few distinct characters to be random (a hex secret from
 * `openssl rand -hex 32` has 16).
 */
export function sessionSecretWeakness(secret: string): string | null {
  const lowered = secret.toLowerCase();
  if (PUBLISHED_SESSION_SECRETS.has(secret) || /change-?me/.test(lowered)) {
    return 'is a published placeholder; set a random value (e.g. openssl rand -hex 32)';
  }
  if (new Set(secret).size < 12) {
    return 'has too few distinct characters to be random; set a random value (e.g. openssl rand -hex 32)';
  }
  return null;
}

const PUBLISHED_SESSION_SECRETS = new Set([
  'change-me-to-at-least-32-random-characters',
  'compose-development-session-secret-change-me',
  'development-only-session-secret-not-for-production',
]);

export const serviceConfigSchema = (port: number) => z.object({ ...common, ...postgres, ...nats, ...healthPort(port) });

export const authServiceConfigSchema = z
  .object({
    ...common,
    ...postgres,
    ...nats,
    ...redis,
    ...healthPort(8081),
    /**
     * The first admin: created at start with ADMIN_PASSWORD when no account uses it, or promoted
     * once when ADMIN_PASSWORD matches its password. Registering this address grants nothing.
     */
    ADMIN_EMAIL: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email())
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** The first admin's password (a Secret); without it ADMIN_EMAIL promotes nobody (logged). */
    ADMIN_PASSWORD: z
      .string()
      .min(6, 'must be at least 6 characters')
      .max(255, 'must be 255 characters or less')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * log2 of scrypt's N for new password hashes: OWASP's 17 (128 MiB, ~0.35 s of CPU each).
     * Lower only in a test run, where hundreds of sign-ups would otherwise spend minutes hashing.
     */
    PASSWORD_HASH_COST_LOG2: z.coerce.number().int().min(10).max(17).default(17),
  })
  .refine((config) => config.PASSWORD_HASH_COST_LOG2 === 17 || config.NODE_ENV === 'test', {
    path: ['PASSWORD_HASH_COST_LOG2'],
    message: 'may be lowered below 17 only when NODE_ENV=test',
  });

export const videoServiceConfigSchema = z.object({
  ...common,
  ...postgres,
  ...nats,
  ...redis,
  ...healthPort(8083),
  /** Most time the video service waits for a probe verdict before answering "pending". */
  PROBE_WAIT_MAX_MS: z.coerce.number().int().min(0).max(60000).default(15000),
  /** An upload's stored object with no video after this long is deleted (a failed or abandoned upload). */
  UPLOAD_INTENT_TTL_SECONDS: z.coerce.number().int().min(1).default(3600),
  /** How often each video replica looks for such expired uploads. */
  UPLOAD_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(60),
});

export const mediaWorkerConfigSchema = z.object({
  ...common,
  // No database: the worker learns everything from its jobs and asks owners over NATS.
  ...redis,
  ...s3,
  ...ffmpeg,
  // The cleanup worker asks the video and auth services whether a live row still names an object.
  ...nats,
  ...healthPort(8086),
  PROBE_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  /** A re-encode's time budget per second of media (clamped to 6..120.5 s); over it the video fails. */
  FFMPEG_ENCODE_SECONDS_PER_MEDIA_SECOND: z.coerce.number().positive().max(100).default(10),
  // On SIGTERM a running transcode gets this long to finish; then ffmpeg is stopped and the job
  // goes back to the queue for another replica. Keep it below the pod's termination grace period.
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /**
   * A killed worker's transcode goes to another replica after this long (its lock expires; the
   * stalled check runs twice per period). Longer tolerates event-loop stalls, shorter recovers sooner.
   */
  TRANSCODE_TAKEOVER_SECONDS: z.coerce.number().int().min(5).max(600).default(30),
});

export const APP_CONFIG_SCHEMAS = {
  gateway: gatewayConfigSchema,
  auth: authServiceConfigSchema,
  // Redis: the domain events it consumes (a deleted video's bookmarks).
  catalog: z.object({ ...common, ...postgres, ...nats, ...redis, ...healthPort(8082) }),
  video: videoServiceConfigSchema,
  feedback: z.object({
    ...common,
    ...postgres,
    ...nats,
    ...redis,
    ...healthPort(8084),
    /** How often the serial-voting check runs (one replica at a time); nightly by default. */
    VOTE_INTEGRITY_INTERVAL_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 86400)
      .default(86400),
    /**
     * Helpful votes plus ratings one member gave one author's feedback within a day that count as
     * serial voting (when they are also most of what that member gave that day).
     */
    SERIAL_VOTE_THRESHOLD: z.coerce.number().int().min(2).default(10),
  }),
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
  // Redis: the domain events it consumes; NATS: its calls and the live signal to the gateways.
  notifications: z.object({ ...common, ...postgres, ...nats, ...redis, ...healthPort(8087) }),
  'media-worker': mediaWorkerConfigSchema,
} as const satisfies Record<AppName, z.ZodObject>;

export type AppConfig<A extends AppName> = z.infer<(typeof APP_CONFIG_SCHEMAS)[A]>;

/** A NATS user without its password (or the reverse) is a typo, never an intent: refuse it. */
function pairedNatsCredentials(config: Record<string, unknown>, ctx: z.RefinementCtx): void {
  if (config.NATS_USER !== undefined && config.NATS_PASSWORD === undefined)
    ctx.addIssue({ code: 'custom', path: ['NATS_PASSWORD'], message: 'is required when NATS_USER is set' });
  if (config.NATS_PASSWORD !== undefined && config.NATS_USER === undefined)
    ctx.addIssue({ code: 'custom', path: ['NATS_USER'], message: 'is required when NATS_PASSWORD is set' });
}

/** Parses the environment for one app; a bad value stops the process with a readable list. */
export function loadConfig<A extends AppName>(app: A, env: NodeJS.ProcessEnv = process.env): AppConfig<A> {
  const parsed = (APP_CONFIG_SCHEMAS[app] as z.ZodObject).superRefine(pairedNatsCredentials).safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration for ${app}:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data as AppConfig<A>;
}
