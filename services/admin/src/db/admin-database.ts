import type { ServiceDatabase } from '@app/database';
import { AdminSchema1764000000000 } from './migrations/1764000000000-admin-schema.js';
import { Reports1764000000170 } from './migrations/1764000000170-reports.js';

/** admin's schema: the member-deletion saga's state, reports and moderation decisions. */
export const ADMIN_DATABASE: ServiceDatabase = {
  schema: 'admin',
  entities: [],
  migrations: [AdminSchema1764000000000, Reports1764000000170],
};
