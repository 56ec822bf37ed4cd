import { Module } from '@nestjs/common';
import { HealthModule, QueueModule } from '@app/common';
import { DatabaseModule, OutboxModule } from '@app/database';
import { config } from './config.js';
import { FeedbackHandler } from './feedback/feedback.handler.js';
import { FeedbackService } from './feedback/feedback.service.js';
import { FeedbackRepository } from './feedback/feedback.repository.js';

/** The feedback service: owns feedback, helpful votes and ratings, and keeps feedback's numbers with them. */
@Module({
  imports: [
    DatabaseModule.forRoot({ url: config.DATABASE_URL, applicationName: 'feedback' }),
    QueueModule.forRoot({
      app: 'feedback',
      redisUrl: config.REDIS_URL,
      prefix: config.QUEUE_PREFIX,
      consumes: [],
    }),
    OutboxModule,
    HealthModule.forApp('feedback'),
  ],
  controllers: [FeedbackHandler],
  providers: [FeedbackService, FeedbackRepository],
})
export class AppModule {}
