import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Owner: catalog-service. Its copy of a member's public face (a PersonState from auth's events, or
 * asked of auth at revision 0 when a video names someone not heard of yet). `removed` when the
 * account went: lists then name nobody.
 */
@Entity({ name: 'people' })
export class PersonEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ type: 'integer' }) revision!: number;
  @Column({ type: 'text', nullable: true }) firstName!: string | null;
  @Column({ type: 'text', nullable: true }) lastName!: string | null;
  /** The public profile picture URL. */
  @Column({ type: 'text', nullable: true }) image!: string | null;
  @Column({ type: 'boolean', default: false }) removed!: boolean;
}
