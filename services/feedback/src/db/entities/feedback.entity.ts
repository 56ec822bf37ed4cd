import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { FeedbackDrawing } from '@app/contracts';

/** Owner: feedback-service. helpfulVotes, averageRating and totalRatings are derived from rows. */
@Entity({ name: 'feedback' })
export class FeedbackEntity {
  @PrimaryGeneratedColumn('increment')
  id!: number;

  @Column({ type: 'text' })
  content!: string;

  @Column({ type: 'integer' })
  videoId!: number;

  @Column({ type: 'uuid' })
  authorId!: string;

  @Column({ type: 'integer', default: 0 })
  helpfulVotes!: number;

  @Column({ type: 'real', default: 0 })
  averageRating!: number;

  @Column({ type: 'integer', default: 0 })
  totalRatings!: number;

  /** Seconds; null when no time code was pinned. */
  @Column({ type: 'double precision', nullable: true })
  timecodeStart!: number | null;

  /** Seconds, after the start; null for a moment rather than a range. */
  @Column({ type: 'double precision', nullable: true })
  timecodeEnd!: number | null;

  @Column({ type: 'jsonb', nullable: true })
  drawing!: FeedbackDrawing | null;

  /** When the uploader marked it applied; null while open. */
  @Column({ type: 'timestamptz', nullable: true })
  appliedAt!: Date | null;

  /** Hidden pending review by moderation; null while visible. */
  @Column({ type: 'timestamptz', nullable: true })
  hiddenAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
