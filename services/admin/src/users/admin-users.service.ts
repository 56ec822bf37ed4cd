import { Injectable, Logger } from '@nestjs/common';
import {
  ADMIN_MESSAGES,
  AUTH_RPC,
  ERROR_CODES,
  type Actor,
  type ListAdminUsersQuery,
  type Page,
  type UserDto,
} from '@app/contracts';
import { AdminOfRecord, DomainError, NotFoundError, RpcClient, ValidationError, securityEvent } from '@app/common';
import { AdminUsersRepository } from './admin-users.repository.js';
import { UserDeletionSaga } from './user-deletion.saga.js';

/**
 * User administration. Every call is refused unless the actor is an admin of record (asked of
 * the auth service, never taken from the message); no admin can delete or demote themself.
 */
@Injectable()
export class AdminUsersService {
  private readonly logger = new Logger(AdminUsersService.name);

  constructor(
    private readonly users: AdminUsersRepository,
    private readonly services: RpcClient,
    private readonly deletions: UserDeletionSaga,
    private readonly admins: AdminOfRecord,
  ) {}

  /** A page of accounts, newest first, optionally those whose name or email contains `q`. */
  async list(actor: Actor, page: ListAdminUsersQuery): Promise<Page<UserDto>> {
    await this.admins.require(actor, ADMIN_MESSAGES.adminRequired, 'list-users');
    // Auth owns the accounts (and searches them); accounts being deleted are already hidden there.
    return this.services.call(AUTH_RPC.listUsers, { actorId: actor.id, ...page });
  }

  /** Starts the deletion saga; the account can no longer act from this moment. */
  async delete(actor: Actor, userId: string): Promise<{ userId: string }> {
    await this.admins.require(actor, ADMIN_MESSAGES.adminRequired, 'delete-user');
    if (userId === actor.id) throw new ValidationError(ADMIN_MESSAGES.selfDelete);
    if (!(await this.isActive(userId))) throw new NotFoundError('user');
    await this.users.request(userId, actor.id);
    // Auth hides the account before the answer: it cannot sign in or act from this moment.
    await this.services.call(AUTH_RPC.deletionRequested, { userId });
    securityEvent(this.logger, {
      event: 'admin.user.deleted',
      outcome: 'success',
      actorId: actor.id,
      target: { userId },
    });
    void this.deletions.kick();
    return { userId };
  }

  /** An account auth knows and nobody is deleting (auth answers NOT_FOUND for both otherwise). */
  private async isActive(userId: string): Promise<boolean> {
    try {
      await this.services.call(AUTH_RPC.getUser, { userId, viewerId: null });
      return true;
    } catch (error) {
      if (error instanceof DomainError && error.code === ERROR_CODES.notFound) return false;
      throw error;
    }
  }

  /** The auth service checks the actor again in its own table before it flips the flag. */
  async toggleAdmin(actor: Actor, userId: string): Promise<UserDto> {
    await this.admins.require(actor, ADMIN_MESSAGES.adminRequired, 'toggle-admin');
    if (userId === actor.id) throw new ValidationError(ADMIN_MESSAGES.selfDemote);
    if (!(await this.isActive(userId))) throw new NotFoundError('user');
    return this.services.call(AUTH_RPC.toggleAdmin, { actorId: actor.id, userId });
  }
}
