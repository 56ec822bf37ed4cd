import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Upload intents (owner: video-service): the object key a file upload is stored under, recorded
 * before its first byte, claimed (deleted) in the transaction that inserts its `videos` row. An
 * intent left unclaimed past `expiresAt` names an orphaned object, which the sweeper removes. No
 * foreign key: the owner may be deleted while an upload is in flight.
 */
export class UploadIntents1763700000130 implements MigrationInterface {
  name = 'UploadIntents1763700000130';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "upload_intents" (
        "objectKey" varchar(512) PRIMARY KEY,
        "ownerId" uuid NOT NULL,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "expiresAt" timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX "IDX_upload_intents_expires" ON "upload_intents" ("expiresAt")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "upload_intents"`);
  }
}
