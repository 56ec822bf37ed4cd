import { Module, type OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { DOMAIN_EVENT_QUEUES } from '@app/contracts';
import { HealthModule, LiveSignals, QueueModule } from '@app/common';
import { DatabaseModule } from '@app/database';
import { config } from './config.js';
import { NOTIFICATIONS_DATABASE } from './db/notifications-database.js';
import { NotificationEventsProcessor } from './notifications/notification-events.processor.js';
import { NotificationsHandler } from './notifications/notifications.handler.js';
import { NotificationsRepository } from './notifications/notifications.repository.js';
import { NotificationsService } from './notifications/notifications.service.js';

/**
 * The notifications service: owns what members are told (`notifications`, their contribution
 * keys and preferences), derived from every service's domain events; answers the gateway's
 * list, read and preference calls and its streams' replays, and signals each change on NATS.
 */
@Module({
  imports: [
    DatabaseModule.forRoot({
      url: config.DATABASE_URL,
      applicationName: 'notifications',
      database: NOTIFICATIONS_DATABASE,
    }),
    QueueModule.forRoot({
      app: 'notifications',
      redisUrl: config.REDIS_URL,
      prefix: config.QUEUE_PREFIX,
      consumes: [DOMAIN_EVENT_QUEUES.notifications],
    }),
    HealthModule.forApp('notifications'),
  ],
  controllers: [NotificationsHandler],
  providers: [
    NotificationsRepository,
    NotificationsService,
    NotificationEventsProcessor,
    { provide: LiveSignals, useFactory: () => LiveSignals.open(config, 'notifications') },
  ],
})
export class AppModule implements OnApplicationShutdown {
  constructor(private readonly moduleRef: ModuleRef) {}

  async onApplicationShutdown(): Promise<void> {
    await this.moduleRef.get(LiveSignals).close();
  }
}
