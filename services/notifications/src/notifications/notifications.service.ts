import { Injectable } from '@nestjs/common';
import {
  NOTIFICATIONS_LIVE_SUBJECT,
  encodePageCursor,
  type DomainEvent,
  type NotificationPageDto,
  type NotificationPreferencesDto,
  type NotificationReadResultDto,
  type NotificationsLiveSignal,
  type NotificationsSinceDto,
  type NotificationType,
} from '@app/contracts';
import { LiveSignals } from '@app/common';
import { notificationsFor, removalsFor } from './notification-rules.js';
import { toNotificationDto } from './notification.mapper.js';
import { NotificationsRepository } from './notifications.repository.js';

/** The most a stream's replay answers at once; it asks again for the rest. */
const SINCE_BATCH = 100;

@Injectable()
export class NotificationsService {
  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly signals: LiveSignals,
  ) {}

  /** One batch of domain events: recorded in one transaction, then every member concerned is signalled. */
  async applyEvents(events: DomainEvent[]): Promise<void> {
    const changed = await this.notifications.apply(events.flatMap(notificationsFor), events.flatMap(removalsFor));
    for (const userId of changed) this.signal(userId);
  }

  async list(userId: string, cursor: { id: number } | null, limit: number): Promise<NotificationPageDto> {
    const { rows, unreadCount } = await this.notifications.page(userId, cursor?.id ?? null, limit + 1);
    const items = rows.slice(0, limit).map(toNotificationDto);
    const last = items[items.length - 1];
    return {
      items,
      unreadCount,
      nextCursor: rows.length > limit && last ? encodePageCursor({ id: last.id }) : null,
    };
  }

  /** A stream's replay: after `afterId`, oldest first; a fresh stream (null) starts at the newest. */
  async since(userId: string, afterId: number | null): Promise<NotificationsSinceDto> {
    const { rows, latestId, unreadCount } = await this.notifications.since(userId, afterId, SINCE_BATCH + 1);
    return {
      items: rows.slice(0, SINCE_BATCH).map(toNotificationDto),
      unreadCount,
      latestId,
      more: rows.length > SINCE_BATCH,
    };
  }

  async markRead(userId: string, ids: number[] | null): Promise<NotificationReadResultDto> {
    const { changed, unreadCount } = await this.notifications.markRead(userId, ids);
    // Other tabs and devices of the member show the new count at once.
    if (changed) this.signal(userId);
    return { unreadCount };
  }

  async preferences(userId: string): Promise<NotificationPreferencesDto> {
    return { types: await this.notifications.preferences(userId) };
  }

  async setPreferences(
    userId: string,
    types: Partial<Record<NotificationType, boolean>>,
  ): Promise<NotificationPreferencesDto> {
    await this.notifications.savePreferences(userId, types);
    return this.preferences(userId);
  }

  private signal(userId: string): void {
    this.signals.publish(NOTIFICATIONS_LIVE_SUBJECT, { userId } satisfies NotificationsLiveSignal);
  }
}
