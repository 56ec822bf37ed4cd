import { Controller } from '@nestjs/common';
import { NOTIFICATIONS_RPC, type RpcPayload } from '@app/contracts';
import { Rpc } from '@app/common';
import { NotificationsService } from './notifications.service.js';

@Controller()
export class NotificationsHandler {
  constructor(private readonly notifications: NotificationsService) {}

  @Rpc(NOTIFICATIONS_RPC.list)
  list({ userId, cursor, limit }: RpcPayload<typeof NOTIFICATIONS_RPC.list>) {
    return this.notifications.list(userId, cursor, limit);
  }

  @Rpc(NOTIFICATIONS_RPC.since)
  since({ userId, afterId }: RpcPayload<typeof NOTIFICATIONS_RPC.since>) {
    return this.notifications.since(userId, afterId);
  }

  @Rpc(NOTIFICATIONS_RPC.markRead)
  markRead({ userId, ids, all }: RpcPayload<typeof NOTIFICATIONS_RPC.markRead>) {
    return this.notifications.markRead(userId, all ? null : (ids ?? []));
  }

  @Rpc(NOTIFICATIONS_RPC.getPreferences)
  getPreferences({ userId }: RpcPayload<typeof NOTIFICATIONS_RPC.getPreferences>) {
    return this.notifications.preferences(userId);
  }

  @Rpc(NOTIFICATIONS_RPC.setPreferences)
  setPreferences({ userId, types }: RpcPayload<typeof NOTIFICATIONS_RPC.setPreferences>) {
    return this.notifications.setPreferences(userId, types);
  }
}
