import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Owner: catalog-service. One per user and video. */
@Entity({ name: 'bookmarks' })
export class BookmarkEntity {
  @PrimaryGeneratedColumn('increment')
  id!: number;

  @Column({ type: 'uuid' })
  userId!: string;

  @Column({ type: 'integer' })
  videoId!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
