import { DataSource } from 'typeorm';
import { UserEntity } from './entities/user.entity.js';
import { CategoryEntity } from './entities/category.entity.js';
import { VideoEntity } from './entities/video.entity.js';
import { FeedbackEntity } from './entities/feedback.entity.js';
import { BookmarkEntity } from './entities/bookmark.entity.js';
import { FeedbackVoteEntity } from './entities/feedback-vote.entity.js';
import { FeedbackRatingEntity } from './entities/feedback-rating.entity.js';
import { UserBadgeEntity } from './entities/user-badge.entity.js';
import { SessionEntity } from './entities/session.entity.js';
import { OutboxEventEntity } from './entities/outbox-event.entity.js';
import { InitialSchema1763700000000 } from './migrations/1763700000000-initial-schema.js';
import { SeedDefaultCategories1763700000001 } from './migrations/1763700000001-seed-default-categories.js';
import { CategoryNamesUniqueIgnoringCase1763700000002 } from './migrations/1763700000002-category-names-unique-ignoring-case.js';
import { UserDeletions1763700000003 } from './migrations/1763700000003-user-deletions.js';
import { UploadIntents1763700000130 } from './migrations/1763700000130-upload-intents.js';
import { AdminBootstraps1763913000001 } from './migrations/1763913000001-admin-bootstraps.js';
import { SessionsByUser1763913000002 } from './migrations/1763913000002-sessions-by-user.js';

export const ENTITIES = [
  UserEntity,
  CategoryEntity,
  VideoEntity,
  FeedbackEntity,
  BookmarkEntity,
  FeedbackVoteEntity,
  FeedbackRatingEntity,
  UserBadgeEntity,
  SessionEntity,
  OutboxEventEntity,
];
export const MIGRATIONS = [
  InitialSchema1763700000000,
  SeedDefaultCategories1763700000001,
  CategoryNamesUniqueIgnoringCase1763700000002,
  UserDeletions1763700000003,
  UploadIntents1763700000130,
  AdminBootstraps1763913000001,
  SessionsByUser1763913000002,
];

export function createDataSource(url: string, applicationName = 'videofeedback'): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    // Every migration in its own transaction: a failed one leaves the schema at the last good step.
    migrationsTransactionMode: 'each',
    synchronize: false,
    applicationName,
    // A database that does not answer fails the call (503 "database unavailable") within 2 s:
    // before the gateway's own deadline for the service (SERVICE_TIMEOUT_MS, 3 s by default), so
    // the client hears the real cause rather than "the service is not answering".
    extra: { max: 10, connectionTimeoutMillis: 2000 },
  });
}

/** Arbitrary constant shared by all processes: only one of them migrates at a time. */
const MIGRATION_LOCK_KEY = 727_001;

/**
 * Runs pending migrations under a session-level advisory lock, so any number of processes can
 * start at once and exactly one applies the schema while the others wait and then find nothing to do.
 */
export async function migrateDatabase(dataSource: DataSource): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await runner.release();
  }
}
