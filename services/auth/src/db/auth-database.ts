import { OutboxEventEntity, type ServiceDatabase } from '@app/database';
import { MemberActivityEntity } from './entities/member-activity.entity.js';
import { UserBadgeEntity } from './entities/user-badge.entity.js';
import { UserEntity } from './entities/user.entity.js';
import { AuthSchema1764000000000 } from './migrations/1764000000000-auth-schema.js';
import { DeletionRequested1764000000001 } from './migrations/1764000000001-deletion-requested.js';
import { MemberActivity1764000000002 } from './migrations/1764000000002-member-activity.js';
import { ProfileBackfill1764000000003 } from './migrations/1764000000003-profile-backfill.js';
import { UserSearch1764000000160 } from './migrations/1764000000160-user-search.js';
import { AppliedReceived1764000000170 } from './migrations/1764000000170-applied-received.js';
import { UserChangeAnnouncements1764000000180 } from './migrations/1764000000180-user-change-announcements.js';

/** auth's schema: members, what their reputation is made of, badges, the first-admin record and its outbox. */
export const AUTH_DATABASE: ServiceDatabase = {
  schema: 'auth',
  entities: [UserEntity, MemberActivityEntity, UserBadgeEntity, OutboxEventEntity],
  migrations: [
    AuthSchema1764000000000,
    DeletionRequested1764000000001,
    MemberActivity1764000000002,
    ProfileBackfill1764000000003,
    UserSearch1764000000160,
    AppliedReceived1764000000170,
    UserChangeAnnouncements1764000000180,
  ],
};
