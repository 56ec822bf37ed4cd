import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Owner: feedback-service. A video's feedback numbers as its events carry them (VideoFeedbackStats);
 * derived from the feedback and rating rows in the transaction of each fact, under this row's lock.
 */
@Entity({ name: 'video_stats' })
export class VideoStatsEntity {
  @PrimaryColumn({ type: 'integer' }) videoId!: number;
  @Column({ type: 'integer', default: 1 }) revision!: number;
  @Column({ type: 'integer', default: 0 }) feedbackCount!: number;
  @Column({ type: 'real', default: 0 }) averageRating!: number;
}

/** Owner: feedback-service. What an author's feedback earned (AuthorFeedbackStats), kept as video_stats is. */
@Entity({ name: 'author_stats' })
export class AuthorStatsEntity {
  @PrimaryColumn({ type: 'uuid' }) userId!: string;
  @Column({ type: 'integer', default: 1 }) revision!: number;
  @Column({ type: 'integer', default: 0 }) feedbackGiven!: number;
  @Column({ type: 'integer', default: 0 }) helpfulVotesReceived!: number;
  @Column({ type: 'integer', default: 0 }) ratingStarsReceived!: number;
  @Column({ type: 'integer', default: 0 }) appliedReceived!: number;
}
