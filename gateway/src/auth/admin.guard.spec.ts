import { describe, expect, it } from '@jest/globals';
import { UnauthorizedException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { UserDto } from '@app/contracts';
import { AdminGuard } from './admin.guard.js';
import type { SignedInGuard } from './signed-in.guard.js';

const user = (isAdmin: boolean): UserDto => ({
  id: '3b241101-e2bb-4255-8caf-4136c566a962',
  firstName: 'Ada',
  lastName: 'Lovelace',
  profileImageUrl: null,
  isAdmin,
  description: null,
  createdAt: '2026-11-21T12:00:00.000Z',
  points: 0,
  badges: [],
});

/** SignedInGuard's fresh lookup, answering as told. */
const signedIn = (answer: () => Promise<UserDto>) => ({ signedInUser: answer }) as unknown as SignedInGuard;

/** What the queue board's middleware answered: the status and body written, or that it passed on. */
async function throughMiddleware(guard: AdminGuard) {
  const answer: { status?: number; body?: unknown; passed: boolean; locals: Record<string, unknown> } = {
    passed: false,
    locals: {},
  };
  await new Promise<void>((done) => {
    const res = {
      locals: answer.locals,
      status(code: number) {
        answer.status = code;
        return this;
      },
      json(body: unknown) {
        answer.body = body;
        done();
        return this;
      },
    } as unknown as Response;
    const next: NextFunction = () => {
      answer.passed = true;
      done();
    };
    guard.middleware({} as Request, res, next);
  });
  return answer;
}

describe('AdminGuard as the queue board’s middleware', () => {
  it('lets an admin through', async () => {
    const answer = await throughMiddleware(new AdminGuard(signedIn(() => Promise.resolve(user(true)))));
    expect(answer.passed).toBe(true);
    expect(answer.status).toBeUndefined();
  });

  it('answers a member 403 "Admin access required", noting the denial for the access log', async () => {
    const answer = await throughMiddleware(new AdminGuard(signedIn(() => Promise.resolve(user(false)))));
    expect(answer).toMatchObject({ passed: false, status: 403, body: { message: 'Admin access required' } });
    expect(Object.values(answer.locals)).toEqual([{ reason: 'Admin access required' }]);
  });

  it('answers 401 without a live session, as SignedInGuard says', async () => {
    const refused = () => Promise.reject(new UnauthorizedException({ message: 'Unauthorized' }));
    expect(await throughMiddleware(new AdminGuard(signedIn(refused)))).toMatchObject({
      passed: false,
      status: 401,
      body: { message: 'Unauthorized' },
    });
  });

  it('answers 503, never a 500, when the check itself fails', async () => {
    const broken = () => Promise.reject(new Error('socket hang up'));
    expect(await throughMiddleware(new AdminGuard(signedIn(broken)))).toMatchObject({
      passed: false,
      status: 503,
      body: { message: 'Access could not be checked. Please try again shortly.' },
    });
  });
});
