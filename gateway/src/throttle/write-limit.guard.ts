import {
  applyDecorators,
  Injectable,
  SetMetadata,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { config } from '../config.js';
import { ThrottleStore } from './throttle-store.js';
import { tooManyRequests } from './too-many-requests.js';

/**
 * What a member may write per window, counted per member across every gateway replica. Every
 * attempt counts, refused ones included, so a burst of parallel requests cannot slip past.
 */
export const WRITE_LIMITS = {
  /** Every POST /api/videos, file or link. */
  uploads: { windowMs: 60 * 60 * 1000, limit: () => config.THROTTLE_UPLOADS_PER_HOUR, what: 'Too many uploads.' },
  /** Feedback, votes, ratings, profile changes: one budget for all of them. */
  writes: {
    windowMs: 60 * 1000,
    limit: () => config.THROTTLE_WRITES_PER_MINUTE,
    what: 'Too many changes in a short time.',
  },
} as const;
export type WriteLimitName = keyof typeof WRITE_LIMITS;

const WRITE_LIMIT = 'vf:write-limit';

/**
 * Puts a route under a member write limit: one line per endpoint (`@LimitWrites()`). It only
 * counts; `SignedInGuard` still decides who may write, and a visitor is not counted here.
 */
export const LimitWrites = (name: WriteLimitName = 'writes') =>
  applyDecorators(SetMetadata(WRITE_LIMIT, name), UseGuards(WriteLimitGuard));

/** 429 with Retry-After once the member is over the route's limit for the current window. */
@Injectable()
export class WriteLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly store: ThrottleStore,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const name = this.reflector.get<WriteLimitName | undefined>(WRITE_LIMIT, context.getHandler());
    // The session's member, set before any guard runs (SignedInGuard answers visitors).
    const memberId = context.switchToHttp().getRequest<Request>().user?.id;
    if (!name || !memberId) return true;
    const rule = WRITE_LIMITS[name];
    const counted = await this.store.count(`${this.store.prefix}:${name}:member:${memberId}`, rule.windowMs);
    if (counted && counted.count > rule.limit()) throw tooManyRequests(rule.what, counted.msLeft);
    return true;
  }
}
