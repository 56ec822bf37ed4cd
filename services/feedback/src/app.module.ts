import { Module } from '@nestjs/common';
import { HealthModule } from '@app/common';
import { config } from './config.js';
import { DatabaseModule } from '@app/database';
import { FeedbackHandler } from './feedback/feedback.handler.js';
import { FeedbackService } from './feedback/feedback.service.js';
import { FeedbackRepository } from './feedback/feedback.repository.js';

@Module({
  imports: [
    DatabaseModule.forRoot({ url: config.DATABASE_URL, applicationName: 'feedback' }),
    HealthModule.forApp('feedback'),
  ],
  controllers: [FeedbackHandler],
  providers: [FeedbackService, FeedbackRepository],
})
export class AppModule {}
