import { Module } from '@nestjs/common';
import { DOMAIN_EVENT_QUEUES } from '@app/contracts';
import { HealthModule, QueueModule, RpcClient } from '@app/common';
import { DatabaseModule, OutboxModule } from '@app/database';
import { config } from './config.js';
import { FEEDBACK_DATABASE } from './db/feedback-database.js';
import { ConversationsHandler } from './conversations/conversations.handler.js';
import { ConversationsService } from './conversations/conversations.service.js';
import { RepliesRepository } from './conversations/replies.repository.js';
import { FeedbackHandler } from './feedback/feedback.handler.js';
import { SerialVotingRepository } from './integrity/serial-voting.repository.js';
import { SerialVotingSweeper } from './integrity/serial-voting.sweeper.js';
import { FeedbackModerationHandler } from './moderation/feedback-moderation.handler.js';
import { FeedbackModerationRepository } from './moderation/feedback-moderation.repository.js';
import { FeedbackService } from './feedback/feedback.service.js';
import { FeedbackRepository } from './feedback/feedback.repository.js';
import { ReadModelProcessor } from './read-model/read-model.processor.js';
import { ReadModelRepository } from './read-model/read-model.repository.js';
import { ReadThroughService } from './read-model/read-through.service.js';
import { VideoDeletionsProcessor } from './video-deletions/video-deletions.processor.js';
import { VideoDeletionsRepository } from './video-deletions/video-deletions.repository.js';

/**
 * The feedback service: owns feedback, helpful votes and ratings, keeps feedback's numbers with
 * them and publishes those others keep; shows videos, people and categories from its read model.
 */
@Module({
  imports: [
    DatabaseModule.forRoot({ url: config.DATABASE_URL, applicationName: 'feedback', database: FEEDBACK_DATABASE }),
    QueueModule.forRoot({
      app: 'feedback',
      redisUrl: config.REDIS_URL,
      prefix: config.QUEUE_PREFIX,
      consumes: [DOMAIN_EVENT_QUEUES.feedbackVideoDeletions, DOMAIN_EVENT_QUEUES.feedbackReadModel],
    }),
    OutboxModule,
    HealthModule.forApp('feedback'),
  ],
  controllers: [FeedbackHandler, ConversationsHandler, FeedbackModerationHandler],
  providers: [
    FeedbackService,
    FeedbackRepository,
    RepliesRepository,
    FeedbackModerationRepository,
    SerialVotingRepository,
    SerialVotingSweeper,
    ConversationsService,
    VideoDeletionsRepository,
    VideoDeletionsProcessor,
    ReadModelRepository,
    ReadModelProcessor,
    ReadThroughService,
    {
      // Questions to the owners of what the read model has not heard of yet (the video service:
      // a video's state; auth: a person), short enough that two in a row stay within the gateway's deadline.
      provide: RpcClient,
      useFactory: () => RpcClient.overNats(config, 'feedback', { deadlineMs: 1500 }),
    },
  ],
})
export class AppModule {}
