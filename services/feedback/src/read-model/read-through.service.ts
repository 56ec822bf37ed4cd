import { Injectable, Logger } from '@nestjs/common';
import { AUTH_RPC, ERROR_CODES, VIDEO_RPC } from '@app/contracts';
import { DomainError, RpcClient, rpcFailureDetail } from '@app/common';
import { ReadModelRepository, type KnownVideo } from './read-model.repository.js';
import { videoSummaryOf } from './read-model.states.js';

/** A video feedback can be given on, and what its time code and drawing are checked against. */
export type FeedbackVideo = Omit<KnownVideo, 'removed'>;

/** Questions to an owner at once, at most: a long list of unknown videos is asked in rounds. */
const ASKED_AT_ONCE = 8;

/**
 * The read model, with its owners asked about what no event has brought yet (a video published a
 * moment ago, a member who has not changed their profile since the read model began). What an
 * owner answers is stored like any state, under the same revision rule, so an event that arrives
 * later and newer wins, and one that arrived meanwhile is not overwritten by an older answer.
 */
@Injectable()
export class ReadThroughService {
  private readonly logger = new Logger(ReadThroughService.name);

  constructor(
    private readonly readModel: ReadModelRepository,
    private readonly owners: RpcClient,
  ) {}

  /** Who uploaded the video; null when it does not exist or was deleted. */
  async videoUploader(videoId: number): Promise<string | null> {
    return (await this.videoOwnership(videoId))?.uploaderId ?? null;
  }

  /** Whose the video is and whether moderation hid it; null when it does not exist or was deleted. */
  async videoOwnership(videoId: number): Promise<{ uploaderId: string; hidden: boolean } | null> {
    let video = await this.readModel.findVideo(videoId);
    if (!video) {
      if (!(await this.learnVideo(videoId))) return null;
      // Read back: a newer state (its deletion, say) may have been stored in the meantime.
      video = await this.readModel.findVideo(videoId);
    }
    return video && !video.removed ? { uploaderId: video.uploaderId, hidden: video.hidden } : null;
  }

  /**
   * The video feedback is given on, with what a time code and drawing are checked against; null
   * when it does not exist or was deleted. A row stored before the read model kept the media facts
   * is asked about again (once: the answer fills them in); if the video service cannot say now,
   * those facts stay unknown rather than the feedback being refused.
   */
  async videoForFeedback(videoId: number): Promise<FeedbackVideo | null> {
    let video = await this.readModel.findVideo(videoId);
    if (!video) {
      if (!(await this.learnVideo(videoId))) return null;
      video = await this.readModel.findVideo(videoId);
    } else if (video.isLink === null && !video.removed) {
      try {
        if (await this.learnVideo(videoId)) video = await this.readModel.findVideo(videoId);
      } catch (error) {
        this.logger.warn({ msg: 'video facts not learned', videoId, error: rpcFailureDetail(error) });
      }
    }
    if (!video || video.removed) return null;
    const { uploaderId, duration, frameCount, isLink, hidden } = video;
    return { uploaderId, duration, frameCount, isLink, hidden };
  }

  /** Asks the video service about videos the read model has not heard of; those it does not know stay unknown. */
  async learnVideos(videoIds: readonly number[]): Promise<void> {
    for (let i = 0; i < videoIds.length; i += ASKED_AT_ONCE)
      await Promise.all(videoIds.slice(i, i + ASKED_AT_ONCE).map((videoId) => this.learnVideo(videoId)));
  }

  /** Asks auth about the person, unless the read model has them already. */
  async ensurePerson(userId: string): Promise<void> {
    if (!(await this.readModel.hasPerson(userId))) await this.learnPeople([userId]);
  }

  /** Whether all these people are members, asking auth about those the read model has not heard of. */
  async arePresent(userIds: readonly string[]): Promise<boolean> {
    const present = await this.readModel.presentPeople(userIds);
    const unheard = userIds.filter((id) => !present.has(id));
    if (!unheard.length) return true;
    await this.learnPeople(unheard);
    return (await this.readModel.presentPeople(unheard)).size === unheard.length;
  }

  /**
   * Asks auth about people the read model has not heard of; how many were stored. Best effort: a
   * name is not worth failing a request over, so a person auth does not know (or cannot say now)
   * is left unknown and shown without a name.
   */
  async learnPeople(userIds: readonly string[]): Promise<number> {
    let stored = 0;
    for (let i = 0; i < userIds.length; i += ASKED_AT_ONCE) {
      const learned = await Promise.all(userIds.slice(i, i + ASKED_AT_ONCE).map((userId) => this.learnPerson(userId)));
      stored += learned.filter(Boolean).length;
    }
    return stored;
  }

  private async learnVideo(videoId: number): Promise<boolean> {
    const { video } = await this.owners.call(VIDEO_RPC.getState, { videoId });
    if (!video) return false;
    await this.readModel.applyVideos([videoSummaryOf(video, false)]);
    return true;
  }

  private async learnPerson(userId: string): Promise<boolean> {
    try {
      const user = await this.owners.call(AUTH_RPC.getUser, { userId, viewerId: null });
      return await this.readModel.insertPersonIfAbsent({
        id: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        image: user.profileImageUrl,
      });
    } catch (error) {
      if (!(error instanceof DomainError && error.code === ERROR_CODES.notFound))
        this.logger.warn({ msg: 'person not learned', userId, error: rpcFailureDetail(error) });
      return false;
    }
  }
}
