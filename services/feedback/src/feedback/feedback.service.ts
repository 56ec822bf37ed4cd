import { Injectable } from '@nestjs/common';
import {
  FEEDBACK_MESSAGES,
  type Actor,
  type FeedbackDto,
  type FeedbackRatingDto,
  type FeedbackVoteDto,
  type UserFeedbackItemDto,
  type UserFeedbackStatsDto,
} from '@app/contracts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@app/common';
import { FeedbackRepository, type FeedbackTarget } from './feedback.repository.js';
import {
  toFeedbackDto,
  toFeedbackRatingDto,
  toFeedbackVoteDto,
  toUserFeedbackItemDto,
  toUserFeedbackStatsDto,
} from './feedback.mapper.js';

/**
 * Feedback, helpful votes and ratings. The rules live here; each accepted fact is committed with
 * its domain event. The feedback's own numbers change in that same transaction and come back in
 * the answer; what other services keep (video stats, points, badges) follows from the event.
 */
@Injectable()
export class FeedbackService {
  constructor(private readonly feedback: FeedbackRepository) {}

  /** Public; someone who never gave feedback has no items and zero stats (the gateway answers 404 for no one). */
  async listByAuthor(authorId: string): Promise<UserFeedbackItemDto[]> {
    const rows = await this.feedback.findByAuthorNewestFirst(authorId);
    return rows.map(toUserFeedbackItemDto);
  }

  async authorStats(authorId: string): Promise<UserFeedbackStatsDto> {
    return toUserFeedbackStatsDto(await this.feedback.totalsForAuthor(authorId));
  }

  /**
   * Public. 404 for a video that does not exist, so a typo is not mistaken for silence. A
   * signed-in viewer also learns which items they already voted on and rated.
   */
  async listForVideo(videoId: number, viewerId: string | null): Promise<FeedbackDto[]> {
    if ((await this.feedback.findVideoUploader(videoId)) === null) throw new NotFoundError('video');
    return (await this.feedback.findForVideo(videoId, viewerId)).map(toFeedbackDto);
  }

  async create(actor: Actor, videoId: number, content: string): Promise<FeedbackDto> {
    const uploaderId = await this.feedback.findVideoUploader(videoId);
    if (uploaderId === null) throw new NotFoundError('video');
    if (uploaderId === actor.id) throw new ForbiddenError(FEEDBACK_MESSAGES.ownVideo);
    const id = await this.feedback.insertWithEvent(actor.id, videoId, content);
    if (id === null) throw new ConflictError(FEEDBACK_MESSAGES.duplicate);
    const row = await this.feedback.findOneForVideoListing(id, actor.id);
    if (!row) throw new NotFoundError('feedback'); // deleted in the instant since (its video went)
    return toFeedbackDto(row);
  }

  async vote(actor: Actor, feedbackId: number): Promise<FeedbackVoteDto> {
    const target = await this.target(feedbackId);
    if (target.authorId === actor.id) throw new ForbiddenError(FEEDBACK_MESSAGES.ownFeedbackVote);
    const cast = await this.feedback.insertVoteWithEvent(target, actor.id);
    if (cast.outcome === 'feedback-gone') throw new NotFoundError('feedback');
    if (cast.outcome === 'already-cast') throw new ValidationError(FEEDBACK_MESSAGES.alreadyVoted);
    return toFeedbackVoteDto(cast.row, cast.numbers);
  }

  async rate(actor: Actor, feedbackId: number, rating: number): Promise<FeedbackRatingDto> {
    const target = await this.target(feedbackId);
    if (target.authorId === actor.id) throw new ForbiddenError(FEEDBACK_MESSAGES.ownFeedbackRating);
    const cast = await this.feedback.insertRatingWithEvent(target, actor.id, rating);
    if (cast.outcome === 'feedback-gone') throw new NotFoundError('feedback');
    if (cast.outcome === 'already-cast') throw new ValidationError(FEEDBACK_MESSAGES.alreadyRated);
    return toFeedbackRatingDto(cast.row, cast.numbers);
  }

  /** Step of the user-deletion saga. */
  async deleteAllOfMember(userId: string): Promise<{ removed: number }> {
    return { removed: await this.feedback.deleteAllOfMember(userId) };
  }

  private async target(feedbackId: number): Promise<FeedbackTarget> {
    const target = await this.feedback.findTarget(feedbackId);
    if (!target) throw new NotFoundError('feedback');
    return target;
  }
}
