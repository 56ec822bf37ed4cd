import { Column, Entity, PrimaryColumn } from 'typeorm';

// The feedback service's copy of what it shows of other services' rows, fed by their events
// (or, for what no event has brought yet, by asking the owner). `revision` is the owner's: a state
// is stored only when newer. `removed` marks a tombstone, kept so an older state never revives it.

/** Owner of the facts: auth-service (PersonState). A feedback author's name and picture. */
@Entity({ name: 'people' })
export class PersonEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ type: 'integer' }) revision!: number;
  @Column({ type: 'text', nullable: true }) firstName!: string | null;
  @Column({ type: 'text', nullable: true }) lastName!: string | null;
  @Column({ type: 'text', nullable: true }) image!: string | null;
  @Column({ type: 'boolean', default: false }) removed!: boolean;
}

/** Owner of the facts: video-service (VideoState). What feedback shows and checks of a video. */
@Entity({ name: 'video_summaries' })
export class VideoSummaryEntity {
  @PrimaryColumn({ type: 'integer' }) id!: number;
  @Column({ type: 'integer' }) revision!: number;
  @Column({ type: 'text' }) title!: string;
  @Column({ type: 'integer', nullable: true }) categoryId!: number | null;
  @Column({ type: 'uuid' }) uploaderId!: string;
  /** Seconds; null while unknown (a link, a file not probed yet). */
  @Column({ type: 'double precision', nullable: true }) duration!: number | null;
  /** Frames of the playback file; null while unknown. */
  @Column({ type: 'integer', nullable: true }) frameCount!: number | null;
  /** A YouTube link rather than a file; null in rows stored before the read model kept it. */
  @Column({ type: 'boolean', nullable: true }) isLink!: boolean | null;
  @Column({ type: 'boolean', default: false }) hidden!: boolean;
  @Column({ type: 'boolean', default: false }) removed!: boolean;
}

/** Owner of the facts: catalog-service (CategoryState). */
@Entity({ name: 'category_summaries' })
export class CategorySummaryEntity {
  @PrimaryColumn({ type: 'integer' }) id!: number;
  @Column({ type: 'integer' }) revision!: number;
  @Column({ type: 'text' }) name!: string;
  @Column({ type: 'text' }) icon!: string;
  @Column({ type: 'boolean', default: false }) removed!: boolean;
}
