import { HttpException, HttpStatus, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import connectPgSimple from 'connect-pg-simple';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session, { type SessionData } from 'express-session';
import passport from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import pg from 'pg';
import { DATABASE_UNAVAILABLE_MESSAGE, securityEvent } from '@app/common';
import type { UserDto } from '@app/contracts';
import { AuthClient } from '../clients/auth.client.js';
import { config } from '../config.js';
import { GATEWAY_DATABASE } from '../db/gateway-database.js';
import { signedInMarker } from './signed-in-marker.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    /** What the session remembers about the signed-in user: only the id; the rest is looked up fresh. */
    interface User {
      id: string;
    }
  }
}

declare module 'express-session' {
  interface SessionData {
    /** When the member signed in (ms since the epoch): the start of the absolute lifetime. */
    createdAt: number;
    /** The last request seen, to within LAST_SEEN_STEP: the start of the idle lifetime. */
    lastSeen: number;
    passport: { user?: string };
  }
}

/** Plain HTTP (development, tests): the classic name. */
export const SESSION_COOKIE = 'vf.sid';
/**
 * Behind TLS: the browser accepts a `__Host-` cookie only when it is Secure, for Path=/ and
 * without a Domain, so no sibling subdomain or plain-HTTP page can set or overwrite it.
 */
export const SECURE_SESSION_COOKIE = '__Host-vf.sid';

/** The session cookie's name for this request: `__Host-vf.sid` over HTTPS (seen through the trusted proxy), else `vf.sid`. */
export const sessionCookieName = (req: Request): string => (req.secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE);

// Only for development and tests; production refuses to start without SESSION_SECRET (app-config).
const DEVELOPMENT_SECRET = 'development-only-session-secret-not-for-production';

/** How long a sign-in lasts, enforced on the server from the times stored in the session. */
export interface SessionLifetimes {
  idleMs: number;
  absoluteMs: number;
  /**
   * How stale `lastSeen` may get before a request refreshes it. Refreshing is what writes the
   * row, so a busy member costs one write per step, not one per request; the idle limit may
   * therefore end a session up to one step early.
   */
  lastSeenStepMs: number;
}

export const sessionLifetimes = (idleMinutes: number, absoluteHours: number): SessionLifetimes => {
  const idleMs = idleMinutes * 60_000;
  return { idleMs, absoluteMs: absoluteHours * 3_600_000, lastSeenStepMs: Math.min(5 * 60_000, idleMs / 4) };
};

export type SessionTimes = Partial<Pick<SessionData, 'createdAt' | 'lastSeen'>>;
export type LifetimeVerdict = 'fresh' | 'refresh' | 'idle' | 'absolute';

/**
 * What a signed-in session's stored times say now: still fresh, due for a `lastSeen` refresh, or
 * over its idle or absolute limit. A session without times (signed in before these limits
 * existed) counts as over its absolute limit.
 */
export function lifetimeVerdict(times: SessionTimes, now: number, lifetimes: SessionLifetimes): LifetimeVerdict {
  const { createdAt, lastSeen } = times;
  if (typeof createdAt !== 'number' || typeof lastSeen !== 'number') return 'absolute';
  if (now - createdAt >= lifetimes.absoluteMs) return 'absolute';
  if (now - lastSeen >= lifetimes.idleMs) return 'idle';
  return now - lastSeen >= lifetimes.lastSeenStepMs ? 'refresh' : 'fresh';
}

/** When the stored row stops being served: the earlier of the idle and the absolute end. */
export function storedExpiry(times: SessionTimes, lifetimes: SessionLifetimes): number | null {
  const { createdAt, lastSeen } = times;
  if (typeof createdAt !== 'number' || typeof lastSeen !== 'number') return null;
  return Math.min(lastSeen + lifetimes.idleMs, createdAt + lifetimes.absoluteMs);
}

const LIFETIMES = sessionLifetimes(config.SESSION_IDLE_MINUTES, config.SESSION_ABSOLUTE_HOURS);

/**
 * Cookie sessions stored in Postgres (`sessions`: sid, sess, expire) and passport-local for
 * email + password, checked by the auth service. Mounted on /api only: assets need no session.
 * A sign-in ends after SESSION_IDLE_MINUTES without a request or SESSION_ABSOLUTE_HOURS after
 * it began, whichever comes first; the row's `expire` says the same, and is written only when
 * `lastSeen` moves (at most once per LAST_SEEN step), never on every request.
 */
