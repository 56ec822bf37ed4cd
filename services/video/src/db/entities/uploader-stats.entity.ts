import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Owner: video-service. An uploader's numbers as its events last carried them (UploaderVideoStats).
 * The row is also the lock that puts two changes of one uploader's videos in commit order, so
 * `revision` grows in the order the numbers were made.
 */
@Entity({ name: 'uploader_stats' })
export class UploaderStatsEntity {
  @PrimaryColumn({ type: 'uuid' })
  userId!: string;

  @Column({ type: 'integer', default: 0 })
  revision!: number;

  /** Their videos in processing state 'ready'. */
  @Column({ type: 'integer', default: 0 })
  publishedVideos!: number;

  /** The views of all their videos. */
  @Column({ type: 'bigint', default: 0 })
  totalViews!: string;
}
