import { Module } from '@nestjs/common';
import { DOMAIN_EVENT_QUEUES } from '@app/contracts';
import { HealthModule, QueueModule } from '@app/common';
import { DatabaseModule, OutboxModule } from '@app/database';
import { config } from './config.js';
import { FEEDBACK_DATABASE } from './db/feedback-database.js';
import { FeedbackHandler } from './feedback/feedback.handler.js';
import { FeedbackService } from './feedback/feedback.service.js';
import { FeedbackRepository } from './feedback/feedback.repository.js';
import { VideoDeletionsProcessor } from './video-deletions/video-deletions.processor.js';
import { VideoDeletionsRepository } from './video-deletions/video-deletions.repository.js';

/** The feedback service: owns feedback, helpful votes and ratings, and keeps feedback's numbers with them. */
@Module({
  imports: [
    DatabaseModule.forRoot({ url: config.DATABASE_URL, applicationName: 'feedback', database: FEEDBACK_DATABASE }),
    QueueModule.forRoot({
      app: 'feedback',
      redisUrl: config.REDIS_URL,
      prefix: config.QUEUE_PREFIX,
      consumes: [DOMAIN_EVENT_QUEUES.feedbackVideoDeletions],
    }),
    OutboxModule,
    HealthModule.forApp('feedback'),
  ],
  controllers: [FeedbackHandler],
  providers: [FeedbackService, FeedbackRepository, VideoDeletionsRepository, VideoDeletionsProcessor],
})
export class AppModule {}
