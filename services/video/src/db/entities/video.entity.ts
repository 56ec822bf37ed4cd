import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const VIDEO_PROCESSING_STATES = ['uploaded', 'processing', 'ready', 'failed'] as const;
export type VideoProcessingState = (typeof VIDEO_PROCESSING_STATES)[number];

/**
 * Owner: video-service. `feedbackCount` and `averageRating` are the feedback service's numbers,
 * kept from its events so list sorts on them stay index-backed.
 */
@Entity({ name: 'videos' })
export class VideoEntity {
  @PrimaryGeneratedColumn('increment')
  id!: number;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ type: 'varchar', length: 1024, nullable: true })
  videoUrl!: string | null;

  @Column({ type: 'varchar', length: 1024, nullable: true })
  youtubeUrl!: string | null;

  @Column({ type: 'varchar', length: 1024, nullable: true })
  thumbnailUrl!: string | null;

  @Column({ type: 'text', nullable: true })
  thumbnailData!: string | null;

  /** Seconds, from ffprobe. */
  @Column({ type: 'integer', nullable: true })
  duration!: number | null;

  /**
   * The playback file's frames, measured on it by the media worker: exact frames per second as
   * `frameRateNum / frameRateDen` (30000/1001), frame count, first frame's time in seconds.
   */
  @Column({ type: 'integer', nullable: true })
  frameRateNum!: number | null;

  @Column({ type: 'integer', nullable: true })
  frameRateDen!: number | null;

  @Column({ type: 'integer', nullable: true })
  frameCount!: number | null;

  @Column({ type: 'double precision', nullable: true })
  startTime!: number | null;

  /** sha256 of the uploaded bytes, 64 hex characters. */
  @Column({ type: 'varchar', length: 64, nullable: true, unique: true })
  fileHash!: string | null;

  @Column({ type: 'integer', nullable: true })
  categoryId!: number | null;

  @Column({ type: 'uuid' })
  uploaderId!: string;

  @Column({ type: 'integer', default: 0 })
  views!: number;

  @Column({ type: 'varchar', length: 20, default: 'ready' })
  processingState!: VideoProcessingState;

  @Column({ type: 'boolean', default: false })
  hasFileError!: boolean;

  /** Hidden pending review by moderation; null while visible. */
  @Column({ type: 'timestamptz', nullable: true })
  hiddenAt!: Date | null;

  /** Object keys in the bucket: the upload as received, the browser-safe rendition, the JPEG. */
  @Column({ type: 'varchar', length: 512, nullable: true })
  originalKey!: string | null;

  @Column({ type: 'varchar', length: 512, nullable: true })
  playbackKey!: string | null;

  @Column({ type: 'varchar', length: 512, nullable: true })
  thumbnailKey!: string | null;

  @Column({ type: 'bigint', nullable: true })
  sizeBytes!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  mimeType!: string | null;

  @Column({ type: 'integer', default: 0 })
  feedbackCount!: number;

  @Column({ type: 'real', default: 0 })
  averageRating!: number;

  /** The revision of the `feedbackCount` and `averageRating` applied (VideoFeedbackStats.revision). */
  @Column({ type: 'integer', default: 0 })
  feedbackStatsRevision!: number;

  /**
   * The revision of the state other services keep of this video (VideoState): bumped under the
   * row lock by every change of it, in the statement that makes the change.
   */
  @Column({ type: 'integer', default: 0 })
  revision!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