@Injectable()
export class SessionSetup implements OnApplicationShutdown {
  private readonly logger = new Logger(SessionSetup.name);
  private readonly pool = new pg.Pool({
    connectionString: config.DATABASE_URL,
    application_name: 'gateway-sessions',
    max: 10,
    connectionTimeoutMillis: 3000,
    // The gateway's own schema: its role can read and write nothing else.
    options: `-c search_path=${GATEWAY_DATABASE.schema}`,
  });

  constructor(auth: AuthClient) {
    this.pool.on('error', (error) => this.logger.warn({ msg: 'session pool error', error: error.message }));
    passport.use(
      new LocalStrategy(
        { usernameField: 'email', passwordField: 'password', session: true },
        (email, password, done) => {
          auth.verifyCredentials({ email, password }).then(
            (user) => done(null, user),
            (error: unknown) => (hasHttpStatus(error, HttpStatus.UNAUTHORIZED) ? done(null, false) : done(error)),
          );
        },
      ),
    );
    passport.serializeUser((user, done) => done(null, user.id));
    passport.deserializeUser((id: string, done) => done(null, { id }));
  }

  private mounted?: RequestHandler[];

  /** Readiness: the sessions database answers (the gateway's only PostgreSQL connection). */
  readonly postgresIndicator = {
    name: 'postgres',
    check: async () => {
      await this.pool.query('SELECT 1');
    },
  };

  /** session → lifetime check → passport → passport session → signed-in marker, in that order; one set, however many mounts use it. */
  handlers(): RequestHandler[] {
    this.mounted ??= this.createHandlers();
    return this.mounted;
  }

  /**
   * Ends every session of the member but the one this request carries (after a password
   * change): the gateway owns `sessions`, and passport keeps the member's id in each.
   */
  async endOtherSessions(userId: string, keepSessionId: string): Promise<number> {
    const result = await this.pool.query(
      `DELETE FROM sessions WHERE (sess -> 'passport' ->> 'user') = $1 AND sid <> $2`,
      [userId, keepSessionId],
    );
    return result.rowCount ?? 0;
  }

  private createHandlers(): RequestHandler[] {
    const PgStore = connectPgSimple(session);
    const store = new PgStore({
      pool: this.pool,
      schemaName: GATEWAY_DATABASE.schema,
      tableName: 'sessions',
      createTableIfMissing: false,
      pruneSessionInterval: 15 * 60,
      // The row's expiry moves only when the session is saved (sign-in, a `lastSeen` step).
      disableTouch: true,
      ttl: LIFETIMES.idleMs / 1000,
      errorLog: (...args: unknown[]) => this.logger.warn({ msg: 'session store', detail: String(args[0]) }),
    });
    // connect-pg-simple takes `expire` from the cookie's expiry: store the earlier of the idle
    // and absolute ends instead, so the database stops serving the row when the server would refuse it.
    const save = store.set.bind(store);
    store.set = (sid, sess, callback) => {
      const expiry = storedExpiry(sess, LIFETIMES);
      if (expiry === null) return save(sid, sess, callback);
      const cookie = { ...(sess.cookie as unknown as { data: object }).data, expires: new Date(expiry) };
      return save(sid, { ...sess, cookie } as unknown as SessionData, callback);
    };
    const sessionFor = (name: string) =>
      session({
        name,
        secret: config.SESSION_SECRET ?? DEVELOPMENT_SECRET,
        store,
        resave: false,
        saveUninitialized: false,
        unset: 'destroy',
        // One set of options for both names (express-session keeps the last one on the shared
        // store): Secure whenever the request arrived over TLS, as `__Host-` requires.
        cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', path: '/' },
      });
    const secureSessions = sessionFor(SECURE_SESSION_COOKIE);
    const plainSessions = sessionFor(SESSION_COOKIE);
    const sessions: RequestHandler = (req, res, next) => (req.secure ? secureSessions : plainSessions)(req, res, next);
    // A session store that cannot answer is a dependency outage: 503 JSON, never express's HTML 500.
    const guardedSessions: RequestHandler = (req, res, next) =>
      sessions(req, res, (error?: unknown) => {
        if (!error) return next();
        // The stored session could not be read, so it is not ours to change: without an id,
        // express-session will not "destroy the unset session" as this answer ends (which would
        // sign the user out if the store came back meanwhile, or hold the answer on a dead store).
        delete (req as { sessionID?: string }).sessionID;
        storeUnavailable(res, this.logger, error);
      });
    return [
      guardedSessions,
      this.enforceLifetime,
      passport.initialize() as RequestHandler,
      passport.session() as RequestHandler,
      // The web app's hint of whether to ask who is signed in, kept in step with the session.
      signedInMarker(LIFETIMES.absoluteMs),
    ];
  }

