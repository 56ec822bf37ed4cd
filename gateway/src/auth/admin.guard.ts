import {
  ForbiddenException,
  HttpException,
  HttpStatus,
  Injectable,
  Logger,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ADMIN_MESSAGES, type UserDto } from '@app/contracts';
import { noteDenial } from '../http/access-denied-log.js';
import { SignedInGuard } from './signed-in.guard.js';

const CHECK_UNAVAILABLE_MESSAGE = 'Access could not be checked. Please try again shortly.';

/**
 * Admins only: 401 without a live session, 403 "Admin access required" for a member. The user
 * is the one SignedInGuard attaches (cached per replica, forgotten the moment auth announces a
 * change to the account), so a demoted or deleted admin loses access within the announcement's
 * milliseconds. It answers early; the service behind still asks for an admin of record.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  private readonly logger = new Logger(AdminGuard.name);

  constructor(private readonly signedIn: SignedInGuard) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    await this.admin(http.getRequest(), http.getResponse());
    return true;
  }

  /** The same check for an Express app of its own (the queue board), answering its refusals as JSON. */
  readonly middleware: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    this.admin(req, res).then(
      () => next(),
      (error: unknown) => {
        if (error instanceof HttpException) {
          if (error.getStatus() === (HttpStatus.FORBIDDEN as number)) noteDenial(res, { reason: error.message });
          res.status(error.getStatus()).json({ message: error.message });
          return;
        }
        this.logger.warn({ msg: 'admin check failed', error: String(error) });
        res.status(HttpStatus.SERVICE_UNAVAILABLE).json({ message: CHECK_UNAVAILABLE_MESSAGE });
      },
    );
  };

  private async admin(req: Request, res: Response): Promise<UserDto> {
    const user = await this.signedIn.signedInUser(req, res);
    if (!user.isAdmin) throw new ForbiddenException({ message: ADMIN_MESSAGES.adminRequired });
    return user;
  }
}
