import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { CoalescingPoller } from '@app/common';
import { config } from '../config.js';
import { UploadIntentsRepository } from './upload-intents.repository.js';

const BATCH = 100;

/**
 * Deletes the objects of uploads that never became videos (the registration failed, the gateway
 * crashed mid-way): every expired, unclaimed intent's object goes to the media-cleanup queue.
 * Each replica sweeps; SKIP LOCKED keeps them from sweeping the same rows.
 */
@Injectable()
export class UploadIntentsSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(UploadIntentsSweeper.name);
  private readonly poller = new CoalescingPoller(() => this.sweep(), {
    intervalMs: config.UPLOAD_SWEEP_INTERVAL_SECONDS * 1000,
    onError: (error) => this.logger.warn({ msg: 'upload sweep deferred', error: String(error) }),
  });

  constructor(private readonly intents: UploadIntentsRepository) {}

  onApplicationBootstrap(): void {
    this.poller.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.poller.stop();
  }

  private async sweep(): Promise<void> {
    for (;;) {
      const swept = await this.intents.sweepExpired(BATCH);
      if (swept.length) this.logger.log({ msg: 'removing objects of expired uploads', keys: swept });
      if (swept.length < BATCH || this.poller.isStopped) return;
    }
  }
}
