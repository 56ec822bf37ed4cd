import { Module } from '@nestjs/common';
import { DOMAIN_EVENT_QUEUES, MEDIA_QUEUES } from '@app/contracts';
import { AdminOfRecord, HealthModule, QueueModule, RpcClient } from '@app/common';
import { config } from './config.js';
import { DatabaseModule, OutboxModule } from '@app/database';
import { VIDEO_DATABASE } from './db/video-database.js';
import { VideoFeedbackStatsProcessor } from './feedback-stats/video-feedback-stats.processor.js';
import { VideoFeedbackStatsRepository } from './feedback-stats/video-feedback-stats.repository.js';
import { MediaHandler } from './media/media.handler.js';
import { MediaResultsProcessor } from './media/media-results.processor.js';
import { ProbeVerdicts } from './media/probe-verdicts.js';
import { VideosHandler } from './videos/videos.handler.js';
import { VideosRepository } from './videos/videos.repository.js';
import { VideosService } from './videos/videos.service.js';
import { ViewPublisher } from './videos/view-publisher.js';
import { UploadIntentsHandler } from './uploads/upload-intents.handler.js';
import { UploadIntentsRepository } from './uploads/upload-intents.repository.js';
import { UploadIntentsService } from './uploads/upload-intents.service.js';
import { UploadIntentsSweeper } from './uploads/upload-intents.sweeper.js';

/**
 * The video service: owns `videos`, registers uploads, drives the media pipeline, counts views,
 * keeps each video's feedback numbers from feedback events, and publishes each video's state and
 * its uploader's numbers in its events.
 */
@Module({
  imports: [
    DatabaseModule.forRoot({ url: config.DATABASE_URL, applicationName: 'video', database: VIDEO_DATABASE }),
    QueueModule.forRoot({
      app: 'video',
      redisUrl: config.REDIS_URL,
      prefix: config.QUEUE_PREFIX,
      consumes: [MEDIA_QUEUES.results, DOMAIN_EVENT_QUEUES.videoFeedbackStats],
    }),
    OutboxModule,
    HealthModule.forApp('video'),
  ],
  controllers: [MediaHandler, VideosHandler, UploadIntentsHandler],
  providers: [
    ProbeVerdicts,
    VideosRepository,
    VideosService,
    ViewPublisher,
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
    {
      // Questions to other services (the catalog: does a category exist), well within the gateway's deadline.
      provide: RpcClient,
      useFactory: () => RpcClient.overNats(config, 'video', { deadlineMs: 2000 }),
    },
  ],
})
export class AppModule {}
