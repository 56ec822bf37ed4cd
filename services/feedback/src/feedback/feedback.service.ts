import { Injectable } from '@nestjs/common';
import {
  ANNOTATION_MESSAGES,
  FEEDBACK_MESSAGES,
  type Actor,
  type FeedbackDrawing,
  type FeedbackDto,
  type FeedbackRatingDto,
  type FeedbackTimecode,
  type FeedbackVoteDto,
  type UserFeedbackItemDto,
  type UserFeedbackStatsDto,
  encodePageCursor,
  FEEDBACK_LIST_LIMIT,
  type AuthorFeedbackPageQuery,
  type Page,
  type VideoFeedbackPageQuery,
} from '@app/contracts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@app/common';
import { ReadThroughService, type FeedbackVideo } from '../read-model/read-through.service.js';
import { RepliesRepository, type ReplyRow } from '../conversations/replies.repository.js';
import {
  FeedbackRepository,
  type AuthorFeedbackRow,
  type FeedbackContent,
  type FeedbackTarget,
  type VideoFeedbackRow,
} from './feedback.repository.js';
import {
  toFeedbackDto,
  toFeedbackRatingDto,
  toFeedbackVoteDto,
  toUserFeedbackItemDto,
  toUserFeedbackStatsDto,
} from './feedback.mapper.js';

/** What a member sends: the text, and optionally a moment or range and a drawing. */
export interface GivenFeedback {
  content: string;
  timecode?: FeedbackTimecode | null;
  drawing?: FeedbackDrawing | null;
}

/**
 * The video service keeps a video's duration in whole seconds (the probe's, rounded): a moment up
 * to half a second past it may still be inside the video.
 */
const DURATION_ROUNDING_SECONDS = 0.5;

/**
 * Feedback, helpful votes and ratings. The rules live here; each accepted fact is committed with
 * its domain event. The feedback's own numbers change in that same transaction and come back in
 * the answer; what other services keep (video stats, points, badges) follows from the event, which
 * carries the numbers. Videos, people and categories come from the read model, whose owners are
 * asked about what it has not heard of yet.
 */
/** A list's first page when a caller asks for no other: as many as a page holds. */
const FIRST_PAGE = { limit: FEEDBACK_LIST_LIMIT.default, cursor: null, status: null };

@Injectable()
export class FeedbackService {
  constructor(
    private readonly feedback: FeedbackRepository,
    private readonly readModel: ReadThroughService,
    private readonly replies: RepliesRepository,
  ) {}

  /**
   * Public; someone who never gave feedback has no items and zero stats (the gateway answers 404
   * for no one). Feedback on a video the read model has not heard of is listed once the video
   * service has said what it is; a video it does not know is left out, as a deleted one is.
   */
  async listByAuthor(
    authorId: string,
    page: AuthorFeedbackPageQuery = FIRST_PAGE,
    viewerId: string | null = null,
  ): Promise<Page<UserFeedbackItemDto>> {
    let rows = await this.feedback.findByAuthorNewestFirst(authorId, page, viewerId);
    const unknownVideos = [...new Set(rows.filter((row) => row.videoTitle === null).map((row) => row.videoId))];
    if (unknownVideos.length) {
      await this.readModel.learnVideos(unknownVideos);
      rows = await this.feedback.findByAuthorNewestFirst(authorId, page, viewerId);
    }
    const onPage = rows.slice(0, page.limit);
    // The cursor names the last row read, listed or not, so the next page starts after it.
    const last = onPage.at(-1);
    return {
      items: onPage
        .filter((row): row is AuthorFeedbackRow & { videoTitle: string; cursorKey: string } => row.videoTitle !== null)
        .map(toUserFeedbackItemDto),
      nextCursor: rows.length > page.limit && last ? encodePageCursor({ k: last.cursorKey, id: last.id }) : null,
    };
  }

  async authorStats(authorId: string): Promise<UserFeedbackStatsDto> {
    return toUserFeedbackStatsDto(await this.feedback.totalsForAuthor(authorId));
  }

  /**
   * Public. 404 for a video that does not exist, so a typo is not mistaken for silence. A
   * signed-in viewer also learns which items they already voted on and rated.
   */
  async listForVideo(
    videoId: number,
    viewerId: string | null,
    page: VideoFeedbackPageQuery = FIRST_PAGE,
  ): Promise<Page<FeedbackDto>> {
    const video = await this.readModel.videoOwnership(videoId);
    // Hidden pending review: only its uploader still sees it, and its feedback.
    if (video === null || (video.hidden && video.uploaderId !== viewerId)) throw new NotFoundError('video');
    let rows = await this.feedback.findForVideo(videoId, viewerId, page);
    if (await this.learnAuthorsOf(rows)) rows = await this.feedback.findForVideo(videoId, viewerId, page);
    const onPage = rows.slice(0, page.limit);
    const last = onPage.at(-1);
    // Every listed feedback's conversation: the count leaves out hidden replies, which their author still sees.
    const replies = await this.replies.findForFeedback(
      onPage.map((row) => row.id),
      viewerId,
    );
    const threads = new Map<number, ReplyRow[]>();
    for (const reply of replies) threads.set(reply.feedbackId, [...(threads.get(reply.feedbackId) ?? []), reply]);
    return {
      items: onPage.map((row) => toFeedbackDto(row, threads.get(row.id))),
      nextCursor: rows.length > page.limit && last ? encodePageCursor({ k: last.helpfulVotes, id: last.id }) : null,
    };
  }

