import { describe, expect, it } from '@jest/globals';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { needsSession, onlyWhenSessionNeeded } from './session-needed.js';

const request = (method: string, originalUrl: string, cookie?: string) =>
  ({ method, originalUrl, headers: cookie ? { cookie } : {} }) as unknown as Request;

describe('needsSession', () => {
  it('skips the session for a read without a session cookie', () => {
    expect(needsSession(request('GET', '/api/videos?limit=12'))).toBe(false);
    expect(needsSession(request('HEAD', '/api/categories'))).toBe(false);
    expect(needsSession(request('GET', '/api/videos/7', 'theme=dark; vf.signed-in=1'))).toBe(false);
  });

  it('loads it for a request carrying either session cookie', () => {
    expect(needsSession(request('GET', '/api/videos', 'vf.sid=s%3Aabc.def'))).toBe(true);
    expect(needsSession(request('GET', '/api/videos', 'theme=dark; __Host-vf.sid=s%3Aabc.def'))).toBe(true);
  });

  it('loads it for every write, and for the routes that start or end a session', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
      expect(needsSession(request(method, '/api/videos'))).toBe(true);
    expect(needsSession(request('GET', '/api/auth/user'))).toBe(true);
    expect(needsSession(request('GET', '/api/logout'))).toBe(true);
    expect(needsSession(request('GET', '/api/login'))).toBe(true);
  });
});

describe('onlyWhenSessionNeeded', () => {
  it('runs each handler for a request that needs a session and passes the others straight on', () => {
    const ran: string[] = [];
    const handlers = onlyWhenSessionNeeded(
      ['session', 'passport'].map(
        (name): RequestHandler =>
          (_req, _res, next) => (ran.push(name), next()),
      ),
    );
    const run = (req: Request) => {
      let passed = 0;
      const next: NextFunction = () => void (passed += 1);
      for (const handler of handlers) void handler(req, {} as Response, next);
      return passed;
    };
    expect(run(request('GET', '/api/videos'))).toBe(2);
    expect(ran).toEqual([]);
    expect(run(request('POST', '/api/videos'))).toBe(2);
    expect(ran).toEqual(['session', 'passport']);
  });
});
