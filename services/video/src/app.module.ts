import { Module, type OnApplicationShutdown, Inject } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { AdminOfRecord, HealthModule, createRedisConnection } from '@app/common';
import { config } from './config.js';
import { VIDEO_DATABASE } from './db/video-database.js';
import { DatabaseModule, DomainEventsModule } from '@app/database';
import { VideoFeedbackStatsProcessor } from './feedback-stats/video-feedback-stats.processor.js';
import { VideoFeedbackStatsRepository } from './feedback-stats/video-feedback-stats.repository.js';
import { MEDIA_QUEUE_PREFIX, MEDIA_REDIS, MediaJobsService } from './media/media-jobs.service.js';
import { MediaHandler } from './media/media.handler.js';
import { MediaResultsProcessor } from './media/media-results.processor.js';
import { OutboxRelayService } from './outbox/outbox-relay.service.js';
import { VideosHandler } from './videos/videos.handler.js';
import { VideosRepository } from './videos/videos.repository.js';
import { VideosService } from './videos/videos.service.js';
import { UploadIntentsHandler } from './uploads/upload-intents.handler.js';
import { UploadIntentsRepository } from './uploads/upload-intents.repository.js';
import { UploadIntentsService } from './uploads/upload-intents.service.js';
import { UploadIntentsSweeper } from './uploads/upload-intents.sweeper.js';

/**
 * The video service: owns `videos`, registers uploads, drives the media pipeline, counts views
 * and derives each video's feedback numbers from feedback events.
 */
@Module({
  imports: [
    DatabaseModule.forRoot({ url: config.DATABASE_URL, applicationName: 'video', database: VIDEO_DATABASE }),
    DomainEventsModule.forRoot({ redisUrl: config.REDIS_URL, queuePrefix: config.QUEUE_PREFIX, appName: 'video' }),
    HealthModule.forApp('video'),
  ],
  controllers: [MediaHandler, VideosHandler, UploadIntentsHandler],
  providers: [
    { provide: MEDIA_REDIS, useFactory: () => createRedisConnection(config.REDIS_URL, 'video-service') },
    { provide: MEDIA_QUEUE_PREFIX, useValue: config.QUEUE_PREFIX },
    MediaJobsService,
    OutboxRelayService,
    VideosRepository,
    VideosService,
    MediaResultsProcessor,
    VideoFeedbackStatsRepository,
    VideoFeedbackStatsProcessor,
    UploadIntentsRepository,
    UploadIntentsService,
    UploadIntentsSweeper,
    {
      provide: AdminOfRecord,
      useFactory: () => new AdminOfRecord(config, 'video'),
    },
  ],
})
export class AppModule implements OnApplicationShutdown {
  constructor(@Inject(MEDIA_REDIS) private readonly redis: Redis) {}

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
