import type { UserDto } from './user.types.js';
import { z } from 'zod';
import { UUID_PATTERN } from '../ids.js';
import type { ChangePasswordRequest, LoginRequest, RegisterRequest, UpdateProfileRequest } from './auth.schemas.js';

/** NATS patterns answered by the auth service. */
export const AUTH_PATTERNS = {
  register: 'auth.users.register.v1',
  verifyCredentials: 'auth.credentials.verify.v1',
  getUser: 'auth.users.get.v1',
  updateProfile: 'auth.profile.update.v1',
  setProfileImage: 'auth.profile-image.set.v1',
  removeProfileImage: 'auth.profile-image.remove.v1',
  /** ChangePasswordMessage → { userId }; a wrong current password is VALIDATION "Current password is incorrect". */
  changePassword: 'auth.password.change.v1',
  /**
   * { userId } → { isAdmin }: the admin flag of record, asked by every service before a
   * privileged action, so an `isAdmin` claimed in a message is never the authority.
   */
  isAdmin: 'auth.users.is-admin.v1',
} as const;

export type RegisterUserRequest = RegisterRequest;
/** Answers the user (the caller becomes them), or UNAUTHORIZED "Invalid email or password". */
export type VerifyCredentialsRequest = LoginRequest;

export interface GetUserRequest {
  userId: string;
  /** The signed-in caller, or null for a visitor: `email` is included for the user themself and admins. */
  viewerId: string | null;
}

export interface UpdateProfileMessage {
  userId: string;
  profile: UpdateProfileRequest;
}

export interface SetProfileImageRequest {
  userId: string;
  /** Object key of the stored picture; the public URL is derived from it. */
  imageKey: string;
}

/** The updated user, plus the key of the picture it replaced, which the caller removes from storage. */
export interface ProfileImageChange {
  user: UserDto;
  replacedImageKey: string | null;
}

export interface ChangePasswordMessage extends ChangePasswordRequest {
  userId: string;
}

export const adminOfRecordRequestSchema = z.object({ userId: z.string().regex(UUID_PATTERN) });
export type AdminOfRecordRequest = z.input<typeof adminOfRecordRequestSchema>;
/** False for an unknown account and for one an admin is deleting. */
export interface AdminOfRecordAnswer {
  isAdmin: boolean;
}
