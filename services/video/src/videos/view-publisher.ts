import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { CoalescingPoller } from '@app/common';
import { VideosRepository } from './videos.repository.js';

/** How soon counted views are published: a list may show a view this much later (plus delivery). */
export const VIEW_PUBLISH_DELAY_MS = 1000;
/**
 * How often views counted elsewhere are looked for: a replica that stopped before publishing
 * what it counted leaves them pending. Idle, that is the publisher's only statement.
 */
const LEFTOVER_SWEEP_MS = 15_000;
/** Videos per transaction: one event each, their uploaders' numbers counted once per uploader. */
const VIDEOS_PER_ROUND = 500;

/**
 * Publishes counted views in batches: a burst of views of many videos becomes one transaction and
 * one event per video each second, instead of a transaction, an event and every consumer's work
 * per view. A counted view asks for a round within VIEW_PUBLISH_DELAY_MS (soon()); each replica
 * also sweeps for leftovers now and then. SKIP LOCKED keeps replicas from taking the same rows,
 * and a replica that stops mid-way leaves its rows pending for the next round (the transaction
 * rolls back), so no counted view is lost.
 */
@Injectable()
export class ViewPublisher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ViewPublisher.name);
  private readonly poller = new CoalescingPoller(() => this.publish(), {
    intervalMs: LEFTOVER_SWEEP_MS,
    onError: (error) => this.logger.warn({ msg: 'view publishing deferred', error: String(error) }),
  });
  private due?: NodeJS.Timeout;

  constructor(private readonly videos: VideosRepository) {}

  onApplicationBootstrap(): void {
    this.poller.start();
  }

  async onModuleDestroy(): Promise<void> {
    clearTimeout(this.due);
    await this.poller.stop();
  }

  /** A view was counted: publish it, with whatever else arrives meanwhile, within the delay. */
  soon(): void {
    if (this.due || this.poller.isStopped) return;
    this.due = setTimeout(() => {
      this.due = undefined;
      void this.poller.kick();
    }, VIEW_PUBLISH_DELAY_MS);
  }

  private async publish(): Promise<void> {
    while ((await this.videos.publishPendingViews(VIDEOS_PER_ROUND)) === VIDEOS_PER_ROUND) {
      if (this.poller.isStopped) return;
    }
  }
}
