import type { ServiceDatabase } from '@app/database';
import { NotificationsSchema1764000000170 } from './migrations/1764000000170-notifications-schema.js';

/** notifications' schema: what members are told, the contributions already counted, their preferences. */
export const NOTIFICATIONS_DATABASE: ServiceDatabase = {
  schema: 'notifications',
  entities: [],
  migrations: [NotificationsSchema1764000000170],
};
