import { Column, Entity, PrimaryColumn } from 'typeorm';

// TRANSITIONAL (issue 14, point 2): the feedback service still reads the video service's
// `videos`, catalog's `categories` and auth's `users` for titles and names, read-only through
// the SELECT grant of TRANSITIONAL_FOREIGN_READS, until its own read model fed by events
// replaces these mappings.

/** Read-only: video.videos, for a video's title, category and uploader. */
@Entity({ name: 'videos', schema: 'video' })
export class ForeignVideoEntity {
  @PrimaryColumn({ type: 'integer' }) id!: number;
  @Column({ type: 'varchar' }) title!: string;
  @Column({ type: 'integer', nullable: true }) categoryId!: number | null;
  @Column({ type: 'uuid' }) uploaderId!: string;
}

/** Read-only: catalog.categories, for a category's name and icon. */
@Entity({ name: 'categories', schema: 'catalog' })
export class ForeignCategoryEntity {
  @PrimaryColumn({ type: 'integer' }) id!: number;
  @Column({ type: 'varchar' }) name!: string;
  @Column({ type: 'varchar' }) icon!: string;
}

/** Read-only: auth.users, for an author's name and picture. */
@Entity({ name: 'users', schema: 'auth' })
export class ForeignUserEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ type: 'varchar', nullable: true }) firstName!: string | null;
  @Column({ type: 'varchar', nullable: true }) lastName!: string | null;
  @Column({ type: 'varchar', nullable: true }) profileImageUrl!: string | null;
}
