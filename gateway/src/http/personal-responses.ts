import type { NextFunction, Request, Response } from 'express';
import { QUEUE_BOARD_PATH } from '../queues/queue-board.js';

/** Answers about the caller or for admins only: sessions, admin lists (emails), bookmarks, notifications. */
const ALWAYS_PERSONAL = ['/api/auth', '/api/admin', '/api/bookmarks', '/api/notifications', QUEUE_BOARD_PATH];
/** Public to visitors, but carry the user's own email (or an admin's view) once signed in. */
const PERSONAL_WHEN_SIGNED_IN = ['/api/users'];

const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/**
 * `Cache-Control: no-store` on personal answers, so no shared cache or back-forward cache keeps
 * one user's data for the next person at that browser or proxy. Mounted after the session, as
 * it needs to know who is signed in; a handler that sets its own caching (a public profile
 * picture) still decides for itself.
 */
export function personalResponsesNotStored(req: Request, res: Response, next: NextFunction): void {
  const personal =
    ALWAYS_PERSONAL.some((prefix) => isUnder(req.path, prefix)) ||
    (req.user !== undefined && PERSONAL_WHEN_SIGNED_IN.some((prefix) => isUnder(req.path, prefix)));
  if (personal) res.setHeader('Cache-Control', 'no-store');
  next();
}
