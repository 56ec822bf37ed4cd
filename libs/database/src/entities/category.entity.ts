import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Owner: catalog-service. */
@Entity({ name: 'categories' })
export class CategoryEntity {
  @PrimaryGeneratedColumn('increment')
  id!: number;

  @Column({ type: 'varchar', length: 50, unique: true })
  name!: string;

  /** An emoji. */
  @Column({ type: 'varchar', length: 50 })
  icon!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
