import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { PersonState, VideoFeedbackStats } from '@app/contracts';
import type { VideoListingState } from './listing-states.js';

/** The columns of `video_listings` with their types: a VideoState's fields and `removed`. */
const LISTING_COLUMNS: ReadonlyArray<[keyof VideoListingState, string]> = [
  ['id', 'integer'],
  ['revision', 'integer'],
  ['title', 'text'],
  ['description', 'text'],
  ['categoryId', 'integer'],
  ['uploaderId', 'uuid'],
  ['youtubeUrl', 'text'],
  ['videoUrl', 'text'],
  ['thumbnailUrl', 'text'],
  ['hasStoredVideo', 'boolean'],
  ['hasStoredThumbnail', 'boolean'],
  ['thumbnailData', 'text'],
  ['duration', 'integer'],
  // Absent from states published before they existed: jsonb_to_recordset reads those as null.
  ['frameRate', 'double precision'],
  ['frameCount', 'integer'],
  ['startTime', 'double precision'],
  ['processingState', 'text'],
  ['hasFileError', 'boolean'],
  ['views', 'integer'],
  ['feedbackCount', 'integer'],
  ['averageRating', 'real'],
  ['createdAt', 'timestamptz'],
  ['hidden', 'boolean'],
  ['removed', 'boolean'],
];

const PERSON_COLUMNS: ReadonlyArray<[keyof PersonState, string]> = [
  ['id', 'uuid'],
  ['revision', 'integer'],
  ['firstName', 'text'],
  ['lastName', 'text'],
  ['image', 'text'],
  ['removed', 'boolean'],
];

type Columns = ReadonlyArray<[string, string]>;
const names = (columns: Columns) => columns.map(([name]) => `"${name}"`).join(', ');
const recordType = (columns: Columns) => columns.map(([name, type]) => `"${name}" ${type}`).join(', ');
const updates = (columns: Columns) =>
  columns
    .filter(([name]) => name !== 'id')
    .map(([name]) => `"${name}" = EXCLUDED."${name}"`)
    .join(', ');

/**
 * Rows from a JSON array of states, in key order (rows are locked in that order). A state replaces
 * the one held only when it is newer: a higher revision, or the same revision removed (a deletion
 * carries the video's final state). A replayed, duplicated or late state changes nothing, and a
 * removal stays as a tombstone.
 */
const upsertNewer = (table: string, columns: Columns) => `
  INSERT INTO "${table}" (${names(columns)})
  SELECT ${names(columns)} FROM jsonb_to_recordset($1::jsonb) AS state(${recordType(columns)}) ORDER BY "id"
  ON CONFLICT ("id") DO UPDATE SET ${updates(columns)}
  WHERE ("${table}"."revision", "${table}"."removed") < (EXCLUDED."revision", EXCLUDED."removed")`;

const FEEDBACK_NUMBERS = new Set(['feedbackCount', 'averageRating']);
const newerFeedbackNumbers = `EXCLUDED."feedbackStatsRevision" >= "video_listings"."feedbackStatsRevision"`;
/**
 * As upsertNewer, but the feedback numbers a video's state carries replace those held only when
 * they are at least as new (`feedbackStatsRevision`): the feedback service's own events may have
 * brought newer ones already (applyFeedbackStats). A state published before states carried that
 * revision counts as 0.
 */
const UPSERT_LISTINGS = `
  INSERT INTO "video_listings" (${names(LISTING_COLUMNS)}, "feedbackStatsRevision")
  SELECT ${names(LISTING_COLUMNS)}, COALESCE("feedbackStatsRevision", 0)
    FROM jsonb_to_recordset($1::jsonb) AS state(${recordType(LISTING_COLUMNS)}, "feedbackStatsRevision" integer)
   ORDER BY "id"
  ON CONFLICT ("id") DO UPDATE SET ${updates(LISTING_COLUMNS.filter(([name]) => !FEEDBACK_NUMBERS.has(name)))},
    ${[...FEEDBACK_NUMBERS]
      .map(
        (name) =>
          `"${name}" = CASE WHEN ${newerFeedbackNumbers} THEN EXCLUDED."${name}" ELSE "video_listings"."${name}" END`,
      )
      .join(', ')},
    "feedbackStatsRevision" = GREATEST(EXCLUDED."feedbackStatsRevision", "video_listings"."feedbackStatsRevision")
  WHERE ("video_listings"."revision", "video_listings"."removed") < (EXCLUDED."revision", EXCLUDED."removed")`;

