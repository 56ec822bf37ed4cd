import { describe, expect, it } from '@jest/globals';
import type { CookieOptions, Request, Response } from 'express';
import { markSessionsFromBeforeTheMarker, signedInMarker } from './signed-in-marker.js';

const HOUR = 3_600_000;
const LIFETIME = 168 * HOUR;

type Written = { name: string; value: string; options: CookieOptions };

/**
 * One request through the marker's middleware: `cookies` is what the browser sent, `before` the
 * passport user the session held, `during` what the handler does to it (sign in, sign out), and
 * `cacheControl` the caching the handler chose. Answers the cookies written with the headers.
 */
function answer(options: {
  cookies?: string;
  secure?: boolean;
  before?: string;
  during?: (req: Request) => void;
  cacheControl?: string;
  sessionExpires?: Date;
}): Written[] {
  const written: Written[] = [];
  const headers = new Map<string, string>();
  const req = {
    headers: { cookie: options.cookies },
    secure: options.secure ?? false,
    user: options.before ? { id: options.before } : undefined,
    session: options.sessionExpires ? { cookie: { expires: options.sessionExpires } } : undefined,
  } as unknown as Request;
  let headersSent = false;
  const res = {
    cookie: (name: string, value: string, cookieOptions: CookieOptions) => {
      if (headersSent) throw new Error('a cookie after the headers went out');
      written.push({ name, value, options: cookieOptions });
    },
    getHeader: (name: string) => headers.get(name.toLowerCase()),
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
    writeHead() {
      headersSent = true;
      return this;
    },
  } as unknown as Response;
  let passed = false;
  signedInMarker(LIFETIME)(req, res, () => (passed = true));
  expect(passed).toBe(true);
  options.during?.(req);
  if (options.cacheControl) res.setHeader('Cache-Control', options.cacheControl);
  res.writeHead(200);
  return written;
}

const signIn = (req: Request) => (req.user = { id: 'u1' });
const signOut = (req: Request) => (req.user = undefined);

describe('signedInMarker', () => {
  it('writes 1 when a session signs in, readable by the page and lasting as long as the session cookie', () => {
    const sessionEnd = new Date(Date.now() + LIFETIME);
    const [marker, ...others] = answer({ during: signIn, sessionExpires: sessionEnd });
    expect(others).toEqual([]);
    expect(marker).toEqual({
      name: 'vf.signed-in',
      value: '1',
      options: { httpOnly: false, sameSite: 'lax', secure: false, path: '/', expires: sessionEnd },
    });
  });

  it('is the __Host- cookie, Secure, over HTTPS', () => {
    const [marker] = answer({ secure: true, during: signIn });
    expect(marker?.name).toBe('__Host-vf.signed-in');
    expect(marker?.options).toMatchObject({ secure: true, path: '/' });
    expect(marker?.options.domain).toBeUndefined();
  });

  it('writes nothing while the browser already says what is true', () => {
    expect(answer({ cookies: 'vf.signed-in=1', before: 'u1' })).toEqual([]);
    expect(answer({})).toEqual([]);
    expect(answer({ cookies: 'vf.signed-in=0' })).toEqual([]);
  });

  it('gives a signed-in session that lacks it (or says 0) a 1', () => {
    expect(answer({ before: 'u1' }).map((cookie) => cookie.value)).toEqual(['1']);
    expect(answer({ cookies: 'vf.signed-in=0', before: 'u1' }).map((cookie) => cookie.value)).toEqual(['1']);
  });

  it('answers 0, outliving the session cookie, once the session is signed out, ended or gone', () => {
    const before = Date.now();
    const [marker] = answer({ cookies: 'vf.signed-in=1', before: 'u1', during: signOut });
    expect(marker?.value).toBe('0');
    expect(marker?.options.expires?.getTime()).toBeGreaterThanOrEqual(before + LIFETIME);
    // A session past its limits, or pruned from the store: the request arrives signed out.
    expect(answer({ cookies: 'vf.signed-in=1' }).map((cookie) => cookie.value)).toEqual(['0']);
  });

  it('reads only the name of this request’s scheme', () => {
    expect(answer({ secure: true, cookies: 'vf.signed-in=1', before: 'u1' }).map((c) => c.name)).toEqual([
      '__Host-vf.signed-in',
    ]);
  });

  it('never writes it on an answer a shared cache may keep', () => {
    expect(answer({ before: 'u1', cacheControl: 'public, max-age=86400' })).toEqual([]);
    expect(answer({ cookies: 'vf.signed-in=1', cacheControl: 'public, max-age=86400' })).toEqual([]);
    expect(answer({ before: 'u1', cacheControl: 'private, max-age=3600' })).toHaveLength(1);
  });
});

describe('markSessionsFromBeforeTheMarker (the app shell)', () => {
  function shell(cookies: string | undefined) {
    const written: Written[] = [];
    const varied: string[] = [];
    const req = { headers: { cookie: cookies }, secure: false } as unknown as Request;
    const res = {
      cookie: (name: string, value: string, options: CookieOptions) => written.push({ name, value, options }),
      vary: (field: string) => varied.push(field),
    } as unknown as Response;
    const marked = markSessionsFromBeforeTheMarker(req, res, 'vf.sid', LIFETIME);
    return { marked, written: written.map((cookie) => `${cookie.name}=${cookie.value}`), varied };
  }

  it('marks a browser with a session cookie and no marker at all, for these cookies only', () => {
    expect(shell('vf.sid=s%3Aabc')).toEqual({ marked: true, written: ['vf.signed-in=1'], varied: ['Cookie'] });
  });

  it('leaves a visitor, and any browser with a marker, as they are', () => {
    expect(shell(undefined).marked).toBe(false);
    expect(shell('theme=dark').marked).toBe(false);
    expect(shell('vf.sid=s%3Aabc; vf.signed-in=0').marked).toBe(false);
    expect(shell('vf.sid=s%3Aabc; vf.signed-in=1').marked).toBe(false);
  });
});
