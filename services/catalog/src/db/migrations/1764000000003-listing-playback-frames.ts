import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The playback file's frames a video's state carries since issue 15 (frame rate as frames per
 * second, frame count, first frame's time), kept with the listing so a video page's player steps
 * at the real rate. Null for links, and for listings of states without them until their next one.
 */
export class ListingPlaybackFrames1764000000003 implements MigrationInterface {
  name = 'ListingPlaybackFrames1764000000003';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "video_listings" ADD COLUMN IF NOT EXISTS "frameRate" double precision`);
    await q.query(`ALTER TABLE "video_listings" ADD COLUMN IF NOT EXISTS "frameCount" integer`);
    await q.query(`ALTER TABLE "video_listings" ADD COLUMN IF NOT EXISTS "startTime" double precision`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const column of ['startTime', 'frameCount', 'frameRate']) {
      await q.query(`ALTER TABLE "video_listings" DROP COLUMN IF EXISTS "${column}"`);
    }
  }
}
