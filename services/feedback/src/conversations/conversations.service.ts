import { Injectable } from '@nestjs/common';
import {
  FEEDBACK_LIMITS,
  FEEDBACK_MESSAGES,
  type Actor,
  type FeedbackAppliedDto,
  type FeedbackReplyDto,
  type ReplyBody,
} from '@app/contracts';
import { ForbiddenError, NotFoundError, ValidationError } from '@app/common';
import { ReadThroughService } from '../read-model/read-through.service.js';
import { FeedbackRepository, type FeedbackTarget } from '../feedback/feedback.repository.js';
import { toFeedbackReplyDto } from '../feedback/feedback.mapper.js';
import { RepliesRepository, type ReplyRow } from './replies.repository.js';

/**
 * Conversations on feedback (issue 16 §2): replies one level deep from any member, their
 * mentions, and the uploader's "applied" mark.
 */
@Injectable()
export class ConversationsService {
  constructor(
    private readonly feedback: FeedbackRepository,
    private readonly replies: RepliesRepository,
    private readonly readModel: ReadThroughService,
  ) {}

  async reply(actor: Actor, feedbackId: number, body: ReplyBody): Promise<FeedbackReplyDto> {
    const target = await this.target(feedbackId);
    await this.knownMembers(actor.id, body.mentions);
    const id = await this.replies.insertWithEvent(
      target,
      actor.id,
      body.content,
      this.othersOnly(actor, body.mentions),
    );
    if (id === null) throw new NotFoundError('feedback');
    return toFeedbackReplyDto(await this.reply$(id));
  }

  /** Only its author, and only within FEEDBACK_LIMITS.replyEditMinutes of posting. */
  async editReply(actor: Actor, replyId: number, body: ReplyBody): Promise<FeedbackReplyDto> {
    const reply = await this.reply$(replyId);
    if (reply.authorId !== actor.id) throw new ForbiddenError(FEEDBACK_MESSAGES.replyNotYours);
    if (Date.now() - new Date(reply.createdAt).getTime() > FEEDBACK_LIMITS.replyEditMinutes * 60_000)
      throw new ForbiddenError(FEEDBACK_MESSAGES.replyEditExpired);
    const target = await this.target(reply.feedbackId);
    await this.knownMembers(actor.id, body.mentions);
    if (!(await this.replies.updateWithEvent(target, reply, body.content, this.othersOnly(actor, body.mentions))))
      throw new NotFoundError('reply');
    return toFeedbackReplyDto(await this.reply$(replyId));
  }

  /** The uploader of the feedback's video only; marking twice (or undoing twice) changes nothing. */
  async markApplied(actor: Actor, feedbackId: number, applied: boolean): Promise<FeedbackAppliedDto> {
    const target = await this.target(feedbackId);
    if ((await this.readModel.videoUploader(target.videoId)) !== actor.id)
      throw new ForbiddenError(FEEDBACK_MESSAGES.appliedNotUploader);
    const result = await this.feedback.setAppliedWithEvent(target, applied);
    if (!result) throw new NotFoundError('feedback');
    return { feedbackId, appliedAt: result.appliedAt?.toISOString() ?? null };
  }

  /** The author's name for the answer and the event; each mentioned member must exist. */
  private async knownMembers(actorId: string, mentions: readonly string[]): Promise<void> {
    await this.readModel.ensurePerson(actorId);
    if (mentions.length && !(await this.readModel.arePresent(mentions)))
      throw new ValidationError(FEEDBACK_MESSAGES.mentionNotFound);
  }

  /** Mentioning oneself tells nobody. */
  private othersOnly(actor: Actor, mentions: readonly string[]): string[] {
    return mentions.filter((id) => id !== actor.id);
  }

  private async target(feedbackId: number): Promise<FeedbackTarget> {
    const target = await this.feedback.findTarget(feedbackId);
    // Hidden pending review: no conversation goes on under it meanwhile.
    if (!target || target.hidden) throw new NotFoundError('feedback');
    return target;
  }

  private async reply$(id: number): Promise<ReplyRow> {
    const reply = await this.replies.findOne(id);
    if (!reply) throw new NotFoundError('reply');
    return reply;
  }
}
