import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { PersonState } from '@app/contracts';
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

const UPSERT_LISTINGS = upsertNewer('video_listings', LISTING_COLUMNS);
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
      await this.run(manager, UPSERT_LISTINGS, changes.videos);
    });
  }

  private async run(manager: EntityManager, statement: string, states: readonly object[]): Promise<void> {
    if (states.length) await manager.query(statement, [JSON.stringify(states)]);
  }
}
