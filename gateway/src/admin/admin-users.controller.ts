import {
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  NotFoundException,
  Param,
  Patch,
  Query,
  Req,
  Res,
  UseGuards,
  type PipeTransform,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  ADMIN_MESSAGES,
  listAdminUsersQuerySchema,
  UUID_PATTERN,
  type Actor,
  type ListAdminUsersQuery,
  type UserDto,
} from '@app/contracts';
import { AdminGuard } from '../auth/admin.guard.js';
import { CurrentUser } from '../auth/signed-in.guard.js';
import { AdminClient } from '../clients/admin.client.js';
import { sendPage } from '../http/next-page.js';
import { ZodParamsPipe } from '../http/zod-params.pipe.js';

/** A user id in a path: anything but a UUID names nobody (404). */
class UserIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!UUID_PATTERN.test(value)) throw new NotFoundException({ message: ADMIN_MESSAGES.userNotFound });
    return value;
  }
}

/** The admin AdminGuard let through; the admin service checks again, in the table of record. */
const adminOf = (user: UserDto): Actor => ({ id: user.id, isAdmin: user.isAdmin });

/** User administration: 401 signed out, 403 for non-admins, before anything else. */
@Controller('api/admin/users')
@UseGuards(AdminGuard)
export class AdminUsersController {
  constructor(private readonly admin: AdminClient) {}

  /**
   * Accounts with their emails, newest first, 100 to a page (`?limit&cursor`, more pages: the
   * `Link` header); `q` keeps those whose name or email contains it. Accounts being deleted are
   * left out.
   */
  @Get()
  async list(
    @CurrentUser() user: UserDto,
    @Query(new ZodParamsPipe(listAdminUsersQuerySchema)) page: ListAdminUsersQuery,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<UserDto[]> {
    return sendPage(req, res, await this.admin.listUsers(adminOf(user), page));
  }

  /**
   * 204 once the deletion is under way: the account can no longer sign in or act, and its
   * videos (with files), feedback, votes, ratings and bookmarks go in the background.
   */
  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  async delete(@CurrentUser() user: UserDto, @Param('id', UserIdPipe) id: string): Promise<void> {
    await this.admin.deleteUser(adminOf(user), id);
  }

  @Patch(':id/toggle-admin')
  toggleAdmin(@CurrentUser() user: UserDto, @Param('id', UserIdPipe) id: string): Promise<UserDto> {
    return this.admin.toggleAdmin(adminOf(user), id);
  }
}
