import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { UserDeletionStep } from '@app/contracts';

export interface PendingDeletion {
  userId: string;
  step: UserDeletionStep | 'done';
  attempts: number;
}

/** How long a saga runner holds a deletion; a runner that died loses it after this long. */
export const LEASE_SECONDS = 10;

/** The admin service's SQL: only its own `user_deletions` (members are the auth service's, asked by RPC). */
@Injectable()
export class AdminUsersRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Idempotent: asking twice starts one deletion. */
  async request(userId: string, requestedBy: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO user_deletions ("userId", "requestedBy") VALUES ($1, $2)
       ON CONFLICT ("userId") DO UPDATE SET "completedAt" = NULL, step = 'videos'
         WHERE user_deletions."completedAt" IS NOT NULL`,
      [userId, requestedBy],
    );
  }

  /**
   * Takes one pending deletion whose lease has run out (never held, or its runner died) and
   * holds it for LEASE_SECONDS. Several runners never take the same one (SKIP LOCKED).
   */
  async claimNext(): Promise<PendingDeletion | null> {
    const [rows] = await this.dataSource.query<[PendingDeletion[], number]>(
      `UPDATE user_deletions SET "leaseUntil" = now() + make_interval(secs => $1)
        WHERE "userId" = (
          SELECT "userId" FROM user_deletions
           WHERE "completedAt" IS NULL AND "leaseUntil" < now()
           ORDER BY "requestedAt" LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING "userId", step, attempts`,
      [LEASE_SECONDS],
    );
    return rows[0] ?? null;
  }

  /** Records a finished step and renews the lease for the next one. */
  async advance(userId: string, next: UserDeletionStep | 'done'): Promise<void> {
    await this.dataSource.query(
      `UPDATE user_deletions SET step = $2::varchar, "lastError" = NULL,
              "leaseUntil" = now() + make_interval(secs => $3),
              "completedAt" = CASE WHEN $2::varchar = 'done' THEN now() ELSE NULL END
        WHERE "userId" = $1`,
      [userId, next, LEASE_SECONDS],
    );
  }

  /** A failed step is tried again after a backoff (the lease is pushed out). */
  async recordFailure(userId: string, error: string, retryInSeconds: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE user_deletions SET attempts = attempts + 1, "lastError" = $2,
              "leaseUntil" = now() + make_interval(secs => $3)
        WHERE "userId" = $1`,
      [userId, error.slice(0, 2000), retryInSeconds],
    );
  }
}
