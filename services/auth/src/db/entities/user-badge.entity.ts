import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Owner: auth-service's reputation consumer. A badge is recorded once, when first earned, and kept. */
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
