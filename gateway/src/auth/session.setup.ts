import { HttpException, HttpStatus, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import connectPgSimple from 'connect-pg-simple';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import passport from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import pg from 'pg';
import { DATABASE_UNAVAILABLE_MESSAGE } from '@app/common';
import type { UserDto } from '@app/contracts';
import { AuthClient } from '../clients/auth.client.js';
import { config } from '../config.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    /** What the session remembers about the signed-in user: only the id; the rest is looked up fresh. */
    interface User {
      id: string;
    }
  }
}

export const SESSION_COOKIE = 'vf.sid';
// Only for development and tests; production refuses to start without SESSION_SECRET (app-config).
const DEVELOPMENT_SECRET = 'development-only-session-secret-not-for-production';

/**
 * Cookie sessions stored in Postgres (`sessions`: sid, sess, expire) and passport-local for
 * email + password, checked by the auth service. Mounted on /api only: assets need no session.
 */
@Injectable()
export class SessionSetup implements OnApplicationShutdown {
  private readonly logger = new Logger(SessionSetup.name);
  private readonly pool = new pg.Pool({
    connectionString: config.DATABASE_URL,
    application_name: 'gateway-sessions',
    max: 10,
    connectionTimeoutMillis: 3000,
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

  /** session → passport → passport session, in that order; one set, however many mounts use it. */
  handlers(): RequestHandler[] {
    this.mounted ??= this.createHandlers();
    return this.mounted;
  }

  private createHandlers(): RequestHandler[] {
    const PgStore = connectPgSimple(session);
    const sessions = session({
      name: SESSION_COOKIE,
      secret: config.SESSION_SECRET ?? DEVELOPMENT_SECRET,
      store: new PgStore({
        pool: this.pool,
        tableName: 'sessions',
        createTableIfMissing: false,
        pruneSessionInterval: 15 * 60,
        errorLog: (...args: unknown[]) => this.logger.warn({ msg: 'session store', detail: String(args[0]) }),
      }),
      resave: false,
      saveUninitialized: false,
      unset: 'destroy',
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        // Secure whenever the request arrived over TLS (directly or via a trusted proxy).
        secure: 'auto',
        maxAge: config.SESSION_MAX_AGE_HOURS * 3600 * 1000,
      },
    });
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
    return [guardedSessions, passport.initialize() as RequestHandler, passport.session() as RequestHandler];
  }

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

/** Starts a session for the user; passport issues a fresh session id (no fixation). */
export function startSession(req: Request, user: UserDto): Promise<void> {
  return new Promise((resolve, reject) => req.login(user, (error) => (error ? reject(asError(error)) : resolve())));
}

/** Signs out and destroys the stored session; the cookie is cleared. */
export async function endSession(req: Request, res: Response): Promise<void> {
  await new Promise<void>((resolve, reject) => req.logout((error) => (error ? reject(asError(error)) : resolve())));
  await new Promise<void>((resolve) => (req.session ? req.session.destroy(() => resolve()) : resolve()));
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/' });
}

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/** True for an HttpException with that status (how a service's domain error reaches the gateway). */
export const hasHttpStatus = (error: unknown, status: HttpStatus): boolean =>
  error instanceof HttpException && error.getStatus() === (status as number);
