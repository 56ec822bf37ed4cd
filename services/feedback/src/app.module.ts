import { Module } from '@nestjs/common';
import { HealthModule } from '@app/common';
import { DatabaseModule, DomainEventsModule } from '@app/database';
import { config } from './config.js';
import { FeedbackHandler } from './feedback/feedback.handler.js';
import { FeedbackService } from './feedback/feedback.service.js';
import { FeedbackRepository } from './feedback/feedback.repository.js';

/** The feedback service: owns feedback, helpful votes and ratings, and keeps feedback's numbers with them. */
@Module({
  imports: [
    DatabaseModule.forRoot({ url: config.DATABASE_URL, applicationName: 'feedback' }),
    DomainEventsModule.forRoot({ redisUrl: config.REDIS_URL, queuePrefix: config.QUEUE_PREFIX, appName: 'feedback' }),
    HealthModule.forApp('feedback'),
  ],
  controllers: [FeedbackHandler],
  providers: [FeedbackService, FeedbackRepository],
})
export class AppModule {}
