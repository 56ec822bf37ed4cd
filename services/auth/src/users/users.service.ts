import { Injectable, Logger } from '@nestjs/common';
import {
  ADMIN_MESSAGES,
  AUTH_MESSAGES,
  profileImageKeyFromUrl,
  profileImageUrlFor,
  toUserDto,
  type AdminOfRecordAnswer,
  type ChangePasswordMessage,
  type ProfileImageChange,
  type LoginRequest,
  type RegisterRequest,
  type UpdateProfileRequest,
  type UserDto,
  type ListAdminUsersQuery,
  type Page,
  encodePageCursor,
} from '@app/contracts';
import { ConflictError, DomainError, NotFoundError, ValidationError, requireAdmin, securityEvent } from '@app/common';
import { ERROR_CODES } from '@app/contracts';
import type { UserEntity } from '../db/entities/user.entity.js';
import { isCommonPassword } from '../passwords/common-passwords.js';
import { hashPassword, needsRehash, spendPasswordCheck, verifyPassword } from '../passwords/password-hasher.js';
import { UsersRepository } from './users.repository.js';

/** Accounts, credentials and profiles: every rule the auth service enforces. */
@Injectable()
export class UsersService {
  private readonly logger = new Logger(UsersService.name);

  constructor(private readonly users: UsersRepository) {}

  /** A new member, never an admin: admins are made by an admin, the first-admin bootstrap or the CLI. */
  async register(request: RegisterRequest): Promise<UserDto> {
    refuseCommonPassword(request.password);
    if (await this.users.findByEmail(request.email)) throw new ConflictError(AUTH_MESSAGES.emailTaken);
    const user = await this.users.insert({
      email: request.email,
      password: await hashPassword(request.password),
      firstName: request.firstName,
      lastName: request.lastName,
      description: request.description,
      isAdmin: false,
    });
    if (!user) throw new ConflictError(AUTH_MESSAGES.emailTaken);
    return this.present(user, true);
  }

  /** The same answer for an unknown email and a wrong password, after the same amount of work. */
  async verifyCredentials(request: LoginRequest): Promise<UserDto> {
    const user = await this.users.findByEmail(request.email);
    if (!user) {
      await spendPasswordCheck(request.password);
      throw invalidCredentials();
    }
    if (!(await verifyPassword(request.password, user.password))) throw invalidCredentials();
    if (needsRehash(user.password)) await this.upgradeHash(user.id, request.password);
    return this.present(user, true);
  }

  /**
   * The member's own password, given the current one. The new one follows the registration
   * rules; ending the member's other sessions is the gateway's part (it owns sessions).
   */
  async changePassword(request: ChangePasswordMessage): Promise<{ userId: string }> {
    const user = await this.users.findById(request.userId);
    if (!user) throw new NotFoundError('user');
    // The current password first: any other refusal then tells the gateway it was right, so
    // only wrong guesses stay counted by its login throttle.
    if (!(await verifyPassword(request.currentPassword, user.password))) {
      throw new ValidationError(AUTH_MESSAGES.currentPasswordWrong);
    }
    refuseCommonPassword(request.newPassword);
    await this.users.updatePassword(user.id, await hashPassword(request.newPassword));
    return { userId: user.id };
  }

  /** The admin flag of record: what every privileged action is decided on. */
  async adminOfRecord(userId: string): Promise<AdminOfRecordAnswer> {
    return { isAdmin: (await this.users.findById(userId))?.isAdmin ?? false };
  }

  async getUser(userId: string, viewerId: string | null): Promise<UserDto> {
    const user = await this.users.findById(userId);
    if (!user) throw new NotFoundError('user');
    return this.present(user, await this.maySeeEmail(user, viewerId));
  }

  async updateProfile(userId: string, profile: UpdateProfileRequest): Promise<UserDto> {
    const user = await this.users.updateProfile(userId, profile);
    if (!user) throw new NotFoundError('user');
    return this.present(user, true);
  }

