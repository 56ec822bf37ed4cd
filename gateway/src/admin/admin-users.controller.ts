import {
  Controller,
  Delete,
  ForbiddenException,
  Get,
  HttpCode,
  HttpStatus,
  NotFoundException,
  Param,
  Patch,
  UseGuards,
  type PipeTransform,
} from '@nestjs/common';
import { ADMIN_MESSAGES, UUID_PATTERN, type Actor, type UserDto } from '@app/contracts';
import { CurrentUser, SignedInGuard } from '../auth/signed-in.guard.js';
import { AdminClient } from '../clients/admin.client.js';

/** A user id in a path: anything but a UUID names nobody (404). */
class UserIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!UUID_PATTERN.test(value)) throw new NotFoundException({ message: ADMIN_MESSAGES.userNotFound });
    return value;
  }
}

/** 403 before anything else for a signed-in non-admin; the admin service checks again. */
const adminOf = (user: UserDto): Actor => {
  if (!user.isAdmin) throw new ForbiddenException({ message: ADMIN_MESSAGES.adminRequired });
  return { id: user.id, isAdmin: true };
};

/** User administration: 401 signed out, 403 for non-admins. */
@Controller('api/admin/users')
@UseGuards(SignedInGuard)
export class AdminUsersController {
  constructor(private readonly admin: AdminClient) {}

  /** Every account with its email, newest first; accounts being deleted are left out. */
  @Get()
  list(@CurrentUser() user: UserDto): Promise<UserDto[]> {
    return this.admin.listUsers(adminOf(user));
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
