import { Injectable } from '@nestjs/common';
import { DataSource, In, QueryFailedError, type EntityManager, type Repository } from 'typeorm';
import { DOMAIN_EVENTS, type ListAdminUsersQuery, type PersonState } from '@app/contracts';
import { recordDomainEvent } from '@app/database';
import { UserBadgeEntity } from '../db/entities/user-badge.entity.js';
import { UserEntity } from '../db/entities/user.entity.js';
import { removedPerson, toPersonState } from './person-state.mapper.js';

export interface NewUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  description: string | null;
  isAdmin: boolean;
}

/** Arbitrary constant shared by every auth replica: one first-admin bootstrap at a time. */
const ADMIN_BOOTSTRAP_LOCK_KEY = 727_013;

export interface AdminBootstrapSteps {
  isDone(email: string): Promise<boolean>;
  findAccount(email: string): Promise<UserEntity | null>;
  createAdmin(user: Omit<NewUser, 'isAdmin'>): Promise<UserEntity>;
  promote(id: string): Promise<void>;
  recordDone(email: string, userId: string, outcome: 'created' | 'promoted'): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The only place the auth service talks SQL about accounts. It owns `users`; `user_badges` is
 * only read. Every change of a member's public face (PersonState) bumps `profileRevision` under
 * the row lock and records `user.profile-changed` in the same transaction.
 */
/** A member's full name as IDX_users_name_trgm indexes it, character for character. */
const USER_NAME_SQL = `(coalesce("user"."firstName", '') || ' ' || coalesce("user"."lastName", ''))`;

@Injectable()
export class UsersRepository {
  private readonly users: Repository<UserEntity>;
  private readonly badges: Repository<UserBadgeEntity>;

  constructor(dataSource: DataSource) {
    this.users = dataSource.getRepository(UserEntity);
    this.badges = dataSource.getRepository(UserBadgeEntity);
  }

  /**
   * null for an unknown id, including one that is not a UUID at all, and for an account an admin
   * is deleting (marked by the admin service's command): it can no longer act.
   */
  findById(id: string): Promise<UserEntity | null> {
    if (!UUID.test(id)) return Promise.resolve(null);
    return this.active().andWhere('user.id = :id', { id }).getOne();
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.active().andWhere('user.email = :email', { email }).getOne();
  }

  /** Flips the admin flag in one statement; null when there is no such (active) account. */
  async toggleAdmin(id: string): Promise<UserEntity | null> {
    const user = await this.findById(id);
    if (!user) return null;
    await this.users
      .createQueryBuilder()
      .update()
      .set({ isAdmin: () => 'NOT "isAdmin"' })
      .where('id = :id', { id })
      .execute();
    return this.users.findOneBy({ id });
  }

  /**
   * The last step of deleting a member: the row, and what still hangs off it by cascade (badges,
   * reputation numbers); the other services learn that the member is gone.
   */
  delete(id: string): Promise<number> {
    if (!UUID.test(id)) return Promise.resolve(0);
    return this.users.manager.transaction(async (manager) => {
      const [deleted] = await manager.query<[Pick<UserEntity, 'id' | 'profileRevision'>[], number]>(
        `DELETE FROM users WHERE id = $1 RETURNING id, "profileRevision"`,
        [id],
      );
      for (const user of deleted) await recordProfileChanged(manager, removedPerson(user));
      return deleted.length;
    });
  }

  /** Idempotent: the first request's time is kept. */
  async markDeletionRequested(id: string): Promise<void> {
    if (!UUID.test(id)) return;
    await this.users
      .createQueryBuilder()
      .update()
      .set({ deletionRequestedAt: () => 'now()' })
      .where('id = :id AND "deletionRequestedAt" IS NULL', { id })
      .execute();
  }

  private active() {
    return this.users.createQueryBuilder('user').where('user.deletionRequestedAt IS NULL');
  }

  /** The new row, or null when the email is already taken (the unique constraint decides races). */
  async insert(user: NewUser): Promise<UserEntity | null> {
    try {
      return await this.users.manager.transaction((manager) => insertPublished(manager, user));
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23505') return null;
      throw error;
    }
  }

  /** The changed row; null when there is no such (active) account. */
  updateProfile(
    id: string,
    profile: Pick<UserEntity, 'firstName' | 'lastName' | 'description'>,
  ): Promise<UserEntity | null> {
    if (!UUID.test(id)) return Promise.resolve(null);
    return this.users.manager.transaction(async (manager) => {
      const result = await manager
        .createQueryBuilder()
        .update(UserEntity)
        .set({ ...profile, profileRevision: () => '"profileRevision" + 1' })
        .where('id = :id AND "deletionRequestedAt" IS NULL', { id })
        .returning('*')
        .execute();
      const [user] = result.raw as UserEntity[];
      if (!user) return null;
      await recordProfileChanged(manager, toPersonState(user));
      return user;
    });
  }

