import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Owner: feedback-service. One rating (1..5) per rater and feedback. */
@Entity({ name: 'feedback_ratings' })
export class FeedbackRatingEntity {
  @PrimaryGeneratedColumn('increment')
  id!: number;

  @Column({ type: 'integer' })
  feedbackId!: number;

  @Column({ type: 'uuid' })
  raterId!: string;

  @Column({ type: 'integer' })
  rating!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
