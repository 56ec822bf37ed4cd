import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The playback file's frames as the media worker measured them (issue 15): its exact frame rate
 * as a fraction, its frame count and its first frame's time. Null for links and for files made
 * before they were measured.
 */
export class PlaybackFrames1764000000003 implements MigrationInterface {
  name = 'PlaybackFrames1764000000003';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "videos" ADD COLUMN IF NOT EXISTS "frameRateNum" integer`);
    await q.query(`ALTER TABLE "videos" ADD COLUMN IF NOT EXISTS "frameRateDen" integer`);
    await q.query(`ALTER TABLE "videos" ADD COLUMN IF NOT EXISTS "frameCount" integer`);
    await q.query(`ALTER TABLE "videos" ADD COLUMN IF NOT EXISTS "startTime" double precision`);
    // A rate is both parts or none, and never zero.
    await q.query(
      `ALTER TABLE "videos" ADD CONSTRAINT "CHK_videos_frame_rate"
         CHECK (("frameRateNum" IS NULL) = ("frameRateDen" IS NULL) AND "frameRateNum" > 0 AND "frameRateDen" > 0)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "videos" DROP CONSTRAINT IF EXISTS "CHK_videos_frame_rate"`);
    for (const column of ['startTime', 'frameCount', 'frameRateDen', 'frameRateNum']) {
      await q.query(`ALTER TABLE "videos" DROP COLUMN IF EXISTS "${column}"`);
    }
  }
}
