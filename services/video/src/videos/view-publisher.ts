import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { CoalescingPoller } from '@app/common';
import { VideosRepository } from './videos.repository.js';

/** How often counted views are published: a list may show a view this much later (plus delivery). */
export const VIEW_PUBLISH_INTERVAL_MS = 1000;
/** Videos per transaction: one event each, their uploaders' numbers counted once per uploader. */
const VIDEOS_PER_ROUND = 500;

/**
 * Publishes counted views in batches: a burst of views of many videos becomes one transaction and
 * one event per video each second, instead of a transaction, an event and every consumer's work
 * per view. Each replica publishes; SKIP LOCKED keeps them from taking the same rows, and a
 * replica that stops mid-way leaves its rows pending for the next round (the transaction rolls
 * back), so no counted view is lost.
 */
@Injectable()
export class ViewPublisher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ViewPublisher.name);
  private readonly poller = new CoalescingPoller(() => this.publish(), {
    intervalMs: VIEW_PUBLISH_INTERVAL_MS,
    onError: (error) => this.logger.warn({ msg: 'view publishing deferred', error: String(error) }),
  });

  constructor(private readonly videos: VideosRepository) {}

  onApplicationBootstrap(): void {
    this.poller.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.poller.stop();
  }

  private async publish(): Promise<void> {
    while ((await this.videos.publishPendingViews(VIDEOS_PER_ROUND)) === VIDEOS_PER_ROUND) {
      if (this.poller.isStopped) return;
    }
  }
}
