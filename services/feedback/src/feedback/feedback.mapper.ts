import {
  personFields,
  personName,
  type FeedbackReplyDto,
  personSummary,
  type FeedbackDto,
  type FeedbackNumbersDto,
  type FeedbackRatingDto,
  type FeedbackTimecode,
  type FeedbackVoteDto,
  type UserFeedbackItemDto,
  type UserFeedbackStatsDto,
} from '@app/contracts';
import type {
  AuthorFeedbackRow,
  AuthorFeedbackTotalsRow,
  CastRatingRow,
  CastVoteRow,
  FeedbackNumbersRow,
  VideoFeedbackRow,
} from './feedback.repository.js';
import type { ReplyRow } from '../conversations/replies.repository.js';

/** Only rows whose video the read model knows are listed (see FeedbackService.listByAuthor). */
export const toUserFeedbackItemDto = (row: AuthorFeedbackRow & { videoTitle: string }): UserFeedbackItemDto => ({
  id: row.id,
  videoId: row.videoId,
  videoTitle: row.videoTitle,
  categoryName: row.categoryName,
  categoryIcon: row.categoryIcon,
  content: row.content,
  averageRating: row.averageRating,
  totalRatings: row.totalRatings,
  helpfulVotes: row.helpfulVotes,
  createdAt: row.createdAt.toISOString(),
});

export const toUserFeedbackStatsDto = (totals: AuthorFeedbackTotalsRow): UserFeedbackStatsDto => ({
  averageRating: totals.averageRating,
  totalFeedback: totals.totalFeedback,
  totalRatings: totals.totalRatings,
  helpfulVotes: totals.helpfulVotes,
});

/** Who wrote a piece of feedback or a reply, as the read model knows them. */
const authorFieldsOf = (
  row: Pick<VideoFeedbackRow, 'authorId' | 'authorFirstName' | 'authorLastName' | 'authorImage'>,
) =>
  personFields(
    'author',
    personSummary({
      id: row.authorId,
      firstName: row.authorFirstName,
      lastName: row.authorLastName,
      image: row.authorImage,
    }),
  );

/** A piece of feedback with the conversation under it (oldest first). */
export const toFeedbackDto = (row: VideoFeedbackRow, replies: readonly ReplyRow[] = []): FeedbackDto => ({
  id: row.id,
  videoId: row.videoId,
  content: row.content,
  ...authorFieldsOf(row),
  averageRating: row.averageRating,
  totalRatings: row.totalRatings,
  helpfulVotes: row.helpfulVotes,
  createdAt: row.createdAt.toISOString(),
  viewerVoted: row.viewerVoted,
  viewerRating: row.viewerRating,
  timecode: timecodeOf(row),
  drawing: row.drawing,
  ...(row.hidden ? { hidden: true } : {}),
  appliedAt: row.appliedAt?.toISOString() ?? null,
  replies: replies.map(toFeedbackReplyDto),
  replyCount: row.replyCount,
});

export const toFeedbackReplyDto = (row: ReplyRow): FeedbackReplyDto => ({
  id: row.id,
  feedbackId: row.feedbackId,
  content: row.content,
  ...authorFieldsOf(row),
  mentions: row.mentions.map((mention) => ({ id: mention.id, name: personName(mention.firstName, mention.lastName) })),
  ...(row.hidden ? { hidden: true } : {}),
  createdAt: new Date(row.createdAt).toISOString(),
  editedAt: row.editedAt ? new Date(row.editedAt).toISOString() : null,
});

/** A moment has no `end` at all (not `end: null`), as the contract types it. */
function timecodeOf({ timecodeStart: start, timecodeEnd: end }: VideoFeedbackRow): FeedbackTimecode | null {
  if (start === null) return null;
  return end === null ? { start } : { start, end };
}

const toFeedbackNumbersDto = (numbers: FeedbackNumbersRow): FeedbackNumbersDto => ({
  helpfulVotes: numbers.helpfulVotes,
  averageRating: numbers.averageRating,
  totalRatings: numbers.totalRatings,
});

export const toFeedbackVoteDto = (row: CastVoteRow, numbers: FeedbackNumbersRow): FeedbackVoteDto => ({
  feedbackId: row.feedbackId,
  userId: row.userId,
  createdAt: row.createdAt.toISOString(),
  ...toFeedbackNumbersDto(numbers),
});

export const toFeedbackRatingDto = (row: CastRatingRow, numbers: FeedbackNumbersRow): FeedbackRatingDto => ({
  feedbackId: row.feedbackId,
  raterId: row.raterId,
  rating: row.rating,
  createdAt: row.createdAt.toISOString(),
  ...toFeedbackNumbersDto(numbers),
});
