import { z } from 'zod';
import { UUID_PATTERN } from '../ids.js';
import { pageCursorParam, pageLimitParam } from '../paging/page-cursor.js';
import { defineRpc } from '../rpc/define-rpc.js';
import {
  NOTIFICATION_TYPES,
  type NotificationPageDto,
  type NotificationPreferencesDto,
  type NotificationReadResultDto,
  type NotificationsSinceDto,
  type NotificationType,
} from './notification.types.js';

export const NOTIFICATION_MESSAGES = {
  readBody: 'Send { "ids": [notification ids] } or { "all": true }',
  idsInvalid: 'ids must be a list of 1 to 100 notification ids',
  limitInvalid: 'limit must be a whole number',
  lastEventIdInvalid: 'Last-Event-ID must be a notification id',
  preferencesInvalid: `preferences must be { "types": { <type>: true|false } } with types from: ${NOTIFICATION_TYPES.join(', ')}`,
} as const;

export const NOTIFICATION_PAGE_LIMIT = { default: 20, min: 1, max: 50 } as const;

/** A notification id: the stream's event ids and the read call's ids. */
export const notificationIdSchema = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** The position after a notification in the member's list (newest first by id). */
export const notificationCursorSchema = z.object({ id: notificationIdSchema });

const userIdSchema = z.string().regex(UUID_PATTERN, 'userId must be a UUID');

/** GET /api/notifications?cursor=&limit= */
export const notificationPageQuerySchema = z.object({
  cursor: pageCursorParam(notificationCursorSchema),
  limit: pageLimitParam(NOTIFICATION_PAGE_LIMIT, NOTIFICATION_MESSAGES.limitInvalid),
});
export type NotificationPageQuery = z.input<typeof notificationPageQuerySchema>;

/** POST /api/notifications/read: some notifications, or all of them. */
export const markNotificationsReadBodySchema = z.union(
  [
    z
      .object({ ids: z.array(notificationIdSchema, { error: NOTIFICATION_MESSAGES.idsInvalid }).min(1).max(100) })
      .strict(),
    z.object({ all: z.literal(true) }).strict(),
  ],
  { error: NOTIFICATION_MESSAGES.readBody },
);
export type MarkNotificationsReadBody = z.output<typeof markNotificationsReadBodySchema>;

/** PUT /api/notifications/preferences: any subset of the types; the rest stay as they are. */
export const notificationPreferencesBodySchema = z
  .object({
    types: z.partialRecord(z.enum(NOTIFICATION_TYPES), z.boolean()),
  })
  .strict()
  .refine((body) => Object.keys(body.types).length > 0, NOTIFICATION_MESSAGES.preferencesInvalid);
export type NotificationPreferencesBody = z.output<typeof notificationPreferencesBodySchema>;

/**
 * The `Last-Event-ID` a reconnecting stream sends (or `lastEventId` in the query, for clients
 * that cannot set headers): the id of the last notification it received.
 */
export const lastEventIdSchema = z
  .string()
  .trim()
  .regex(/^\d{1,16}$/, NOTIFICATION_MESSAGES.lastEventIdInvalid)
  .transform(Number)
  .pipe(z.number().int().min(0).max(Number.MAX_SAFE_INTEGER));

/** Calls answered by the notifications service. */
export const NOTIFICATIONS_RPC = {
  /** A page of the member's notifications, newest first, with their unread count. */
  list: defineRpc('notifications.list.v1', {
    request: notificationPageQuerySchema.extend({ userId: userIdSchema }),
    response: z.custom<NotificationPageDto>(),
  }),
  /** What came after the last notification a stream sent, oldest first (the stream's replay). */
  since: defineRpc('notifications.since.v1', {
    request: z.object({ userId: userIdSchema, afterId: z.number().int().min(0).nullable() }),
    response: z.custom<NotificationsSinceDto>(),
  }),
  markRead: defineRpc('notifications.read.v1', {
    request: z.object({
      userId: userIdSchema,
      ids: z.array(notificationIdSchema).max(100).optional(),
      all: z.boolean().optional(),
    }),
    response: z.custom<NotificationReadResultDto>(),
  }),
  getPreferences: defineRpc('notifications.preferences.get.v1', {
    request: z.object({ userId: userIdSchema }),
    response: z.custom<NotificationPreferencesDto>(),
  }),
  setPreferences: defineRpc('notifications.preferences.set.v1', {
    request: z.object({ userId: userIdSchema, types: z.partialRecord(z.enum(NOTIFICATION_TYPES), z.boolean()) }),
    response: z.custom<NotificationPreferencesDto>(),
  }),
} as const;

export type { NotificationType };
