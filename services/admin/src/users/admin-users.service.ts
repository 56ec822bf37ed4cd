import { Injectable } from '@nestjs/common';
import {
  ADMIN_MESSAGES,
  TOGGLE_ADMIN_PATTERN,
  type Actor,
  type UserCleanupMessage,
  type UserDto,
} from '@app/contracts';
import { ForbiddenError, NotFoundError, ValidationError } from '@app/common';
import { AdminUsersRepository, type AdminUserRow } from './admin-users.repository.js';
import { ServiceCalls } from './service-calls.js';
import { UserDeletionSaga } from './user-deletion.saga.js';

/** User administration. Every call is refused unless the actor is an admin; no admin can delete or demote themself. */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly users: AdminUsersRepository,
    private readonly services: ServiceCalls,
    private readonly deletions: UserDeletionSaga,
  ) {}

  async list(actor: Actor): Promise<UserDto[]> {
    requireAdmin(actor);
    return (await this.users.listActive()).map(toAdminUserDto);
  }

  /** Starts the deletion saga; the account can no longer act from this moment. */
  async delete(actor: Actor, userId: string): Promise<{ userId: string }> {
    requireAdmin(actor);
    if (userId === actor.id) throw new ValidationError(ADMIN_MESSAGES.selfDelete);
    if (!(await this.users.isActive(userId))) throw new NotFoundError('user');
    await this.users.request(userId, actor.id);
    void this.deletions.kick();
    return { userId };
  }

  async toggleAdmin(actor: Actor, userId: string): Promise<UserDto> {
    requireAdmin(actor);
    if (userId === actor.id) throw new ValidationError(ADMIN_MESSAGES.selfDemote);
    if (!(await this.users.isActive(userId))) throw new NotFoundError('user');
    return this.services.send<UserDto, UserCleanupMessage>(TOGGLE_ADMIN_PATTERN, { userId });
  }
}

function requireAdmin(actor: Actor): void {
  if (!actor.isAdmin) throw new ForbiddenError(ADMIN_MESSAGES.adminRequired);
}

const toAdminUserDto = (row: AdminUserRow): UserDto => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  profileImageUrl: row.profileImageUrl,
  isAdmin: row.isAdmin,
  description: row.description,
  createdAt: row.createdAt.toISOString(),
  points: row.points,
  badges: row.badges.map((badge) => ({ badgeType: badge.badgeType, earnedAt: new Date(badge.earnedAt).toISOString() })),
});
