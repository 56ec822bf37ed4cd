import type { z } from 'zod';
// Type-only: the screens import this file for its labels, and need no schema built at load.
import type {
  notificationDtoSchema,
  notificationPageDtoSchema,
  notificationPreferencesDtoSchema,
  notificationReadResultDtoSchema,
} from './notification-dto.schemas.js';

/**
 * What the notifications service tells a member (issue 16 §1). Each type can be turned off in the
 * member's preferences; a type that is off is not recorded at all.
 */
export const NOTIFICATION_TYPES = [
  /** Someone gave feedback on my video. */
  'feedback_received',
  /** People rated my feedback: merged per feedback for a day ("5 people rated your feedback, average 4.2"). */
  'feedback_rated',
  /** People marked my feedback helpful: merged per feedback for a day. */
  'feedback_helpful',
  /** Someone replied to my feedback, or in a conversation I replied in. */
  'feedback_reply',
  /** Someone mentioned me in a reply. */
  'mention',
  /** The uploader marked my feedback applied. */
  'feedback_applied',
  /** I earned a badge. */
  'badge_earned',
  /** My feedback level went up (Pro at 20 pieces of feedback, Expert at 50). */
  'level_reached',
  /** My uploaded video finished processing and can be watched. */
  'video_ready',
  /** My uploaded video could not be processed. */
  'video_failed',
  /** Moderation hid my content pending review, restored it, or removed it. */
  'content_hidden',
  'content_restored',
  'content_removed',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** What the preferences screen calls each type. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  feedback_received: 'New feedback on my videos',
  feedback_rated: 'My feedback rated',
  feedback_helpful: 'My feedback marked helpful',
  feedback_reply: 'Replies to my feedback and conversations',
  mention: 'Mentions of me',
  feedback_applied: 'My feedback marked applied',
  badge_earned: 'Badges I earn',
  level_reached: 'My feedback level going up',
  video_ready: 'My video ready to watch',
  video_failed: 'My video failed processing',
  content_hidden: 'My content hidden pending review',
  content_restored: 'My content restored after review',
  content_removed: 'My content removed by moderators',
};

/** One notification as the member's list and stream show it (the schemas: notification-dto.schemas). */
export type NotificationDto = z.infer<typeof notificationDtoSchema>;
/** GET /api/notifications */
export type NotificationPageDto = z.infer<typeof notificationPageDtoSchema>;
/** GET/PUT /api/notifications/preferences: every type, on or off. */
export type NotificationPreferencesDto = z.infer<typeof notificationPreferencesDtoSchema>;
/** POST /api/notifications/read */
export type NotificationReadResultDto = z.infer<typeof notificationReadResultDtoSchema>;

/** The stream's replay: what came after the last event a client saw, oldest first. */
export interface NotificationsSinceDto {
  items: NotificationDto[];
  unreadCount: number;
  /** The newest id the member has (0 when none): where a fresh stream starts. */
  latestId: number;
  /** More than one reply's worth is waiting: ask again from the last item. */
  more: boolean;
}

/**
 * The live signal (core NATS, subject NOTIFICATIONS_LIVE_SUBJECT): a member's notifications
 * changed. It carries no content; every gateway replica that streams to the member asks the
 * service what came after the last id it sent, so a lost signal loses nothing (the stream's
 * heartbeat asks too).
 */
export interface NotificationsLiveSignal {
  userId: string;
}
/** Published by the notifications service after each commit; every gateway subscribes. */
export const NOTIFICATIONS_LIVE_SUBJECT = 'notifications.live.v1';

/** Server-Sent Events the stream sends. */
export const NOTIFICATION_STREAM_EVENTS = {
  /** A new or updated notification; the event's id is the notification's id. */
  notification: 'notification',
  /** The unread count changed without a new notification (read elsewhere); no id. */
  unread: 'unread',
} as const;
