import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

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

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
