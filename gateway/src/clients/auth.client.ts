import { Injectable } from '@nestjs/common';
import {
  AUTH_RPC,
  type ChangePasswordRequest,
  type LoginRequest,
  type ProfileImageChange,
  type RegisterRequest,
  type UpdateProfileRequest,
  type UserDto,
} from '@app/contracts';
import { RpcClient } from '@app/common';
import { config } from '../config.js';

/**
 * Calls that hash a password (scrypt at 128 MiB, a few hundred milliseconds, at most two at a
 * time per auth process) may wait their turn behind others: they get this much on top of the
 * usual deadline, so a burst of sign-ins is slow rather than a 503.
 */
const PASSWORD_WORK_MS = 3000;
const passwordWork = () => ({ timeoutMs: config.SERVICE_TIMEOUT_MS + PASSWORD_WORK_MS });

@Injectable()
export class AuthClient {
  constructor(private readonly rpc: RpcClient) {}

  register(request: RegisterRequest): Promise<UserDto> {
    return this.rpc.call(AUTH_RPC.register, request, passwordWork());
  }

  verifyCredentials(request: LoginRequest): Promise<UserDto> {
    return this.rpc.call(AUTH_RPC.verifyCredentials, request, passwordWork());
  }

  getUser(userId: string, viewerId: string | null): Promise<UserDto> {
    return this.rpc.call(AUTH_RPC.getUser, { userId, viewerId });
  }

  updateProfile(userId: string, profile: UpdateProfileRequest): Promise<UserDto> {
    return this.rpc.call(AUTH_RPC.updateProfile, { userId, profile });
  }

  setProfileImage(userId: string, imageKey: string): Promise<ProfileImageChange> {
    return this.rpc.call(AUTH_RPC.setProfileImage, { userId, imageKey });
  }

  changePassword(userId: string, request: ChangePasswordRequest): Promise<{ userId: string }> {
    return this.rpc.call(AUTH_RPC.changePassword, { ...request, userId }, passwordWork());
  }

  removeProfileImage(userId: string): Promise<ProfileImageChange> {
    return this.rpc.call(AUTH_RPC.removeProfileImage, { userId });
  }
}
