import { z } from 'zod';
import { UUID_PATTERN } from '../ids.js';
import { actorSchema } from '../auth/actor.schema.js';
import type { UserDto } from '../auth/user.types.js';
import { cursorTimestamp, type Page, pageCursorParam, pageLimitParam } from '../paging/page-cursor.js';
import { defineRpc } from '../rpc/define-rpc.js';
import { hasForbiddenCharacter } from '../text/plain-text.js';
import {
  createReportMessageSchema,
  listReportsMessageSchema,
  resolveReportMessageSchema,
  type AdminReportGroupDto,
  type ReportDto,
} from '../moderation/moderation.contracts.js';

export const ADMIN_MESSAGES = {
  adminRequired: 'Admin access required',
  userNotFound: 'User not found',
  selfDelete: 'You cannot delete your own account',
  selfDemote: 'You cannot change your own admin status',
} as const;

/**
 * GET /api/admin/users `?limit&cursor&q`: newest account first, 100 to a page by default (and at
 * most), optionally only those whose name or email contains `q` (ignoring case).
 */
export const ADMIN_USER_LIST_LIMIT = { default: 100, min: 1, max: 100 } as const;
export const ADMIN_USER_SEARCH_MAX = 255;
export const ADMIN_USER_LIST_MESSAGES = {
  limitInvalid: 'limit must be an integer',
  qInvalid: `q must be a single search text of at most ${ADMIN_USER_SEARCH_MAX} characters, without control characters`,
} as const;

/** Where a page of accounts ends: the last account's creation time (microseconds) and id. */
const adminUserCursorSchema = z.object({ k: cursorTimestamp, id: z.string().regex(UUID_PATTERN) });
export type AdminUserCursor = z.output<typeof adminUserCursorSchema>;

export const listAdminUsersQuerySchema = z.object({
  limit: pageLimitParam(ADMIN_USER_LIST_LIMIT, ADMIN_USER_LIST_MESSAGES.limitInvalid),
  cursor: pageCursorParam(adminUserCursorSchema),
  q: z
    .string({ error: ADMIN_USER_LIST_MESSAGES.qInvalid })
    .trim()
    .nullish()
    .transform((value, ctx) => {
      if (value === undefined || value === null || value === '') return null;
      if ([...value].length <= ADMIN_USER_SEARCH_MAX && !hasForbiddenCharacter(value, 'single-line')) return value;
      ctx.issues.push({ code: 'custom', message: ADMIN_USER_LIST_MESSAGES.qInvalid, input: value });
      return z.NEVER;
    }),
});
export type ListAdminUsersQuery = z.output<typeof listAdminUsersQuerySchema>;

/** POST /api/admin/reports/serial-voting-check: how many votes and ratings were reversed. */
export const serialVotingCheckDtoSchema = z.object({ reversed: z.number().int() });
export type SerialVotingCheckDto = z.infer<typeof serialVotingCheckDtoSchema>;

export const adminActorMessageSchema = z.object({ actor: actorSchema });
export type AdminActorMessage = z.input<typeof adminActorMessageSchema>;

export const adminUserMessageSchema = z.object({
  actor: actorSchema,
  userId: z.string().regex(UUID_PATTERN, ADMIN_MESSAGES.userNotFound),
});
export type AdminUserMessage = z.input<typeof adminUserMessageSchema>;

/** Calls answered by the admin service. Every one but createReport refuses a non-admin actor (FORBIDDEN). */
export const ADMIN_RPC = {
  /** Any member reports content (one open report per member and subject). */
  createReport: defineRpc('admin.reports.create.v1', {
    request: createReportMessageSchema,
    response: z.custom<{ report: ReportDto; created: boolean }>(),
  }),
  /** The admins' queue: reports grouped by subject, with the content and the decisions taken. */
  listReports: defineRpc('admin.reports.list.v1', {
    request: listReportsMessageSchema,
    response: z.custom<AdminReportGroupDto[]>(),
  }),
  /** Keep, hide or delete the subject of a report; every open report on it is decided with it. */
  resolveReport: defineRpc('admin.reports.resolve.v1', {
    request: resolveReportMessageSchema,
    response: z.custom<AdminReportGroupDto>(),
  }),
  /** A page of accounts with emails, newest first; accounts being deleted are left out (v2: pages, search). */
  listUsers: defineRpc('admin.users.list.v2', {
    request: adminActorMessageSchema.extend(listAdminUsersQuerySchema.shape),
    response: z.custom<Page<UserDto>>(),
  }),
  /** Runs the serial-voting check now; answers how many votes and ratings it reversed. */
  checkSerialVoting: defineRpc('admin.integrity.serial-voting.v1', {
    request: adminActorMessageSchema,
    response: z.custom<SerialVotingCheckDto>(),
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
