import { z } from 'zod';
import { UUID_PATTERN } from '../ids.js';
import { actorSchema } from '../auth/actor.schema.js';
import type { UserDto } from '../auth/user.types.js';
import { defineRpc } from '../rpc/define-rpc.js';

export const ADMIN_MESSAGES = {
  adminRequired: 'Admin access required',
  userNotFound: 'User not found',
  selfDelete: 'You cannot delete your own account',
  selfDemote: 'You cannot change your own admin status',
} as const;

export const adminActorMessageSchema = z.object({ actor: actorSchema });
export type AdminActorMessage = z.input<typeof adminActorMessageSchema>;

export const adminUserMessageSchema = z.object({
  actor: actorSchema,
  userId: z.string().regex(UUID_PATTERN, ADMIN_MESSAGES.userNotFound),
});
export type AdminUserMessage = z.input<typeof adminUserMessageSchema>;

/** Calls answered by the admin service. Every one refuses a non-admin actor (FORBIDDEN). */
export const ADMIN_RPC = {
  /** UserDto[] with emails, newest first; accounts being deleted are left out. */
  listUsers: defineRpc('admin.users.list.v1', {
    request: adminActorMessageSchema,
    response: z.custom<UserDto[]>(),
  }),
  /** The deletion saga runs in the background. */
  deleteUser: defineRpc('admin.users.delete.v1', {
    request: adminUserMessageSchema,
    response: z.custom<{ userId: string }>(),
  }),
  /** The user (with email) with the flipped isAdmin. */
  toggleAdmin: defineRpc('admin.users.toggle-admin.v1', {
    request: adminUserMessageSchema,
    response: z.custom<UserDto>(),
  }),
} as const;

/**
 * The steps of deleting a member, each an idempotent command to the service that owns the rows:
 * their videos (files queued for removal, `video.deleted` events), their feedback, votes and
 * ratings (events correct everyone else's numbers), their bookmarks, then the account itself.
 * USER_CLEANUP_RPC names the call of each step.
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
 * The admin service's toggle, as a command to the auth service (AUTH_RPC.toggleAdmin). The auth
 * service checks the actor in its own table (an admin, not the target), so a message straight
 * onto the bus cannot promote anyone.
 */
export const toggleAdminMessageSchema = z.object({
  actorId: z.string().regex(UUID_PATTERN),
  userId: z.string().regex(UUID_PATTERN, ADMIN_MESSAGES.userNotFound),
});
export type ToggleAdminMessage = z.input<typeof toggleAdminMessageSchema>;
