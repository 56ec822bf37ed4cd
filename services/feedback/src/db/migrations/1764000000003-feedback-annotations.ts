import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A feedback's time code (seconds; an end only for a range) and drawing (jsonb, checked by the
 * contract's schema before it is stored), and what the read model needs to check them against
 * the video: its duration, frame count and whether it is a YouTube link. `isLink` is null in rows
 * stored before this release: the read-through asks the video service again for those.
 */
export class FeedbackAnnotations1764000000003 implements MigrationInterface {
  name = 'FeedbackAnnotations1764000000003';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "feedback"
         ADD COLUMN IF NOT EXISTS "timecodeStart" double precision,
         ADD COLUMN IF NOT EXISTS "timecodeEnd" double precision,
         ADD COLUMN IF NOT EXISTS "drawing" jsonb`,
    );
    await q.query(
      `ALTER TABLE "feedback"
         ADD CONSTRAINT "CHK_feedback_timecode" CHECK (
           ("timecodeStart" IS NULL OR "timecodeStart" >= 0)
           AND ("timecodeEnd" IS NULL OR ("timecodeStart" IS NOT NULL AND "timecodeEnd" > "timecodeStart"))),
         ADD CONSTRAINT "CHK_feedback_drawing" CHECK ("drawing" IS NULL OR jsonb_typeof("drawing") = 'object')`,
    );
    await q.query(
      `ALTER TABLE "video_summaries"
         ADD COLUMN IF NOT EXISTS "duration" double precision,
         ADD COLUMN IF NOT EXISTS "frameCount" integer,
         ADD COLUMN IF NOT EXISTS "isLink" boolean`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "video_summaries" DROP COLUMN IF EXISTS "isLink", DROP COLUMN IF EXISTS "frameCount",
         DROP COLUMN IF EXISTS "duration"`,
    );
    await q.query(
      `ALTER TABLE "feedback" DROP CONSTRAINT IF EXISTS "CHK_feedback_drawing",
         DROP CONSTRAINT IF EXISTS "CHK_feedback_timecode", DROP COLUMN IF EXISTS "drawing",
         DROP COLUMN IF EXISTS "timecodeEnd", DROP COLUMN IF EXISTS "timecodeStart"`,
    );
  }
}
