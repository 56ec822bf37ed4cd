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
import { RpcClient } from './rpc.client.js';

@Injectable()
export class AuthClient {
  constructor(private readonly rpc: RpcClient) {}

  register(request: RegisterRequest): Promise<UserDto> {
    return this.rpc.send<UserDto, RegisterRequest>('auth', AUTH_PATTERNS.register, request);
  }

  verifyCredentials(request: LoginRequest): Promise<UserDto> {
    return this.rpc.send<UserDto, LoginRequest>('auth', AUTH_PATTERNS.verifyCredentials, request);
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
    return this.rpc.send<{ userId: string }, ChangePasswordMessage>('auth', AUTH_PATTERNS.changePassword, {
      ...request,
      userId,
    });
  }

  removeProfileImage(userId: string): Promise<ProfileImageChange> {
    return this.rpc.send<ProfileImageChange>('auth', AUTH_PATTERNS.removeProfileImage, { userId });
  }
}
