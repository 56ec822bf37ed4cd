import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Owner: feedback-service's reputation consumer. A badge is recorded once, when first earned. */
@Entity({ name: 'user_badges' })
export class UserBadgeEntity {
  @PrimaryGeneratedColumn('increment')
  id!: number;

  @Column({ type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 50 })
  badgeType!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  earnedAt!: Date;
}
