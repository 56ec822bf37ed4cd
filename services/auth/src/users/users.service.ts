import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import {
  AUTH_MESSAGES,
  profileImageKeyFromUrl,
  profileImageUrlFor,
  type ProfileImageChange,
  type LoginRequest,
  type RegisterRequest,
  type UpdateProfileRequest,
  type UserDto,
} from '@app/contracts';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '@app/common';
import { ERROR_CODES } from '@app/contracts';
import type { UserEntity } from '@app/database';
import { hashPassword, spendPasswordCheck, verifyPassword } from '../passwords/password-hasher.js';
import { UsersRepository } from './users.repository.js';
import { toUserDto } from './user.mapper.js';

export const ADMIN_EMAIL = Symbol('ADMIN_EMAIL');

/** Accounts, credentials and profiles: every rule the auth service enforces. */
@Injectable()
export class UsersService implements OnApplicationBootstrap {
  private readonly logger = new Logger(UsersService.name);

  constructor(
    private readonly users: UsersRepository,
    @Inject(ADMIN_EMAIL) private readonly adminEmail: string | undefined,
  ) {}

  /** ADMIN_EMAIL names the first admin; an existing account is promoted at every start. */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.adminEmail) return;
    if (await this.users.promoteToAdmin(this.adminEmail)) {
      this.logger.log({ msg: 'ADMIN_EMAIL account is an admin', email: this.adminEmail });
    }
  }

  async register(request: RegisterRequest): Promise<UserDto> {
    if (await this.users.findByEmail(request.email)) throw new ConflictError(AUTH_MESSAGES.emailTaken);
    const user = await this.users.insert({
      email: request.email,
      password: await hashPassword(request.password),
      firstName: request.firstName,
      lastName: request.lastName,
      description: request.description,
      isAdmin: request.email === this.adminEmail,
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
    return this.present(user, true);
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

  /** Asked by the admin service, which has checked the caller; the answer carries the email. */
  async toggleAdmin(userId: string): Promise<UserDto> {
    const user = await this.users.toggleAdmin(userId);
    if (!user) throw new NotFoundError('user');
    return this.present(user, true);
  }

  /** The user-deletion saga's last step; deleting an account that is already gone is fine. */
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
}

const invalidCredentials = () => new DomainError(ERROR_CODES.unauthorized, AUTH_MESSAGES.invalidCredentials);
