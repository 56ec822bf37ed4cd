import { Inject, Logger, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { HealthModule, QueueModule } from '@app/common';
import { MEDIA_QUEUES } from '@app/contracts';
import { objectStorageFromEnv, type ObjectStorage } from '@app/storage';
import { CleanupProcessor } from './cleanup/cleanup.processor.js';
import { config } from './config.js';
import { ProbeProcessor } from './probe/probe.processor.js';
import { StoredKeyOwners } from './owners/stored-key-owners.js';
import { MediaResultsPublisher } from './results/media-results.publisher.js';
import { sweepStaleScratchDirs } from './shared/scratch-dir.js';
import { TranscodeProcessor } from './transcode/transcode.processor.js';
import { OBJECT_STORAGE } from './worker.tokens.js';

@Module({
  imports: [
    HealthModule.forApp(),
    QueueModule.forRoot({
      app: 'media-worker',
      redisUrl: config.REDIS_URL,
      prefix: config.QUEUE_PREFIX,
      consumes: [MEDIA_QUEUES.probe, MEDIA_QUEUES.transcode, MEDIA_QUEUES.cleanup],
      workerOverrides: {
        [MEDIA_QUEUES.probe]: { concurrency: config.PROBE_CONCURRENCY },
        [MEDIA_QUEUES.transcode]: {
          lockDuration: config.TRANSCODE_TAKEOVER_SECONDS * 1000,
          stalledInterval: config.TRANSCODE_TAKEOVER_SECONDS * 500,
        },
      },
      shutdownGraceMs: config.SHUTDOWN_GRACE_MS,
      // Its consumer is the video service, but a growing backlog there is this worker's output piling up.
      reportDepthOf: [MEDIA_QUEUES.results],
    }),
  ],
  providers: [
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
  ],
})
export class AppModule implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('MediaWorker');

  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}

  /** Scratch files of a killed predecessor would otherwise fill the disk over time. */
  async onModuleInit(): Promise<void> {
    const removed = await sweepStaleScratchDirs();
    if (removed.length) this.logger.warn({ msg: 'removed stale scratch directories', removed });
  }

  onApplicationShutdown(): void {
    this.storage.destroy();
  }
}
