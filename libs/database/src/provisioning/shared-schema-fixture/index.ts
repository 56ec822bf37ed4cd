import { InitialSchema1763700000000 } from './1763700000000-initial-schema.js';
import { SeedDefaultCategories1763700000001 } from './1763700000001-seed-default-categories.js';
import { CategoryNamesUniqueIgnoringCase1763700000002 } from './1763700000002-category-names-unique-ignoring-case.js';
import { UserDeletions1763700000003 } from './1763700000003-user-deletions.js';
import { UploadIntents1763700000130 } from './1763700000130-upload-intents.js';
import { AdminBootstraps1763913000001 } from './1763913000001-admin-bootstraps.js';
import { SessionsByUser1763913000002 } from './1763913000002-sessions-by-user.js';

/**
 * The one shared schema of releases before per-service schemas, exactly as they migrated it.
 * Kept only so a test can build such a database and prove the move to service schemas loses
 * nothing (shared-schema-move.int-spec.ts); no process runs these any more.
 */
export const SHARED_SCHEMA_MIGRATIONS = [
  InitialSchema1763700000000,
  SeedDefaultCategories1763700000001,
  CategoryNamesUniqueIgnoringCase1763700000002,
  UserDeletions1763700000003,
  UploadIntents1763700000130,
  AdminBootstraps1763913000001,
  SessionsByUser1763913000002,
];
