import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { MEDIA_QUEUES } from '@app/contracts';
import { recordMediaJob } from '@app/database';

/** A row of `upload_intents`: an object key handed out for a file upload not yet registered. */
export interface UploadIntentRow {
  objectKey: string;
  ownerId: string;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * The video service's SQL for `upload_intents` (its own table). An intent is claimed by deleting
 * it: while it exists, no video owns its object.
 */
@Injectable()
export class UploadIntentsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async record(objectKey: string, ownerId: string, ttlSeconds: number): Promise<UploadIntentRow> {
    const rows: UploadIntentRow[] = await this.dataSource.query(
      `INSERT INTO upload_intents ("objectKey", "ownerId", "expiresAt")
       VALUES ($1, $2, now() + make_interval(secs => $3))
       RETURNING "objectKey", "ownerId", "createdAt", "expiresAt"`,
      [objectKey, ownerId, ttlSeconds],
    );
    return rows[0];
  }

  /**
   * Drops the owner's unclaimed intent and queues its object's removal, atomically. false when
   * there is none: a video claimed it (the object is that video's), or it was already swept.
   */
  abandon(objectKey: string, ownerId: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const [rows] = await manager.query<[{ objectKey: string }[], number]>(
        `DELETE FROM upload_intents WHERE "objectKey" = $1 AND "ownerId" = $2 RETURNING "objectKey"`,
        [objectKey, ownerId],
      );
      if (!rows.length) return false;
      await recordRemoval(manager, objectKey, 'abandoned');
      return true;
    });
  }

  /**
   * Removes up to `batch` expired intents and queues their objects' removal, in one transaction.
   * Rows another replica is sweeping, or a registration is claiming, are skipped (SKIP LOCKED),
   * so replicas never queue the same removal twice. Answers the keys swept.
   */
  sweepExpired(batch: number): Promise<string[]> {
    return this.dataSource.transaction(async (manager) => {
      const [rows] = await manager.query<[{ objectKey: string }[], number]>(
        `DELETE FROM upload_intents WHERE "objectKey" IN (
           SELECT "objectKey" FROM upload_intents WHERE "expiresAt" <= now()
           ORDER BY "expiresAt" LIMIT $1 FOR UPDATE SKIP LOCKED)
         RETURNING "objectKey"`,
        [batch],
      );
      for (const { objectKey } of rows) await recordRemoval(manager, objectKey, 'expired');
      return rows.map((row) => row.objectKey);
    });
  }
}

/**
 * Claims the owner's intent for this object inside the caller's transaction (the one inserting
 * the video). false when there is nothing to claim: never handed out, someone else's, expired
 * (its object is being removed) or abandoned. An expiring intent locked by a sweep waits for it,
 * then counts as gone.
 */
export async function claimUploadIntent(manager: EntityManager, objectKey: string, ownerId: string): Promise<boolean> {
  const [rows] = await manager.query<[unknown[], number]>(
    `DELETE FROM upload_intents WHERE "objectKey" = $1 AND "ownerId" = $2 AND "expiresAt" > now() RETURNING 1`,
    [objectKey, ownerId],
  );
  return rows.length > 0;
}

function recordRemoval(manager: EntityManager, objectKey: string, why: string): Promise<unknown> {
  return recordMediaJob(manager, {
    queue: MEDIA_QUEUES.cleanup,
    name: 'cleanup',
    jobId: `cleanup-upload-${why}-${objectKey.split('/').pop() ?? objectKey}`,
    data: { keys: [objectKey] },
  });
}
