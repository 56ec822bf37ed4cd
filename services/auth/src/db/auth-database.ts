import { OutboxEventEntity, type ServiceDatabase } from '@app/database';
import { UserBadgeEntity } from './entities/user-badge.entity.js';
import { UserEntity } from './entities/user.entity.js';
import { AuthSchema1764000000000 } from './migrations/1764000000000-auth-schema.js';
import { DeletionRequested1764000000001 } from './migrations/1764000000001-deletion-requested.js';

/** auth's schema: members, badges, the first-admin record and its outbox. */
export const AUTH_DATABASE: ServiceDatabase = {
  schema: 'auth',
  entities: [UserEntity, UserBadgeEntity, OutboxEventEntity],
  migrations: [AuthSchema1764000000000, DeletionRequested1764000000001],
};
