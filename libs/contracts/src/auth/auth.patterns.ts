import { z } from 'zod';
import { UUID_PATTERN } from '../ids.js';
import {
  toggleAdminMessageSchema,
  userCleanupMessageSchema,
  type UserCleanupResult,
} from '../admin/admin.contracts.js';
import { referencedKeysRequestSchema, type ReferencedKeysResponse } from '../media/media-references.js';
import { listAdminUsersQuerySchema } from '../admin/admin.contracts.js';
import type { Page } from '../paging/page-cursor.js';
import { defineRpc } from '../rpc/define-rpc.js';
import {
  changePasswordRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  updateProfileRequestSchema,
} from './auth.schemas.js';
import type { UserDto } from './user.types.js';

const USER_ID_REQUIRED = 'A user id is required';
// Any non-empty id: one that names no member is a 404 "User not found", not a 400.
const userId = z.string({ error: USER_ID_REQUIRED }).min(1, USER_ID_REQUIRED);

export const getUserRequestSchema = z.object({
  userId,
  /** The signed-in caller, or null for a visitor: `email` is included for the user themself and admins. */
  viewerId: z
    .string({ error: USER_ID_REQUIRED })
    .nullish()
    .transform((id) => id || null),
});
export type GetUserRequest = z.input<typeof getUserRequestSchema>;

export const updateProfileMessageSchema = z.object({ userId, profile: updateProfileRequestSchema });
export type UpdateProfileMessage = z.input<typeof updateProfileMessageSchema>;

export const setProfileImageRequestSchema = z.object({
  userId,
  /** Object key of the stored picture; the public URL is derived from it (the service checks its shape). */
  imageKey: z.string({ error: 'An image key is required' }),
});
export type SetProfileImageRequest = z.input<typeof setProfileImageRequestSchema>;

export const removeProfileImageRequestSchema = z.object({ userId });

export const changePasswordMessageSchema = changePasswordRequestSchema.extend({ userId });
export type ChangePasswordMessage = z.output<typeof changePasswordMessageSchema>;

/** The updated user, plus the key of the picture it replaced, which the caller removes from storage. */
export interface ProfileImageChange {
  user: UserDto;
  replacedImageKey: string | null;
}

export const adminOfRecordRequestSchema = z.object({ userId: z.string().regex(UUID_PATTERN) });
export type AdminOfRecordRequest = z.input<typeof adminOfRecordRequestSchema>;
/** False for an unknown account and for one an admin is deleting. */
export interface AdminOfRecordAnswer {
  isAdmin: boolean;
}

/** Calls answered by the auth service. */
export const AUTH_RPC = {
  /** The new member (never an admin); CONFLICT when the email is taken. */
  register: defineRpc('auth.users.register.v1', {
    request: registerRequestSchema,
    response: z.custom<UserDto>(),
  }),
  /** The user (the caller becomes them), or UNAUTHORIZED "Invalid email or password". */
  verifyCredentials: defineRpc('auth.credentials.verify.v1', {
    request: loginRequestSchema,
    response: z.custom<UserDto>(),
  }),
  /** NOT_FOUND "User not found". */
  getUser: defineRpc('auth.users.get.v1', {
    request: getUserRequestSchema,
    response: z.custom<UserDto>(),
  }),
  updateProfile: defineRpc('auth.profile.update.v1', {
    request: updateProfileMessageSchema,
    response: z.custom<UserDto>(),
  }),
  setProfileImage: defineRpc('auth.profile-image.set.v1', {
    request: setProfileImageRequestSchema,
    response: z.custom<ProfileImageChange>(),
  }),
  removeProfileImage: defineRpc('auth.profile-image.remove.v1', {
    request: removeProfileImageRequestSchema,
    response: z.custom<ProfileImageChange>(),
  }),
  /** A wrong current password is VALIDATION "Current password is incorrect". */
  changePassword: defineRpc('auth.password.change.v1', {
    request: changePasswordMessageSchema,
    response: z.custom<{ userId: string }>(),
  }),
  /**
   * The admin flag of record, asked by every service before a privileged action, so an `isAdmin`
   * claimed in a message is never the authority.
   */
  isAdmin: defineRpc('auth.users.is-admin.v1', {
    request: adminOfRecordRequestSchema,
    response: z.custom<AdminOfRecordAnswer>(),
  }),
  /**
   * Sent by the admin service only: the user (with email) with isAdmin flipped, after the auth
   * service checked the actor in its own table. v1 took no actor.
   */
  toggleAdmin: defineRpc('auth.users.toggle-admin.v2', {
    request: toggleAdminMessageSchema,
    response: z.custom<UserDto>(),
  }),
  /**
   * The admin service's user deletion, first of all: from it on the account can no longer sign in
   * or act (auth keeps the mark on its own row; idempotent). Answers `{ removed: 0 }`.
   */
  deletionRequested: defineRpc('auth.users.deletion-requested.v1', {
    request: userCleanupMessageSchema,
    response: z.custom<UserCleanupResult>(),
  }),
  /**
   * The admin service's user list: every account not being deleted, newest first, with email and
   * badges. FORBIDDEN unless the actor is an admin in auth's own table.
   */
  listUsers: defineRpc('auth.users.list.v2', {
    request: z.object({ actorId: z.string().regex(UUID_PATTERN) }).extend(listAdminUsersQuerySchema.shape),
    response: z.custom<Page<UserDto>>(),
  }),
  /** The last step of the admin service's user deletion. */
  deleteAccount: defineRpc('auth.users.delete.v1', {
    request: userCleanupMessageSchema,
    response: z.custom<UserCleanupResult>(),
  }),
  /** Asked by the media cleanup: which keys are a member's current profile picture. */
  referencedProfileImages: defineRpc('auth.profile-images.referenced.v1', {
    request: referencedKeysRequestSchema,
    response: z.custom<ReferencedKeysResponse>(),
  }),
} as const;

/**
 * A live signal over core NATS (no request, no queue group): an account changed in auth's tables
 * (profile, admin flag, points, badges, deletion), whoever wrote it — the auth service's own
 * statements, the promote-admin CLI, a migration (a database trigger announces every row).
 * Every gateway replica drops the signed-in user it cached for that id, or all of them when
 * `userId` is absent (auth may have missed changes: its database listener came back).
 */
export const AUTH_LIVE_SUBJECT = 'auth.live.v1';
export interface AuthLiveSignal {
  userId?: string;
}
