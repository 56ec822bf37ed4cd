import { OutboxEventEntity, type ServiceDatabase } from '@app/database';
import { AuthorStatsEntity, VideoStatsEntity } from './entities/feedback-stats.entity.js';
import { FeedbackRatingEntity } from './entities/feedback-rating.entity.js';
import { FeedbackVoteEntity } from './entities/feedback-vote.entity.js';
import { FeedbackEntity } from './entities/feedback.entity.js';
import { CategorySummaryEntity, PersonEntity, VideoSummaryEntity } from './entities/read-model.entity.js';
import { FeedbackSchema1764000000000 } from './migrations/1764000000000-feedback-schema.js';
import { FeedbackStatsAndReadModel1764000000001 } from './migrations/1764000000001-feedback-stats-and-read-model.js';
import { FeedbackStatsBackfill1764000000002 } from './migrations/1764000000002-feedback-stats-backfill.js';
import { FeedbackAnnotations1764000000003 } from './migrations/1764000000003-feedback-annotations.js';
import { FeedbackConversations1764000000170 } from './migrations/1764000000170-feedback-conversations.js';
import { FeedbackModeration1764000000171 } from './migrations/1764000000171-feedback-moderation.js';

/**
 * feedback's schema: feedback, votes, ratings, replies, the numbers it publishes about them, its read
 * model of the people, videos and categories it shows, and its outbox.
 */
export const FEEDBACK_DATABASE: ServiceDatabase = {
  schema: 'feedback',
  entities: [
    FeedbackEntity,
    FeedbackVoteEntity,
    FeedbackRatingEntity,
    VideoStatsEntity,
    AuthorStatsEntity,
    PersonEntity,
    VideoSummaryEntity,
    CategorySummaryEntity,
    OutboxEventEntity,
  ],
  migrations: [
    FeedbackSchema1764000000000,
    FeedbackStatsAndReadModel1764000000001,
    FeedbackStatsBackfill1764000000002,
    FeedbackAnnotations1764000000003,
    FeedbackConversations1764000000170,
    FeedbackModeration1764000000171,
  ],
};
