import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** Where a session may begin or end even without one: sign-up, sign-in, sign-out. */
const SESSION_PATHS = ['/api/auth/', '/api/login', '/api/logout'];
/** Both session cookie names end so (`vf.sid`, `__Host-vf.sid`: session.setup.ts). */
const SESSION_COOKIE_SUFFIX = 'vf.sid=';

/**
 * Whether a request needs the session handlers at all. A read without a session cookie (most
 * traffic: signed-out visitors) has no session to load, and must not pay for one: express-session
 * would mint a random id and hash an empty session for every such request, only to throw both
 * away (profiled: with the lists cached, about 5% of the gateway's CPU). Everything else runs them:
 * a write, a request carrying a session cookie, and the routes that start or end a session.
 */
export function needsSession(req: Request): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return true;
  if (req.headers.cookie?.includes(SESSION_COOKIE_SUFFIX)) return true;
  const path = req.originalUrl;
  return SESSION_PATHS.some((prefix) => path.startsWith(prefix));
}

/** The session handlers, run only for a request that needs a session (see needsSession). */
export const onlyWhenSessionNeeded = (handlers: RequestHandler[]): RequestHandler[] =>
  handlers.map(
    (handler) =>
      (req: Request, res: Response, next: NextFunction): void =>
        needsSession(req) ? void handler(req, res, next) : next(),
  );