  /** Sets the picture URL and answers the one it replaced; the row lock keeps two uploads from both keeping theirs. */
  replaceProfileImage(
    id: string,
    profileImageUrl: string | null,
  ): Promise<{ user: UserEntity; previousUrl: string | null } | null> {
    return this.users.manager.transaction(async (manager) => {
      const users = manager.getRepository(UserEntity);
      const current = await users.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!current) return null;
      await users.update({ id }, { profileImageUrl, profileRevision: () => '"profileRevision" + 1' });
      const user = { ...current, profileImageUrl, profileRevision: current.profileRevision + 1, updatedAt: new Date() };
      await recordProfileChanged(manager, toPersonState(user));
      return { user, previousUrl: current.profileImageUrl };
    });
  }

  async updatePassword(id: string, passwordHash: string): Promise<void> {
    await this.users.update({ id }, { password: passwordHash });
  }

  /**
   * Runs the first-admin bootstrap in one transaction under an advisory lock, so replicas
   * starting together take turns: the first does the work and records it, the others then find
   * the record and do nothing.
   */
  inAdminBootstrap<T>(work: (bootstrap: AdminBootstrapSteps) => Promise<T>): Promise<T> {
    return this.users.manager.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [ADMIN_BOOTSTRAP_LOCK_KEY]);
      const users = manager.getRepository(UserEntity);
      return work({
        isDone: async (email) =>
          (await manager.query<unknown[]>(`SELECT 1 FROM admin_bootstraps WHERE email = $1`, [email])).length > 0,
        findAccount: (email) => users.findOneBy({ email }),
        createAdmin: (user) => insertPublished(manager, { ...user, isAdmin: true }),
        promote: async (id) => {
          await users.update({ id }, { isAdmin: true });
        },
        recordDone: async (email, userId, outcome) => {
          await manager.query(`INSERT INTO admin_bootstraps (email, "userId", outcome) VALUES ($1, $2, $3)`, [
            email,
            userId,
            outcome,
          ]);
        },
      });
    });
  }

  /** Newest first, accounts being deleted left out. */
  /**
   * A page of accounts not being deleted, newest first, strictly after the cursor, optionally those
   * whose name or email contains `q` literally, ignoring case (IDX_users_email_trgm / _name_trgm);
   * at most `limit` + 1 (the extra one tells that another page follows), each with its exact
   * creation time for the next page's cursor.
   */
  async listActive(page: ListAdminUsersQuery): Promise<Array<{ user: UserEntity; cursorKey: string }>> {
    const query = this.active()
      .addSelect(`to_char(user.createdAt AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`, 'cursorKey')
      .orderBy('user.createdAt', 'DESC')
      .addOrderBy('user.id', 'DESC')
      .limit(page.limit + 1);
    if (page.q !== null)
      query.andWhere(`(user.email ILIKE :pattern ESCAPE '\\' OR ${USER_NAME_SQL} ILIKE :pattern ESCAPE '\\')`, {
        pattern: `%${page.q.replace(/[\\%_]/g, '\\$&')}%`,
      });
    if (page.cursor !== null)
      query.andWhere('(user.createdAt, user.id) < (CAST(:afterKey AS timestamptz), CAST(:afterId AS uuid))', {
        afterKey: page.cursor.k,
        afterId: page.cursor.id,
      });
    const { entities, raw } = await query.getRawAndEntities<{ cursorKey: string }>();
    return entities.map((user, i) => ({ user, cursorKey: raw[i].cursorKey }));
  }

  /** Every badge of these members, oldest first. */
  findBadgesOf(userIds: string[]): Promise<UserBadgeEntity[]> {
    if (!userIds.length) return Promise.resolve([]);
    return this.badges.find({ where: { userId: In(userIds) }, order: { earnedAt: 'ASC' } });
  }

  findBadges(userId: string): Promise<UserBadgeEntity[]> {
    return this.badges.find({ where: { userId }, order: { earnedAt: 'ASC' } });
  }
}

/** A new account at profile revision 1, published in the caller's transaction. */
async function insertPublished(manager: EntityManager, user: NewUser): Promise<UserEntity> {
  const users = manager.getRepository(UserEntity);
  const saved = await users.save(users.create({ ...user, profileRevision: 1 }));
  await recordProfileChanged(manager, toPersonState(saved));
  return saved;
}

function recordProfileChanged(manager: EntityManager, person: PersonState): Promise<void> {
  return recordDomainEvent(manager, { type: DOMAIN_EVENTS.profileChanged, userIds: [person.id], person });
}
