import { z } from 'zod';
import { UUID_PATTERN } from '../ids.js';

/** NATS patterns answered by the admin service. Every one refuses a non-admin actor (FORBIDDEN). */
export const ADMIN_PATTERNS = {
  /** { actor } → UserDto[] with emails, newest first; accounts being deleted are left out */
  listUsers: 'admin.users.list.v1',
  /** { actor, userId } → { userId }; the deletion saga runs in the background */
  deleteUser: 'admin.users.delete.v1',
  /** { actor, userId } → UserDto with the flipped isAdmin */
  toggleAdmin: 'admin.users.toggle-admin.v1',
} as const;

export const ADMIN_MESSAGES = {
  adminRequired: 'Admin access required',
  userNotFound: 'User not found',
  selfDelete: 'You cannot delete your own account',
  selfDemote: 'You cannot change your own admin status',
} as const;

const actorSchema = z.object({ id: z.string().regex(UUID_PATTERN), isAdmin: z.boolean() });

export const adminActorMessageSchema = z.object({ actor: actorSchema });
export type AdminActorMessage = z.input<typeof adminActorMessageSchema>;

export const adminUserMessageSchema = z.object({
  actor: actorSchema,
  userId: z.string().regex(UUID_PATTERN, ADMIN_MESSAGES.userNotFound),
});
export type AdminUserMessage = z.input<typeof adminUserMessageSchema>;

/**
 * The steps of deleting a member, each an idempotent command to the service that owns the rows:
 * their videos (files queued for removal, `video.deleted` events), their feedback, votes and
 * ratings (events correct everyone else's numbers), their bookmarks, then the account itself.
 */
export const USER_DELETION_STEPS = ['videos', 'feedback', 'bookmarks', 'account'] as const;
export type UserDeletionStep = (typeof USER_DELETION_STEPS)[number];

/** `{ userId }` commands of the deletion saga, answered `{ removed: number }`. */
export const userCleanupMessageSchema = z.object({ userId: z.string().regex(UUID_PATTERN) });
export type UserCleanupMessage = z.input<typeof userCleanupMessageSchema>;
export interface UserCleanupResult {
  removed: number;
}

/**
 * auth-service: `{ userId }` → `{ removed: 0 }`. The deletion saga's first command: from it on, the
 * account can no longer sign in or act (auth keeps the mark on its own row; idempotent).
 */
export const USER_DELETION_REQUESTED_PATTERN = 'auth.users.deletion-requested.v1';

export const USER_CLEANUP_PATTERNS = {
  videos: 'video.videos.delete-by-uploader.v1',
  feedback: 'feedback.by-user.delete.v1',
  bookmarks: 'catalog.bookmarks.delete-by-user.v1',
  account: 'auth.users.delete.v1',
} as const satisfies Record<UserDeletionStep, string>;

/**
 * auth-service: { actorId, userId } → UserDto (with email) with isAdmin flipped. The auth
 * service checks the actor in its own table (an admin, not the target), so a message straight
 * onto the bus cannot promote anyone. v1 took no actor.
 */
export const TOGGLE_ADMIN_PATTERN = 'auth.users.toggle-admin.v2';
export const toggleAdminMessageSchema = z.object({
  actorId: z.string().regex(UUID_PATTERN),
  userId: z.string().regex(UUID_PATTERN, ADMIN_MESSAGES.userNotFound),
});
export type ToggleAdminMessage = z.input<typeof toggleAdminMessageSchema>;
