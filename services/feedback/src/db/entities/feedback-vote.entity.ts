import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Owner: feedback-service. One helpful vote per user and feedback. */
@Entity({ name: 'feedback_votes' })
export class FeedbackVoteEntity {
  @PrimaryGeneratedColumn('increment')
  id!: number;

  @Column({ type: 'integer' })
  feedbackId!: number;

  @Column({ type: 'uuid' })
  userId!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