/** The feedback service's numbers of videos listed, when newer than those held; a video not listed yet gets them with its state. */
const APPLY_FEEDBACK_STATS = `
  UPDATE "video_listings" l
     SET "feedbackCount" = s."feedbackCount", "averageRating" = s."averageRating", "feedbackStatsRevision" = s."revision"
    FROM jsonb_to_recordset($1::jsonb) AS s("videoId" integer, "revision" integer, "feedbackCount" integer, "averageRating" double precision)
   WHERE l."id" = s."videoId" AND l."feedbackStatsRevision" < s."revision"`;
const UPSERT_PEOPLE = upsertNewer('people', PERSON_COLUMNS);
// What auth answered only fills a gap: any state already held, an event's, stays.
const INSERT_ABSENT_PEOPLE = `
  INSERT INTO "people" (${names(PERSON_COLUMNS)})
  SELECT ${names(PERSON_COLUMNS)} FROM jsonb_to_recordset($1::jsonb) AS state(${recordType(PERSON_COLUMNS)}) ORDER BY "id"
  ON CONFLICT ("id") DO NOTHING`;

export interface ListingProjectionChanges {
  /** Newest first per video, as events carried them. */
  videos: readonly VideoListingState[];
  /** As auth's events carried them. */
  people: readonly PersonState[];
  /** As auth answered them (revision 0), for uploaders the projection had not heard of. */
  peopleLookedUp: readonly PersonState[];
  /** The feedback service's numbers of videos, newest per video, as its events carried them. */
  feedbackStats: readonly VideoFeedbackStats[];
}

/** The only place the catalog writes its listing projection (`video_listings`, `people`). */
@Injectable()
export class ListingProjectionRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Of these member ids, those `people` holds nothing of. */
  async peopleMissing(ids: readonly string[]): Promise<string[]> {
    if (!ids.length) return [];
    const rows = await this.dataSource.query<Array<{ id: string }>>(
      `SELECT wanted.id FROM unnest($1::uuid[]) AS wanted(id)
        WHERE NOT EXISTS (SELECT 1 FROM "people" WHERE "people"."id" = wanted.id) ORDER BY wanted.id`,
      [ids],
    );
    return rows.map((row) => row.id);
  }

  /** One transaction: a listing and its uploader's name become visible together. */
  async store(changes: ListingProjectionChanges): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.run(manager, UPSERT_PEOPLE, changes.people);
      await this.run(manager, INSERT_ABSENT_PEOPLE, changes.peopleLookedUp);
      // Every listing this batch changes is locked first, in id order, so two batches applied at
      // once (two replicas) cannot take each other's rows in opposite orders.
      const ids = [...new Set([...changes.videos.map((v) => v.id), ...changes.feedbackStats.map((s) => s.videoId)])];
      if (ids.length > 1)
        await manager.query(`SELECT 1 FROM "video_listings" WHERE "id" = ANY($1::int[]) ORDER BY "id" FOR UPDATE`, [
          ids,
        ]);
      await this.run(manager, UPSERT_LISTINGS, changes.videos);
      await this.run(manager, APPLY_FEEDBACK_STATS, changes.feedbackStats);
    });
  }

  private async run(manager: EntityManager, statement: string, states: readonly object[]): Promise<void> {
    if (states.length) await manager.query(statement, [JSON.stringify(states)]);
  }
}
