import { Module } from '@nestjs/common';
import { DOMAIN_EVENT_QUEUES } from '@app/contracts';
import { HealthModule, QueueModule } from '@app/common';
import { DatabaseModule, OutboxModule } from '@app/database';
import { config } from './config.js';
import { FeedbackAggregatesProcessor } from './aggregates/feedback-aggregates.processor.js';
import { FeedbackAggregatesRepository } from './aggregates/feedback-aggregates.repository.js';
import { FeedbackHandler } from './feedback/feedback.handler.js';
import { FeedbackService } from './feedback/feedback.service.js';
import { FeedbackRepository } from './feedback/feedback.repository.js';

/** The feedback service: owns feedback, helpful votes and ratings, and derives feedback's numbers. */
@Module({
  imports: [
    DatabaseModule.forRoot({ url: config.DATABASE_URL, applicationName: 'feedback' }),
    QueueModule.forRoot({
      app: 'feedback',
      redisUrl: config.REDIS_URL,
      prefix: config.QUEUE_PREFIX,
      consumes: [DOMAIN_EVENT_QUEUES.feedbackAggregates],
    }),
    OutboxModule,
    HealthModule.forApp('feedback'),
  ],
  controllers: [FeedbackHandler],
  providers: [FeedbackService, FeedbackRepository, FeedbackAggregatesRepository, FeedbackAggregatesProcessor],
})
export class AppModule {}