  /**
   * A time code must lie within the video and a drawing on one of its frames, as far as the read
   * model knows the video's duration and frame count; a YouTube link has no frame to draw on.
   */
  async create(actor: Actor, videoId: number, given: GivenFeedback): Promise<FeedbackDto> {
    const video = await this.readModel.videoForFeedback(videoId);
    if (video === null || video.hidden) throw new NotFoundError('video');
    if (video.uploaderId === actor.id) throw new ForbiddenError(FEEDBACK_MESSAGES.ownVideo);
    const content: FeedbackContent = {
      content: given.content,
      timecode: given.timecode ?? null,
      drawing: given.drawing ?? null,
    };
    checkAgainstVideo(content, video);
    // The answer and every list show the author's name from the read model.
    await this.readModel.ensurePerson(actor.id);
    const id = await this.feedback.insertWithEvent(actor.id, videoId, content);
    if (id === null) throw new ConflictError(FEEDBACK_MESSAGES.duplicate);
    const row = await this.feedback.findOneForVideoListing(id, actor.id);
    if (!row) throw new NotFoundError('feedback'); // deleted in the instant since (its video went)
    return toFeedbackDto(row);
  }

  async vote(actor: Actor, feedbackId: number): Promise<FeedbackVoteDto> {
    const target = await this.target(feedbackId);
    if (target.authorId === actor.id) throw new ForbiddenError(FEEDBACK_MESSAGES.ownFeedbackVote);
    // The author is told who it was: the read model knows the voter's name.
    await this.readModel.ensurePerson(actor.id);
    const cast = await this.feedback.insertVoteWithEvent(target, actor.id);
    if (cast.outcome === 'feedback-gone') throw new NotFoundError('feedback');
    if (cast.outcome === 'already-cast') throw new ValidationError(FEEDBACK_MESSAGES.alreadyVoted);
    return toFeedbackVoteDto(cast.row, cast.numbers);
  }

  async rate(actor: Actor, feedbackId: number, rating: number): Promise<FeedbackRatingDto> {
    const target = await this.target(feedbackId);
    if (target.authorId === actor.id) throw new ForbiddenError(FEEDBACK_MESSAGES.ownFeedbackRating);
    await this.readModel.ensurePerson(actor.id);
    const cast = await this.feedback.insertRatingWithEvent(target, actor.id, rating);
    if (cast.outcome === 'feedback-gone') throw new NotFoundError('feedback');
    if (cast.outcome === 'already-cast') throw new ValidationError(FEEDBACK_MESSAGES.alreadyRated);
    return toFeedbackRatingDto(cast.row, cast.numbers);
  }

  /** Step of the user-deletion saga. */
  async deleteAllOfMember(userId: string): Promise<{ removed: number }> {
    return { removed: await this.feedback.deleteAllOfMember(userId) };
  }

  /** Whether any author the read model had not heard of was learned (then the rows are read again). */
  private async learnAuthorsOf(rows: readonly VideoFeedbackRow[]): Promise<boolean> {
    const unknown = [...new Set(rows.filter((row) => !row.authorKnown).map((row) => row.authorId))];
    return unknown.length > 0 && (await this.readModel.learnPeople(unknown)) > 0;
  }

  private async target(feedbackId: number): Promise<FeedbackTarget> {
    const target = await this.feedback.findTarget(feedbackId);
    // Hidden pending review: not there for anyone to vote on or rate.
    if (!target || target.hidden) throw new NotFoundError('feedback');
    return target;
  }
}

/** Unknown facts (a duration or frame count not measured yet) check nothing. */
function checkAgainstVideo({ timecode, drawing }: FeedbackContent, video: FeedbackVideo): void {
  if (timecode && video.duration !== null) {
    const latest = video.duration + DURATION_ROUNDING_SECONDS;
    if (timecode.start > latest || (timecode.end ?? timecode.start) > latest)
      throw new ValidationError(ANNOTATION_MESSAGES.timecodeBeyondVideo);
  }
  if (drawing) {
    if (video.isLink) throw new ValidationError(ANNOTATION_MESSAGES.drawingOnLinkedVideo);
    if (video.frameCount !== null && drawing.frame >= video.frameCount)
      throw new ValidationError(ANNOTATION_MESSAGES.drawingFrameBeyondVideo);
  }
}
