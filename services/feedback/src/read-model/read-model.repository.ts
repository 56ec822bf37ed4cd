import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { CategoryState, PersonState } from '@app/contracts';
import type { VideoSummaryState } from './read-model.states.js';

/** A video as the read model holds it; `removed` once its deletion arrived. */
export interface KnownVideo {
  uploaderId: string;
  /** Seconds; null while unknown. */
  duration: number | null;
  /** null while unknown. */
  frameCount: number | null;
  /** null in a row stored before the read model kept it: ask the video service again. */
  isLink: boolean | null;
  hidden: boolean;
  removed: boolean;
}

/**
 * Newer wins; at the same revision a removal wins (a deletion may carry the revision of the state
 * before it). A tombstone keeps its revision, so no older state brings the row back.
 */
const NEWER = (table: string) =>
  `${table}.revision < EXCLUDED.revision OR (${table}.revision = EXCLUDED.revision AND EXCLUDED.removed AND NOT ${table}.removed)`;

/**
 * The feedback service's copy of the people, videos and categories it shows, kept from their
 * owners' states. Each apply is one statement over a batch's states, in key order (rows locked in
 * that order); a state older than the one held changes nothing, so replays and reordering are harmless.
 */
@Injectable()
export class ReadModelRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A removed person keeps no name or picture: only the tombstone and its revision. */
  async applyPeople(states: readonly PersonState[]): Promise<void> {
    if (!states.length) return;
    await this.dataSource.query(
      `INSERT INTO people (id, revision, "firstName", "lastName", image, removed)
       SELECT s.id, s.revision,
              CASE WHEN s.removed THEN NULL ELSE s."firstName" END,
              CASE WHEN s.removed THEN NULL ELSE s."lastName" END,
              CASE WHEN s.removed THEN NULL ELSE s.image END,
              s.removed
         FROM jsonb_to_recordset($1::jsonb)
           AS s(id uuid, revision int, "firstName" text, "lastName" text, image text, removed boolean)
        ORDER BY s.id
       ON CONFLICT (id) DO UPDATE SET
         revision = EXCLUDED.revision, "firstName" = EXCLUDED."firstName", "lastName" = EXCLUDED."lastName",
         image = EXCLUDED.image, removed = EXCLUDED.removed
       WHERE ${NEWER('people')}`,
      [JSON.stringify(states)],
    );
  }

  /**
   * A live row stored before the read model kept a video's media facts (`isLink` null) also takes
   * a live state of its own revision: the same state, with the facts it lacked.
   */
  async applyVideos(states: readonly VideoSummaryState[]): Promise<void> {
    if (!states.length) return;
    await this.dataSource.query(
      `INSERT INTO video_summaries (id, revision, title, "categoryId", "uploaderId", duration, "frameCount", "isLink",
                                    hidden, removed)
       SELECT s.id, s.revision, s.title, s."categoryId", s."uploaderId", s.duration, s."frameCount", s."isLink",
              COALESCE(s.hidden, false), s.removed
         FROM jsonb_to_recordset($1::jsonb)
           AS s(id int, revision int, title text, "categoryId" int, "uploaderId" uuid, duration float8,
                "frameCount" int, "isLink" boolean, hidden boolean, removed boolean)
        ORDER BY s.id
       ON CONFLICT (id) DO UPDATE SET
         revision = EXCLUDED.revision, title = EXCLUDED.title, "categoryId" = EXCLUDED."categoryId",
         "uploaderId" = EXCLUDED."uploaderId", duration = EXCLUDED.duration, "frameCount" = EXCLUDED."frameCount",
         "isLink" = EXCLUDED."isLink", hidden = EXCLUDED.hidden, removed = EXCLUDED.removed
       WHERE ${NEWER('video_summaries')}
          OR (video_summaries.revision = EXCLUDED.revision AND video_summaries."isLink" IS NULL
              AND NOT video_summaries.removed AND NOT EXCLUDED.removed)`,
      [JSON.stringify(states)],
    );
  }

  async applyCategories(states: readonly CategoryState[]): Promise<void> {
    if (!states.length) return;
    await this.dataSource.query(
      `INSERT INTO category_summaries (id, revision, name, icon, removed)
       SELECT s.id, s.revision, s.name, s.icon, s.removed
         FROM jsonb_to_recordset($1::jsonb) AS s(id int, revision int, name text, icon text, removed boolean)
        ORDER BY s.id
       ON CONFLICT (id) DO UPDATE SET
         revision = EXCLUDED.revision, name = EXCLUDED.name, icon = EXCLUDED.icon, removed = EXCLUDED.removed
       WHERE ${NEWER('category_summaries')}`,
      [JSON.stringify(states)],
    );
  }

  async findVideo(videoId: number): Promise<KnownVideo | null> {
    const [row] = await this.dataSource.query<KnownVideo[]>(
      `SELECT "uploaderId", duration, "frameCount", "isLink", hidden, removed FROM video_summaries WHERE id = $1`,
      [videoId],
    );
    return row ?? null;
  }

  /** Whether the read model has a row for the person, removed or not. */
  /** Which of these people the read model knows as members (not removed). */
  async presentPeople(userIds: readonly string[]): Promise<Set<string>> {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM people WHERE id = ANY($1::uuid[]) AND NOT removed`,
      [userIds],
    );
    return new Set(rows.map((row) => row.id));
  }

  async hasPerson(userId: string): Promise<boolean> {
    const [row] = await this.dataSource.query<unknown[]>(`SELECT 1 FROM people WHERE id = $1`, [userId]);
    return row !== undefined;
  }

  /**
   * A person as their owner answered when asked, kept only if no event has brought them yet:
   * revision 0, below any the owner publishes, so the first real state replaces it. true when stored.
   */
  async insertPersonIfAbsent(person: Omit<PersonState, 'revision' | 'removed'>): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>(
      `INSERT INTO people (id, revision, "firstName", "lastName", image, removed)
       VALUES ($1, 0, $2, $3, $4, false)
       ON CONFLICT (id) DO NOTHING
       RETURNING id`,
      [person.id, person.firstName, person.lastName, person.image],
    );
    return rows.length > 0;
  }
}