  async setProfileImage(userId: string, imageKey: string): Promise<ProfileImageChange> {
    // Only a key under this user's own prefix, in the shape the gateway issues.
    if (profileImageKeyFromUrl(profileImageUrlFor(imageKey)) !== imageKey || imageKey.split('/')[1] !== userId) {
      throw new ValidationError('Invalid profile image key');
    }
    return this.replaceImage(userId, profileImageUrlFor(imageKey));
  }

  removeProfileImage(userId: string): Promise<ProfileImageChange> {
    return this.replaceImage(userId, null);
  }

  private async replaceImage(userId: string, url: string | null): Promise<ProfileImageChange> {
    const result = await this.users.replaceProfileImage(userId, url);
    if (!result) throw new NotFoundError('user');
    return {
      user: await this.present(result.user, true),
      replacedImageKey: result.previousUrl === url ? null : profileImageKeyFromUrl(result.previousUrl),
    };
  }

  /**
   * Flips another account's admin flag. The actor is looked up here, in the table of record: a
   * message without an admin actor (say, one published straight onto the bus) changes nothing.
   */
  /** The admin panel's list, asked by the admin service for an actor this table must know as an admin. */
  async listUsers(actorId: string, page: ListAdminUsersQuery): Promise<Page<UserDto>> {
    await requireAdmin(
      { id: actorId, isAdmin: true },
      async (id) => (await this.users.findById(id))?.isAdmin ?? false,
      { message: ADMIN_MESSAGES.adminRequired, action: 'list-users' },
      this.logger,
    );
    const rows = await this.users.listActive(page);
    const users = rows.slice(0, page.limit);
    const badges = await this.users.findBadgesOf(users.map(({ user }) => user.id));
    const last = users.at(-1);
    return {
      items: users.map(({ user }) =>
        toUserDto(
          user,
          badges.filter((badge) => badge.userId === user.id),
          true,
        ),
      ),
      nextCursor: rows.length > page.limit && last ? encodePageCursor({ k: last.cursorKey, id: last.user.id }) : null,
    };
  }

  async toggleAdmin(actorId: string, userId: string): Promise<UserDto> {
    // The message names an admin actor; whether it is one, this table says.
    await requireAdmin(
      { id: actorId, isAdmin: true },
      async (id) => (await this.users.findById(id))?.isAdmin ?? false,
      { message: ADMIN_MESSAGES.adminRequired, action: 'toggle-admin', target: { userId } },
      this.logger,
    );
    if (actorId === userId) throw new ValidationError(ADMIN_MESSAGES.selfDemote);
    const user = await this.users.toggleAdmin(userId);
    if (!user) throw new NotFoundError('user');
    securityEvent(this.logger, {
      event: 'admin.user.admin-toggled',
      outcome: 'success',
      actorId,
      target: { userId, isAdmin: user.isAdmin },
    });
    return this.present(user, true);
  }

  /** The user-deletion saga's last step; deleting an account that is already gone is fine. */
  /** The account stops acting at once; the saga's last step removes the row. */
  async markDeletionRequested(userId: string): Promise<{ removed: number }> {
    await this.users.markDeletionRequested(userId);
    return { removed: 0 };
  }

  async deleteAccount(userId: string): Promise<{ removed: number }> {
    return { removed: await this.users.delete(userId) };
  }

  private async maySeeEmail(user: UserEntity, viewerId: string | null): Promise<boolean> {
    if (!viewerId) return false;
    if (viewerId === user.id) return true;
    return (await this.users.findById(viewerId))?.isAdmin ?? false;
  }

  private async present(user: UserEntity, withEmail: boolean): Promise<UserDto> {
    return toUserDto(user, await this.users.findBadges(user.id), withEmail);
  }

  /** Best effort: the sign-in has succeeded either way, and the next one tries again. */
  private async upgradeHash(userId: string, password: string): Promise<void> {
    try {
      await this.users.updatePassword(userId, await hashPassword(password));
    } catch (error) {
      this.logger.warn({
        msg: 'password hash upgrade failed',
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
}

const invalidCredentials = () => new DomainError(ERROR_CODES.unauthorized, AUTH_MESSAGES.invalidCredentials);

function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw new ValidationError(AUTH_MESSAGES.passwordTooCommon);
}
