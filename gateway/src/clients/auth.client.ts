import { Injectable } from '@nestjs/common';
import {
  AUTH_PATTERNS,
  type ChangePasswordMessage,
  type ChangePasswordRequest,
  type GetUserRequest,
  type LoginRequest,
  type ProfileImageChange,
  type RegisterRequest,
  type SetProfileImageRequest,
  type UpdateProfileMessage,
  type UpdateProfileRequest,
  type UserDto,
} from '@app/contracts';
import { config } from '../config.js';
import { RpcClient } from './rpc.client.js';

/**
 * Calls that hash a password (scrypt at 128 MiB, a few hundred milliseconds, at most two at a
 * time per auth process) may wait their turn behind others: they get this much on top of the
 * usual deadline, so a burst of sign-ins is slow rather than a 503.
 */
const PASSWORD_WORK_MS = 3000;
const passwordDeadline = () => config.SERVICE_TIMEOUT_MS + PASSWORD_WORK_MS;

@Injectable()
export class AuthClient {
  constructor(private readonly rpc: RpcClient) {}

  register(request: RegisterRequest): Promise<UserDto> {
    return this.rpc.send<UserDto, RegisterRequest>('auth', AUTH_PATTERNS.register, request, passwordDeadline());
  }

  verifyCredentials(request: LoginRequest): Promise<UserDto> {
    return this.rpc.send<UserDto, LoginRequest>('auth', AUTH_PATTERNS.verifyCredentials, request, passwordDeadline());
  }

  getUser(userId: string, viewerId: string | null): Promise<UserDto> {
    return this.rpc.send<UserDto, GetUserRequest>('auth', AUTH_PATTERNS.getUser, { userId, viewerId });
  }

  updateProfile(userId: string, profile: UpdateProfileRequest): Promise<UserDto> {
    return this.rpc.send<UserDto, UpdateProfileMessage>('auth', AUTH_PATTERNS.updateProfile, { userId, profile });
  }

  setProfileImage(userId: string, imageKey: string): Promise<ProfileImageChange> {
    return this.rpc.send<ProfileImageChange, SetProfileImageRequest>('auth', AUTH_PATTERNS.setProfileImage, {
      userId,
      imageKey,
    });
  }

  changePassword(userId: string, request: ChangePasswordRequest): Promise<{ userId: string }> {
    return this.rpc.send<{ userId: string }, ChangePasswordMessage>(
      'auth',
      AUTH_PATTERNS.changePassword,
      { ...request, userId },
      passwordDeadline(),
    );
  }

  removeProfileImage(userId: string): Promise<ProfileImageChange> {
    return this.rpc.send<ProfileImageChange>('auth', AUTH_PATTERNS.removeProfileImage, { userId });
  }
}
