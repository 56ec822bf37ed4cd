import type { CookieOptions, Request, RequestHandler, Response } from 'express';
import {
  SECURE_SIGNED_IN_MARKER_COOKIE,
  SIGNED_IN_MARKER,
  SIGNED_IN_MARKER_COOKIE,
  signedInMarkerOf,
} from '@app/contracts';

/** The marker's name for this request: `__Host-vf.signed-in` over HTTPS (as the session cookie's), else `vf.signed-in`. */
export const signedInMarkerName = (req: Request): string =>
  req.secure ? SECURE_SIGNED_IN_MARKER_COOKIE : SIGNED_IN_MARKER_COOKIE;

/** The marker this request carries under this request's name: '1', '0' or undefined. */
export const carriedSignedInMarker = (req: Request): string | undefined =>
  signedInMarkerOf(req.headers.cookie, [signedInMarkerName(req)]);

/** Readable by the page's scripts (that is its purpose); otherwise as strict as the session cookie. */
const markerCookie = (req: Request, expires: Date): CookieOptions => ({
  httpOnly: false,
  sameSite: 'lax',
  secure: req.secure,
  path: '/',
  expires,
});

/** Writes the marker on this answer, for as long as the session cookie may live. */
export function writeSignedInMarker(req: Request, res: Response, value: string, lifetimeMs: number): void {
  const sessionEnd = value === SIGNED_IN_MARKER.signedIn ? req.session?.cookie?.expires : undefined;
  res.cookie(signedInMarkerName(req), value, markerCookie(req, sessionEnd ?? new Date(Date.now() + lifetimeMs)));
}

/**
 * Keeps the signed-in marker (libs/contracts auth/signed-in-marker) in step with the session, after
 * passport has read it: as the answer's headers go out (so sign-in, sign-out, a session ended for
 * its age or for a deleted account are all seen), a signed-in session whose browser lacks `1` gets
 * it, and a browser still sending `1` without a signed-in session gets `0`. `lifetimeMs` is the
 * session's absolute lifetime: a `0` outlives any session cookie it stands beside.
 */
export function signedInMarker(lifetimeMs: number): RequestHandler {
  return (req, res, next) => {
    const carried = carriedSignedInMarker(req);
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
    res.writeHead = function (...args: unknown[]) {
      const signedIn = Boolean(req.user);
      // Never a cookie on an answer a shared cache may keep for others (a video's thumbnail).
      const shared = /\bpublic\b/i.test(String(res.getHeader('Cache-Control') ?? ''));
      if (!shared && signedIn && carried !== SIGNED_IN_MARKER.signedIn)
        writeSignedInMarker(req, res, SIGNED_IN_MARKER.signedIn, lifetimeMs);
      else if (!shared && !signedIn && carried === SIGNED_IN_MARKER.signedIn)
        writeSignedInMarker(req, res, SIGNED_IN_MARKER.signedOut, lifetimeMs);
      return writeHead(...args);
    } as Response['writeHead'];
    next();
  };
}

/**
 * For the app's shell (index.html): a browser that carries a session cookie but no marker at all
 * signed in before the gateway kept one, so it gets `1` and the app asks who is signed in, as it
 * always did. At worst the session is over: one 401, and the answer's `0` stops the asking.
 * Answers true when it wrote the marker; a shared cache then keeps that answer for these cookies only.
 */
export function markSessionsFromBeforeTheMarker(
  req: Request,
  res: Response,
  sessionCookie: string,
  lifetimeMs: number,
): boolean {
  if (carriedSignedInMarker(req) !== undefined) return false;
  if (signedInMarkerOf(req.headers.cookie, [sessionCookie]) === undefined) return false;
  writeSignedInMarker(req, res, SIGNED_IN_MARKER.signedIn, lifetimeMs);
  res.vary('Cookie');
  return true;
}
