import { DOMAIN_EVENTS, type DomainEvent, type PersonState, type VideoState } from '@app/contracts';
import { eventually } from './eventually.js';
import { withClient } from './isolated-database.js';

/** The read models that keep a copy of each owner's state, by the service that keeps them. */
const COPIES = {
  catalog: { videos: 'catalog.video_listings', people: 'catalog.people' },
  feedback: { videos: 'feedback.video_summaries', people: 'feedback.people' },
} as const;
type Reader = keyof typeof COPIES;

/**
 * For specs that shape an owner's rows in SQL (a video with 42 views made a year ago, a member
 * without names: states the API cannot make on demand). The owners publish what they change in
 * their own transactions; a row written behind their back is published here the same way: its
 * revision bumped and its state recorded in the owner's outbox, in the shape the owner's mapper
 * gives it (services/video/src/videos/video-state.mapper.ts, services/auth/src/users/person-state.mapper.ts;
 * a test library may not import a service, and a wrong copy here shows as a wrong list there).
 * `settled()` then waits until the read models of `readers` (the services the spec runs) hold
 * what was published (the owner's relay polls its outbox about once a second), so the spec reads
 * through the API what it wrote.
 */
export function ownerStatePublisher(superuserUrl: string, readers: readonly Reader[]) {
  const awaited: Array<{ table: string; key: number | string; revision: number }> = [];
  const sql = <T>(text: string, values: unknown[] = []) =>
    withClient(superuserUrl, async (client) => (await client.query(text, values)).rows as T[]);

  const record = async (schema: 'video' | 'auth', event: Omit<DomainEvent, 'occurredAt'>) =>
    sql(`INSERT INTO ${schema}.outbox ("eventType", payload) VALUES ($1, $2::jsonb)`, [
      event.type,
      JSON.stringify({ ...event, occurredAt: new Date().toISOString() }),
    ]);

  const videosChanged = async (ids: number[], fields: Partial<VideoState> = {}): Promise<void> => {
    const rows = await sql<VideoRow>(
      `UPDATE video.videos SET revision = revision + 1 WHERE id = ANY($1::int[]) RETURNING *`,
      [ids],
    );
    for (const row of rows) {
      const video: VideoState = { ...videoStateOf(row), ...fields, id: row.id, revision: row.revision };
      await record('video', { type: DOMAIN_EVENTS.videoChanged, videoId: video.id, userIds: [], video });
      for (const table of readers.map((reader) => COPIES[reader].videos))
        awaited.push({ table, key: video.id, revision: video.revision });
    }
  };

  return {
    /** Publishes the videos' current rows as the video service would after a change. */
    videosChanged: (...ids: number[]) => videosChanged(ids),

    /**
     * Publishes a video's current row with some fields of its state as given: what a video service
     * that has measured more would carry (a frame count, say), for readers that check against it.
     */
    videoChangedWith: (id: number, fields: Partial<Omit<VideoState, 'id' | 'revision'>>) => videosChanged([id], fields),

    /** Publishes the members' current names and pictures as auth would after a profile change. */
    async profilesChanged(...ids: string[]): Promise<void> {
      const rows = await sql<UserRow>(
        `UPDATE auth.users SET "profileRevision" = "profileRevision" + 1 WHERE id = ANY($1::uuid[]) RETURNING *`,
        [ids],
      );
      for (const row of rows) {
        const person: PersonState = {
          id: row.id,
          revision: row.profileRevision,
          firstName: row.firstName,
          lastName: row.lastName,
          image: row.profileImageUrl,
          removed: false,
        };
        await record('auth', { type: DOMAIN_EVENTS.profileChanged, userIds: [person.id], person });
        for (const table of readers.map((reader) => COPIES[reader].people))
          awaited.push({ table, key: person.id, revision: person.revision });
      }
    },

    /** Waits until every read model holds at least what was published so far. */
    async settled(): Promise<void> {
      const pending = awaited.splice(0);
      for (const { table, key, revision } of pending) {
        await eventually(
          () => sql<{ revision: number }>(`SELECT revision FROM ${table} WHERE id = $1`, [key]),
          ([row]) => row !== undefined && row.revision >= revision,
          15_000,
        );
      }
    },
  };
}

/** A video.videos row as `RETURNING *` answers it. */
type VideoRow = Omit<VideoState, 'hasStoredVideo' | 'hasStoredThumbnail' | 'createdAt' | 'frameRate'> & {
  originalKey: string | null;
  playbackKey: string | null;
  thumbnailKey: string | null;
  frameRateNum: number | null;
  frameRateDen: number | null;
  createdAt: Date;
};

interface UserRow {
  id: string;
  profileRevision: number;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

/** Object keys never travel: only whether a file or a thumbnail is stored. */
function videoStateOf(row: VideoRow): VideoState {
  const { originalKey, playbackKey, thumbnailKey, createdAt, frameRateNum, frameRateDen, ...columns } = row;
  const state: Record<string, unknown> = {
    hasStoredVideo: Boolean(originalKey || playbackKey),
    hasStoredThumbnail: Boolean(thumbnailKey),
    frameRate: frameRateNum && frameRateDen ? frameRateNum / frameRateDen : null,
    createdAt: createdAt.toISOString(),
  };
  for (const field of VIDEO_STATE_COLUMNS) state[field] = columns[field];
  return state as unknown as VideoState;
}

const VIDEO_STATE_COLUMNS = [
  'id',
  'revision',
  'title',
  'description',
  'categoryId',
  'uploaderId',
  'youtubeUrl',
  'videoUrl',
  'thumbnailUrl',
  'thumbnailData',
  'duration',
  'frameCount',
  'startTime',
  'processingState',
  'hasFileError',
  'views',
  'feedbackCount',
  'averageRating',
] as const satisfies ReadonlyArray<keyof VideoRow>;
