import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DOMAIN_EVENT_QUEUES } from '@app/contracts';
import { JobQueues } from '@app/common';
import { NotificationsRepository } from './notifications.repository.js';
import { NotificationsService } from './notifications.service.js';

/** A contribution key outlives any redelivery of its event by far (BullMQ retries for minutes). */
const SOURCE_KEY_DAYS = 30;
const SOURCE_SWEEP_MS = 3600 * 1000;

/** Consumer of every domain event: what members are told. */
@Injectable()
export class NotificationEventsProcessor implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(NotificationEventsProcessor.name);
  private sweep?: NodeJS.Timeout;

  constructor(
    private readonly queues: JobQueues,
    private readonly notifications: NotificationsService,
    private readonly repository: NotificationsRepository,
  ) {}

  onModuleInit(): void {
    this.queues.registerWorker(DOMAIN_EVENT_QUEUES.notifications, (job) =>
      this.notifications.applyEvents(job.data.events),
    );
    this.sweep = setInterval(() => {
      this.repository
        .forgetSourcesBefore(SOURCE_KEY_DAYS)
        .catch((error: unknown) => this.logger.warn({ msg: 'source sweep deferred', error: String(error) }));
    }, SOURCE_SWEEP_MS);
    this.sweep.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweep);
  }
}
