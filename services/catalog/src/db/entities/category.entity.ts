import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Owner: catalog-service. */
@Entity({ name: 'categories' })
export class CategoryEntity {
  @PrimaryGeneratedColumn('increment')
  id!: number;

  /** Unique, also ignoring case (the UQ_categories_name_lower index on lower(name)). */
  @Column({ type: 'varchar', length: 50, unique: true })
  name!: string;

  /** An emoji. */
  @Column({ type: 'varchar', length: 50 })
  icon!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
