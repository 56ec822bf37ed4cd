import { Column, Entity, PrimaryColumn } from 'typeorm';

// TRANSITIONAL (issue 14, point 2): the catalog still reads the video service's `videos` and
// auth's `users` for its lists, read-only through the SELECT grant of TRANSITIONAL_FOREIGN_READS,
// until its own listing projection fed by events replaces these two mappings.

export type ForeignVideoProcessingState = 'uploaded' | 'processing' | 'ready' | 'failed';

/** Read-only: the columns of video.videos a list or a video page shows. */
@Entity({ name: 'videos', schema: 'video' })
export class ForeignVideoEntity {
  @PrimaryColumn({ type: 'integer' }) id!: number;
  @Column({ type: 'varchar' }) title!: string;
  @Column({ type: 'text', nullable: true }) description!: string | null;
  @Column({ type: 'varchar', nullable: true }) videoUrl!: string | null;
  @Column({ type: 'varchar', nullable: true }) youtubeUrl!: string | null;
  @Column({ type: 'varchar', nullable: true }) thumbnailUrl!: string | null;
  @Column({ type: 'text', nullable: true }) thumbnailData!: string | null;
  @Column({ type: 'integer', nullable: true }) duration!: number | null;
  @Column({ type: 'integer', nullable: true }) categoryId!: number | null;
  @Column({ type: 'uuid' }) uploaderId!: string;
  @Column({ type: 'integer' }) views!: number;
  @Column({ type: 'varchar' }) processingState!: ForeignVideoProcessingState;
  @Column({ type: 'boolean' }) hasFileError!: boolean;
  @Column({ type: 'varchar', nullable: true }) originalKey!: string | null;
  @Column({ type: 'varchar', nullable: true }) playbackKey!: string | null;
  @Column({ type: 'varchar', nullable: true }) thumbnailKey!: string | null;
  @Column({ type: 'integer' }) feedbackCount!: number;
  @Column({ type: 'real' }) averageRating!: number;
  @Column({ type: 'timestamptz' }) createdAt!: Date;
}

/** Read-only: the uploader's name and picture from auth.users. */
@Entity({ name: 'users', schema: 'auth' })
export class ForeignUserEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ type: 'varchar', nullable: true }) firstName!: string | null;
  @Column({ type: 'varchar', nullable: true }) lastName!: string | null;
  @Column({ type: 'varchar', nullable: true }) profileImageUrl!: string | null;
}
