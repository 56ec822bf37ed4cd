import { OutboxEventEntity, type ServiceDatabase } from '@app/database';
import { FeedbackRatingEntity } from './entities/feedback-rating.entity.js';
import { FeedbackVoteEntity } from './entities/feedback-vote.entity.js';
import { FeedbackEntity } from './entities/feedback.entity.js';
import { ForeignCategoryEntity, ForeignUserEntity, ForeignVideoEntity } from './foreign-reads.js';
import { FeedbackSchema1764000000000 } from './migrations/1764000000000-feedback-schema.js';

/** feedback's schema: feedback, votes, ratings and its outbox. */
export const FEEDBACK_DATABASE: ServiceDatabase = {
  schema: 'feedback',
  entities: [
    FeedbackEntity,
    FeedbackVoteEntity,
    FeedbackRatingEntity,
    OutboxEventEntity,
    ForeignVideoEntity,
    ForeignCategoryEntity,
    ForeignUserEntity,
  ],
  migrations: [FeedbackSchema1764000000000],
};
