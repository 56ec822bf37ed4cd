import type { ServiceDatabase } from '@app/database';
import { AdminSchema1764000000000 } from './migrations/1764000000000-admin-schema.js';

/** admin's schema: the member-deletion saga's state. */
export const ADMIN_DATABASE: ServiceDatabase = {
  schema: 'admin',
  entities: [],
  migrations: [AdminSchema1764000000000],
};
