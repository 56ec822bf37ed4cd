import { Module } from '@nestjs/common';
import { HealthModule } from '@app/common';
import { DatabaseModule, DomainEventsModule } from '@app/database';
import { config } from './config.js';
import { FEEDBACK_DATABASE } from './db/feedback-database.js';
import { FeedbackAggregatesProcessor } from './aggregates/feedback-aggregates.processor.js';
import { FeedbackAggregatesRepository } from './aggregates/feedback-aggregates.repository.js';
import { FeedbackHandler } from './feedback/feedback.handler.js';
import { FeedbackService } from './feedback/feedback.service.js';
import { FeedbackRepository } from './feedback/feedback.repository.js';
import { VideoDeletionsProcessor } from './video-deletions/video-deletions.processor.js';
import { VideoDeletionsRepository } from './video-deletions/video-deletions.repository.js';

/** The feedback service: owns feedback, helpful votes and ratings, and derives feedback's numbers. */
@Module({
  imports: [
    DatabaseModule.forRoot({ url: config.DATABASE_URL, applicationName: 'feedback', database: FEEDBACK_DATABASE }),
    DomainEventsModule.forRoot({ redisUrl: config.REDIS_URL, queuePrefix: config.QUEUE_PREFIX, appName: 'feedback' }),
    HealthModule.forApp('feedback'),
  ],
  controllers: [FeedbackHandler],
  providers: [
    FeedbackService,
    FeedbackRepository,
    FeedbackAggregatesRepository,
    FeedbackAggregatesProcessor,
    VideoDeletionsRepository,
    VideoDeletionsProcessor,
  ],
})
export class AppModule {}
