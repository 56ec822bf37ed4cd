import { Inject, Logger, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { HealthModule, createRedisConnection } from '@app/common';
import { objectStorageFromEnv, type ObjectStorage } from '@app/storage';
import { CleanupProcessor } from './cleanup/cleanup.processor.js';
import { config } from './config.js';
import { ProbeProcessor } from './probe/probe.processor.js';
import { QueueMetrics } from './metrics/queue-metrics.js';
import { StoredKeyOwners } from './owners/stored-key-owners.js';
import { MediaResultsPublisher } from './results/media-results.publisher.js';
import { sweepStaleScratchDirs } from './shared/scratch-dir.js';
import { TranscodeProcessor } from './transcode/transcode.processor.js';
import { OBJECT_STORAGE, WORKER_REDIS } from './worker.tokens.js';

@Module({
  imports: [HealthModule.forApp()],
  providers: [
    { provide: WORKER_REDIS, useFactory: () => createRedisConnection(config.REDIS_URL, 'media-worker') },
    {
      provide: OBJECT_STORAGE,
      useFactory: async () => {
        const storage = objectStorageFromEnv(config);
        await storage.ensureBucket();
        return storage;
      },
    },
    MediaResultsPublisher,
    StoredKeyOwners,
    ProbeProcessor,
    TranscodeProcessor,
    CleanupProcessor,
    QueueMetrics,
  ],
})
export class AppModule implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('MediaWorker');

  constructor(
    @Inject(WORKER_REDIS) private readonly redis: Redis,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /** Scratch files of a killed predecessor would otherwise fill the disk over time. */
  async onModuleInit(): Promise<void> {
    const removed = await sweepStaleScratchDirs();
    if (removed.length) this.logger.warn({ msg: 'removed stale scratch directories', removed });
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
    this.storage.destroy();
  }
}
