import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { VideoState } from '@app/contracts';

/**
 * Owner: catalog-service. Its copy of each video as lists show it (a VideoState, fed by the video
 * service's events). A deleted video stays as a tombstone (`removed`, at its final revision), so a
 * late older state never brings it back.
 */
@Entity({ name: 'video_listings' })
export class VideoListingEntity {
  @PrimaryColumn({ type: 'integer' }) id!: number;
  /** The revision of the state held: only a higher one replaces it. */
  @Column({ type: 'integer' }) revision!: number;
  @Column({ type: 'text' }) title!: string;
  @Column({ type: 'text', nullable: true }) description!: string | null;
  @Column({ type: 'integer', nullable: true }) categoryId!: number | null;
  @Column({ type: 'uuid' }) uploaderId!: string;
  @Column({ type: 'text', nullable: true }) youtubeUrl!: string | null;
  @Column({ type: 'text', nullable: true }) videoUrl!: string | null;
  @Column({ type: 'text', nullable: true }) thumbnailUrl!: string | null;
  @Column({ type: 'boolean' }) hasStoredVideo!: boolean;
  @Column({ type: 'boolean' }) hasStoredThumbnail!: boolean;
  @Column({ type: 'text', nullable: true }) thumbnailData!: string | null;
  @Column({ type: 'integer', nullable: true }) duration!: number | null;
  /** The playback file's exact frames per second, frame count and first frame's time (seconds). */
  @Column({ type: 'double precision', nullable: true }) frameRate!: number | null;
  @Column({ type: 'integer', nullable: true }) frameCount!: number | null;
  @Column({ type: 'double precision', nullable: true }) startTime!: number | null;
  @Column({ type: 'text' }) processingState!: VideoState['processingState'];
  @Column({ type: 'boolean' }) hasFileError!: boolean;
  @Column({ type: 'integer' }) views!: number;
  @Column({ type: 'integer' }) feedbackCount!: number;
  @Column({ type: 'real' }) averageRating!: number;
  @Column({ type: 'timestamptz' }) createdAt!: Date;
  @Column({ type: 'boolean', default: false }) removed!: boolean;
  /** Hidden pending review by moderation (null: visible). */
  @Column({ type: 'boolean', nullable: true }) hidden!: boolean | null;
}
