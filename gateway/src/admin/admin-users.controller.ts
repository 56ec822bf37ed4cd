import {
  Controller,
  Delete,
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
import { AdminGuard } from '../auth/admin.guard.js';
import { CurrentUser } from '../auth/signed-in.guard.js';
import { AdminClient } from '../clients/admin.client.js';

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
