import {
  createParamDecorator,
  HttpStatus,
  Injectable,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { Request } from 'express';
import { AUTH_MESSAGES, type UserDto } from '@app/contracts';
import { AuthClient } from '../clients/auth.client.js';
import { endSession, hasHttpStatus } from './session.setup.js';

type RequestWithUser = Request & { currentUser?: UserDto };

/**
 * Lets a request through only with a session whose user still exists, and attaches that user,
 * freshly read (so a demoted or deleted account loses its rights at once). 401 otherwise.
 */
@Injectable()
export class SignedInGuard implements CanActivate {
  constructor(private readonly auth: AuthClient) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<RequestWithUser>();
    const userId = req.user?.id;
    if (!userId) throw new UnauthorizedException({ message: AUTH_MESSAGES.unauthorized });
    try {
      req.currentUser = await this.auth.getUser(userId, userId);
      return true;
    } catch (error) {
      if (hasHttpStatus(error, HttpStatus.NOT_FOUND)) {
        await endSession(req, context.switchToHttp().getResponse());
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