  /** Ends a signed-in session past its idle or absolute limit; refreshes `lastSeen` once per step. */
  private readonly enforceLifetime: RequestHandler = (req, res, next) => {
    const current = req.session;
    const userId = current?.passport?.user;
    if (!current || !userId) return next();
    const now = Date.now();
    const verdict = lifetimeVerdict(current, now, LIFETIMES);
    if (verdict === 'idle' || verdict === 'absolute') {
      securityEvent(this.logger, {
        event: 'auth.session.expired',
        outcome: 'success',
        actorId: userId,
        reason: verdict === 'idle' ? 'idle limit' : 'absolute limit',
      });
      // A fresh, empty session in its place: the old row is deleted and the request is signed out.
      // A store that cannot delete it is an outage like any other: 503 JSON, not express's HTML 500.
      current.regenerate((error?: unknown) => (error ? storeUnavailable(res, this.logger, error) : next()));
      return;
    }
    if (verdict === 'refresh') current.lastSeen = now;
    // The browser may keep the cookie until the absolute end (sent again whenever the session is saved).
    current.cookie.expires = new Date((current.createdAt as number) + LIFETIMES.absoluteMs);
    next();
  };

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end().catch(() => undefined);
  }
}

function storeUnavailable(res: Response, logger: Logger, error: unknown): void {
  logger.warn({ msg: 'session store unavailable', error: error instanceof Error ? error.message : String(error) });
  // express-session also reports a failed save at the end of a request, after the answer went out.
  if (res.headersSent) return;
  res.status(HttpStatus.SERVICE_UNAVAILABLE).json({ message: DATABASE_UNAVAILABLE_MESSAGE });
}

/** Runs passport-local on the (validated) body: the user, or null for wrong credentials. */
export function authenticateWithPassword(req: Request, res: Response): Promise<UserDto | null> {
  return new Promise((resolve, reject) => {
    const next: NextFunction = (error?: unknown) => (error ? reject(asError(error)) : resolve(null));
    const authenticate = passport.authenticate('local', { session: false }, (error: unknown, user: UserDto | false) =>
      error ? reject(asError(error)) : resolve(user || null),
    ) as RequestHandler;
    authenticate(req, res, next);
  });
}

/**
 * Starts a session for the user; passport issues a fresh session id (no fixation), and the
 * idle and absolute lifetimes start now.
 */
export async function startSession(req: Request, user: UserDto): Promise<void> {
  await new Promise<void>((resolve, reject) =>
    req.login(user, (error) => (error ? reject(asError(error)) : resolve())),
  );
  const now = Date.now();
  req.session.createdAt = now;
  req.session.lastSeen = now;
  req.session.cookie.expires = new Date(now + LIFETIMES.absoluteMs);
}

/** Signs out and destroys the stored session; the cookie is cleared. */
export async function endSession(req: Request, res: Response): Promise<void> {
  await new Promise<void>((resolve, reject) => req.logout((error) => (error ? reject(asError(error)) : resolve())));
  await new Promise<void>((resolve) => (req.session ? req.session.destroy(() => resolve()) : resolve()));
  res.clearCookie(sessionCookieName(req), { httpOnly: true, sameSite: 'lax', path: '/', secure: req.secure });
}

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/** True for an HttpException with that status (how a service's domain error reaches the gateway). */
export const hasHttpStatus = (error: unknown, status: HttpStatus): boolean =>
  error instanceof HttpException && error.getStatus() === (status as number);
