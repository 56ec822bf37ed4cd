import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Post,
  Req,
  Res,
  UnauthorizedException,
  UseGuards,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  AUTH_MESSAGES,
  loginRequestSchema,
  registerRequestSchema,
  type LoginRequest,
  type RegisterRequest,
  type UserDto,
} from '@app/contracts';
import { AuthClient } from '../clients/auth.client.js';
import { ZodBodyPipe } from '../http/zod-body.pipe.js';
import { isFromAnotherSite } from '../http/cross-site-requests.js';
import { AuthThrottleService } from './auth-throttle.service.js';
import { authenticateWithPassword, endSession, startSession } from './session.setup.js';
import { CurrentUser, SignedInGuard } from './signed-in.guard.js';

const clientIp = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

@Controller('api')
export class AuthController {
  constructor(
    private readonly auth: AuthClient,
    private readonly throttle: AuthThrottleService,
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
    if (!user) throw new UnauthorizedException({ message: AUTH_MESSAGES.invalidCredentials });
    await this.throttle.loginSucceeded(body.email, clientIp(req));
    await startSession(req, user);
    return user;
  }

  @Post('auth/logout')
  @HttpCode(HttpStatus.NO_CONTENT)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    await endSession(req, res);
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
