import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Owner: gateway (express sessions). Layout follows the spec: sid, sess JSON, expire indexed. */
@Entity({ name: 'sessions' })
export class SessionEntity {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  sid!: string;

  @Column({ type: 'json' })
  sess!: Record<string, unknown>;

  @Index('IDX_session_expire')
  @Column({ type: 'timestamp', precision: 6 })
  expire!: Date;
}
