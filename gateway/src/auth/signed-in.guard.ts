import {
  createParamDecorator,
  HttpStatus,
  Injectable,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { AUTH_MESSAGES, type UserDto } from '@app/contracts';
import { AuthClient } from '../clients/auth.client.js';
import { endSession, hasHttpStatus } from './session.setup.js';
import { SignedInUserCache } from './signed-in-user-cache.js';

type RequestWithUser = Request & { currentUser?: UserDto };

/**
 * Lets a request through only with a session whose user still exists, and attaches that user
 * (so a demoted or deleted account loses its rights within the cache's invalidation: auth's
 * signal, well under a second). 401 otherwise. The member comes from SignedInUserCache, for
 * writes too (a rating costs no auth round trip); the gateway's own calls that change the account
 * forget the member before answering (AuthClient), so they see their change in the next request.
 */
@Injectable()
export class SignedInGuard implements CanActivate {
  constructor(
    private readonly auth: AuthClient,
    private readonly cache: SignedInUserCache,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    await this.signedInUser(http.getRequest(), http.getResponse());
    return true;
  }

  /**
   * The session's user, attached to the request (for CurrentUser); a session whose user is gone
   * is ended. Throws 401 without one.
   */
  async signedInUser(req: Request, res: Response): Promise<UserDto> {
    const userId = req.user?.id;
    if (!userId) throw new UnauthorizedException({ message: AUTH_MESSAGES.unauthorized });
    const lookUp = () => this.auth.getUser(userId, userId);
    try {
      const user = await this.cache.user(userId, lookUp);
      (req as RequestWithUser).currentUser = user;
      return user;
    } catch (error) {
      if (hasHttpStatus(error, HttpStatus.NOT_FOUND)) {
        await endSession(req, res);
        throw new UnauthorizedException({ message: AUTH_MESSAGES.unauthorized });
      }
      throw error;
    }
  }
}

/** The signed-in user attached by SignedInGuard. */
export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): UserDto => {
  const user = context.switchToHttp().getRequest<RequestWithUser>().currentUser;
  if (!user) throw new UnauthorizedException({ message: AUTH_MESSAGES.unauthorized });
  return user;
});
