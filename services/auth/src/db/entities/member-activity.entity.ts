import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Owner: auth-service's reputation consumer. What a member's points and badges are made of, as
 * the services that own the facts last stated it: the feedback service (AuthorFeedbackStats) and
 * the video service (UploaderVideoStats), each with the revision applied.
 */
@Entity({ name: 'member_activity' })
export class MemberActivityEntity {
  @PrimaryColumn({ type: 'uuid' })
  userId!: string;

  @Column({ type: 'integer', default: 0 })
  feedbackGiven!: number;

  @Column({ type: 'integer', default: 0 })
  helpfulVotesReceived!: number;

  /** The sum of the stars of every rating their feedback received. */
  @Column({ type: 'integer', default: 0 })
  ratingStarsReceived!: number;

  /** Their feedback the uploader marked applied. */
  @Column({ type: 'integer', default: 0 })
  appliedReceived!: number;

  @Column({ type: 'integer', default: 0 })
  feedbackStatsRevision!: number;

  @Column({ type: 'integer', default: 0 })
  publishedVideos!: number;

  /** A bigint column: the driver answers it as a string. */
  @Column({ type: 'bigint', default: 0 })
  totalViews!: string;

  @Column({ type: 'integer', default: 0 })
  videoStatsRevision!: number;
}
