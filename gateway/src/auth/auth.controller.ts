import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpException,
  HttpStatus,
  Logger,
  Post,
  Put,
  Req,
  Res,
  UnauthorizedException,
  UseGuards,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { securityEvent } from '@app/common';
import {
  AUTH_MESSAGES,
  changePasswordRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  type ChangePasswordRequest,
  type LoginRequest,
  type RegisterRequest,
  type UserDto,
} from '@app/contracts';
import { AuthClient } from '../clients/auth.client.js';
import { ZodBodyPipe } from '../http/zod-body.pipe.js';
import { isFromAnotherSite } from '../http/cross-site-requests.js';
import { AuthThrottleService } from './auth-throttle.service.js';
import { authenticateWithPassword, endSession, SessionSetup, startSession } from './session.setup.js';
import { CurrentUser, SignedInGuard } from './signed-in.guard.js';

const clientIp = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

@Controller('api')
export class AuthController {
  private readonly logger = new Logger(AuthController.name);

  constructor(
    private readonly auth: AuthClient,
    private readonly throttle: AuthThrottleService,
    private readonly sessions: SessionSetup,
  ) {}

  /** 201 with the new user, who is signed in. */
  @Post('auth/register')
  async register(
    @Body(new ZodBodyPipe(registerRequestSchema)) body: RegisterRequest,
    @Req() req: Request,
  ): Promise<UserDto> {
    await this.throttle.reserveRegistration(clientIp(req));
    const user = await this.auth.register(body);
    await startSession(req, user);
    securityEvent(this.logger, { event: 'auth.register.succeeded', outcome: 'success', actorId: user.id });
    return user;
  }

  @Post('auth/login')
  @HttpCode(HttpStatus.OK)
  async login(
    @Body(new ZodBodyPipe(loginRequestSchema)) body: LoginRequest,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<UserDto> {
    await this.throttle.reserveLogin(body.email, clientIp(req));
    req.body = body; // passport-local reads the normalised email
    const user = await authenticateWithPassword(req, res);
    if (!user) {
      securityEvent(this.logger, {
        event: 'auth.login.failed',
        outcome: 'failure',
        actorId: null,
        target: { email: body.email },
        reason: 'wrong email or password',
      });
      throw new UnauthorizedException({ message: AUTH_MESSAGES.invalidCredentials });
    }
    await this.throttle.loginSucceeded(body.email, clientIp(req));
    await startSession(req, user);
    securityEvent(this.logger, { event: 'auth.login.succeeded', outcome: 'success', actorId: user.id });
    return user;
  }

  @Post('auth/logout')
  @HttpCode(HttpStatus.NO_CONTENT)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    const userId = req.user?.id;
    await endSession(req, res);
    if (userId) securityEvent(this.logger, { event: 'auth.logout', outcome: 'success', actorId: userId });
  }

  /**
   * 204 once the password is changed. A wrong current password is a 400 counted like a failed
   * login for the member's email (so it cannot be guessed here either). This session gets a new
   * id and stays signed in; every other session of the member ends.
   */
  @Put('auth/password')
  @HttpCode(HttpStatus.NO_CONTENT)
  @UseGuards(SignedInGuard)
  async changePassword(
    @Body(new ZodBodyPipe(changePasswordRequestSchema)) body: ChangePasswordRequest,
    @CurrentUser() user: UserDto,
    @Req() req: Request,
  ): Promise<void> {
    const email = user.email ?? user.id;
    await this.throttle.reserveLogin(email, clientIp(req));
    try {
      await this.auth.changePassword(user.id, body);
    } catch (error) {
      const wrongCurrent = error instanceof HttpException && messageOf(error) === AUTH_MESSAGES.currentPasswordWrong;
      if (wrongCurrent) {
        securityEvent(this.logger, {
          event: 'auth.password.change.failed',
          outcome: 'failure',
          actorId: user.id,
          reason: 'wrong current password',
        });
      } else if (error instanceof HttpException && error.getStatus() === (HttpStatus.BAD_REQUEST as number)) {
        // Any other refusal comes after the current password was checked, so it was right.
        await this.throttle.loginSucceeded(email, clientIp(req));
      }
      throw error;
    }
    await this.throttle.loginSucceeded(email, clientIp(req));
    await startSession(req, user);
    const otherSessionsEnded = await this.sessions.endOtherSessions(user.id, req.sessionID);
    securityEvent(this.logger, {
      event: 'auth.password.changed',
      outcome: 'success',
      actorId: user.id,
      target: { otherSessionsEnded },
    });
  }

  @Get('auth/user')
  @UseGuards(SignedInGuard)
  currentUser(@CurrentUser() user: UserDto): UserDto {
    return user;
  }

  /** The spec's sign-in redirect target. */
  @Get('login')
  loginRedirect(@Res() res: Response): void {
    res.redirect(HttpStatus.FOUND, '/login');
  }

  @Get('logout')
  async logoutRedirect(@Req() req: Request, @Res() res: Response): Promise<void> {
    // A link or <img> on another site (a sibling subdomain too) must not sign anyone out.
    if (!isFromAnotherSite(req)) await endSession(req, res);
    res.redirect(HttpStatus.FOUND, '/');
  }
}

const messageOf = (error: HttpException): unknown => {
  const body = error.getResponse();
  return typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : body;
};
