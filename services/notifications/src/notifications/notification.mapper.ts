import type { BadgeType, NotificationDto, NotificationType } from '@app/contracts';
import type { NotificationData } from './notification-rules.js';

/** A notification as stored. */
export interface NotificationRow {
  id: string;
  recipientId: string;
  type: NotificationType;
  actorId: string | null;
  videoId: number | null;
  feedbackId: number | null;
  count: number;
  data: NotificationData;
  readAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const BADGE_NAMES: Record<BadgeType, string> = {
  first_video: 'First Video',
  content_creator: 'Content Creator',
  popular: 'Popular',
  pro: 'Pro',
  expert: 'Expert',
};

const quoted = (title: string | undefined) => `“${title ?? 'your video'}”`;
const subjectName = (data: NotificationData) =>
  data.subjectType === 'video'
    ? `video ${quoted(data.videoTitle)}`
    : `${data.subjectType === 'reply' ? 'reply' : 'feedback'} on ${quoted(data.videoTitle)}`;
const starCount = (stars: number) => `${stars} ${stars === 1 ? 'star' : 'stars'}`;

/** The sentence a notification shows: one place, so the list and the stream say the same. */
export function notificationText(row: Pick<NotificationRow, 'type' | 'count' | 'data'>): string {
  const { data, count } = row;
  const actor = data.actorName ?? 'Someone';
  switch (row.type) {
    case 'feedback_received':
      return `${actor} gave feedback on ${quoted(data.videoTitle)}`;
    case 'feedback_rated':
      return count > 1
        ? `${count} people rated your feedback on ${quoted(data.videoTitle)}, average ${((data.stars ?? 0) / count).toFixed(1)}`
        : `${actor} rated your feedback on ${quoted(data.videoTitle)} ${starCount(data.stars ?? 0)}`;
    case 'feedback_helpful':
      return count > 1
        ? `${count} people marked your feedback on ${quoted(data.videoTitle)} helpful`
        : `${actor} marked your feedback on ${quoted(data.videoTitle)} helpful`;
    case 'feedback_reply':
      return data.yourFeedback
        ? `${actor} replied to your feedback on ${quoted(data.videoTitle)}`
        : `${actor} replied in a conversation on ${quoted(data.videoTitle)}`;
    case 'mention':
      return `${actor} mentioned you in a reply on ${quoted(data.videoTitle)}`;
    case 'feedback_applied':
      return `${actor} marked your feedback on ${quoted(data.videoTitle)} as applied`;
    case 'content_hidden':
      return `Your ${subjectName(data)} was hidden pending review`;
    case 'content_restored':
      return `Your ${subjectName(data)} was reviewed and is visible again`;
    case 'content_removed':
      return `Your ${subjectName(data)} was removed by a moderator`;
    case 'badge_earned':
      return `You earned the ${data.badgeType ? BADGE_NAMES[data.badgeType] : 'new'} badge`;
    case 'level_reached':
      return `Your feedback level is now ${data.badgeType ? BADGE_NAMES[data.badgeType] : 'higher'}`;
    case 'video_ready':
      return `Your video ${quoted(data.videoTitle)} is ready to watch`;
    case 'video_failed':
      return `Your video ${quoted(data.videoTitle)} could not be processed`;
  }
}

/** Where it leads: the exact feedback on the video page, the video, or the member's profile. */
export function notificationLink(row: Pick<NotificationRow, 'recipientId' | 'videoId' | 'feedbackId'>): string {
  if (row.videoId !== null && row.feedbackId !== null) return `/video/${row.videoId}?feedback=${row.feedbackId}`;
  if (row.videoId !== null) return `/video/${row.videoId}`;
  return `/profile/${row.recipientId}`;
}

export function toNotificationDto(row: NotificationRow): NotificationDto {
  return {
    id: Number(row.id),
    type: row.type,
    text: notificationText(row),
    link: notificationLink(row),
    actorId: row.actorId,
    count: row.count,
    videoId: row.videoId,
    feedbackId: row.feedbackId,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
