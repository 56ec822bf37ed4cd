import { Injectable } from '@nestjs/common';
import {
  NOTIFICATIONS_RPC,
  type MarkNotificationsReadBody,
  type NotificationPageDto,
  type NotificationPageQuery,
  type NotificationPreferencesDto,
  type NotificationReadResultDto,
  type NotificationsSinceDto,
  type NotificationType,
} from '@app/contracts';
import { RpcClient } from '@app/common';

@Injectable()
export class NotificationsClient {
  constructor(private readonly rpc: RpcClient) {}

  list(userId: string, page: NotificationPageQuery): Promise<NotificationPageDto> {
    return this.rpc.call(NOTIFICATIONS_RPC.list, { userId, ...page });
  }

  since(userId: string, afterId: number | null): Promise<NotificationsSinceDto> {
    return this.rpc.call(NOTIFICATIONS_RPC.since, { userId, afterId });
  }

  markRead(userId: string, body: MarkNotificationsReadBody): Promise<NotificationReadResultDto> {
    return this.rpc.call(NOTIFICATIONS_RPC.markRead, { userId, ...body });
  }

  preferences(userId: string): Promise<NotificationPreferencesDto> {
    return this.rpc.call(NOTIFICATIONS_RPC.getPreferences, { userId });
  }

  setPreferences(
    userId: string,
    types: Partial<Record<NotificationType, boolean>>,
  ): Promise<NotificationPreferencesDto> {
    return this.rpc.call(NOTIFICATIONS_RPC.setPreferences, { userId, types });
  }
}
