// The notifications answers' shapes; notification.types infers the DTO types from them.
import { z } from 'zod';
import { NOTIFICATION_TYPES } from './notification.types.js';

/** One notification as the member's list and stream show it. */
export const notificationDtoSchema = z.object({
  /** Grows with every new or updated notification: the stream's event id. */
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  /** The sentence shown, composed by the service (the actor's name as it was then). */
  text: z.string(),
  /** Where it leads in the app: the video page, at the feedback when there is one. */
  link: z.string(),
  /** Who acted last (null for the system's own news: badges, processing). */
  actorId: z.string().nullable(),
  /** How many people a merged notification stands for (1 otherwise). */
  count: z.number().int(),
  videoId: z.number().int().nullable(),
  feedbackId: z.number().int().nullable(),
  read: z.boolean(),
  /** ISO 8601: when it was first recorded, and when it last changed (a merge). */
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** GET /api/notifications */
export const notificationPageDtoSchema = z.object({
  items: z.array(notificationDtoSchema),
  unreadCount: z.number().int(),
  nextCursor: z.string().nullable(),
});

/** GET/PUT /api/notifications/preferences: every type, on or off. */
export const notificationPreferencesDtoSchema = z.object({ types: z.record(z.enum(NOTIFICATION_TYPES), z.boolean()) });

/** POST /api/notifications/read */
export const notificationReadResultDtoSchema = z.object({ unreadCount: z.number().int() });
