import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { decodePageCursor, ERROR_CODES } from '@app/contracts';
import { randomBytes, scryptSync } from 'node:crypto';
import { ConflictError, DomainError, ForbiddenError, NotFoundError, ValidationError } from '@app/common';
import type { UserEntity } from '../db/entities/user.entity.js';
import type { UserBadgeEntity } from '../db/entities/user-badge.entity.js';
import { strictMock, type StrictAnswers } from '@app/testing/unit';
import {
  configurePasswordHashing,
  hashPassword,
  OWASP_COST_LOG2,
  verifyPassword,
} from '../passwords/password-hasher.js';
import type { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

const OWNER = '0d4f8a9e-1111-4c3b-9a7e-2b5f0c1d2e3f';
const OTHER = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const ADMIN = '3b241101-e2bb-4255-8caf-4136c566a962';
const MISSING = '9f1d1e2a-4a5b-4c6d-8e7f-0a1b2c3d4e5f';

const row = (overrides: Partial<UserEntity> = {}): UserEntity => ({
  id: OWNER,
  email: 'owner@example.com',
  password: 'scrypt$15$8$1$x$y',
  firstName: 'Owen',
  lastName: 'Er',
  description: null,
  profileImageUrl: null,
  isAdmin: false,
  points: 0,
  profileRevision: 1,
  deletionRequestedAt: null,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-01T00:00:00Z'),
  ...overrides,
});

/** A repository whose every method fails the test unless the test gives it an answer. */
const strictRepository = (answers: StrictAnswers<UsersRepository>) =>
  strictMock<UsersRepository>('UsersRepository', answers);

// The service's rules do not depend on the cost, and each hash at OWASP's costs ~0.35 s of CPU
// (password-hasher.spec.ts checks that cost; the rehash case below uses it).
const TEST_COST_LOG2 = 12;
beforeEach(() => configurePasswordHashing({ costLog2: TEST_COST_LOG2 }));
afterEach(() => configurePasswordHashing({ costLog2: OWASP_COST_LOG2 }));

describe('UsersService', () => {
  it('registers every account as a member, whatever its address', async () => {
    const inserted: unknown[] = [];
    const repository = strictRepository({
      findByEmail: () => Promise.resolve(null),
      insert: (user) => (inserted.push(user), Promise.resolve(row(user))),
      findBadges: () => Promise.resolve([]),
    });
    const service = new UsersService(repository);
    const fields = { password: 'a fine passphrase', firstName: 'A', lastName: 'B', description: null };
    const boss = await service.register({ ...fields, email: 'boss@example.com' });
    expect(boss.isAdmin).toBe(false);
    expect(inserted).toEqual([expect.objectContaining({ email: 'boss@example.com', isAdmin: false })]);
  });

  it('refuses one of the most common passwords before touching the database', async () => {
    const service = new UsersService(strictRepository({}));
    const error = await service
      .register({ email: 'new@example.com', password: 'Password1', firstName: 'A', lastName: 'B', description: null })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ message: 'This password is too common. Please choose another one.' });
  });

  it('answers a taken email with a conflict, also when the insert loses a race', async () => {
    const taken = new UsersService(strictRepository({ findByEmail: () => Promise.resolve(row()) }));
    const raced = new UsersService(
      strictRepository({ findByEmail: () => Promise.resolve(null), insert: () => Promise.resolve(null) }),
    );
    const request = {
      email: 'owner@example.com',
      password: 'a fine passphrase',
      firstName: 'A',
      lastName: 'B',
      description: null,
    };
    await expect(taken.register(request)).rejects.toBeInstanceOf(ConflictError);
    await expect(raced.register(request)).rejects.toBeInstanceOf(ConflictError);
  });

  it('refuses an unknown email and a wrong password alike', async () => {
    const stored = row({ password: await hashPassword('right password') });
    const service = new UsersService(
      strictRepository({ findByEmail: (email) => Promise.resolve(email === stored.email ? stored : null) }),
    );
    for (const attempt of [
      { email: 'nobody@example.com', password: 'right password' },
      { email: stored.email, password: 'wrong password' },
    ]) {
      const error = await service.verifyCredentials(attempt).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ code: ERROR_CODES.unauthorized, message: 'Invalid email or password' });
    }
  });

  it('shows the email to the user, to admins, and to nobody else', async () => {
    const viewers: Record<string, UserEntity> = {
      [OWNER]: row(),
      [OTHER]: row({ id: OTHER, isAdmin: false }),
      admin: row({ id: 'admin', isAdmin: true }),
    };
    const service = new UsersService(
      strictRepository({
        findById: (id) => Promise.resolve(viewers[id] ?? null),
        findBadges: () => Promise.resolve([]),
      }),
    );
    expect((await service.getUser(OWNER, OWNER)).email).toBe('owner@example.com');
    expect((await service.getUser(OWNER, 'admin')).email).toBe('owner@example.com');
    expect(await service.getUser(OWNER, OTHER)).not.toHaveProperty('email');
    expect(await service.getUser(OWNER, null)).not.toHaveProperty('email');
    await expect(service.getUser('missing', null)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('only accepts a picture key under the user’s own prefix', async () => {
    const service = new UsersService(strictRepository({}));
    for (const key of [`profile-images/${OTHER}/a.png`, `videos/${OWNER}/a.png`, `profile-images/${OWNER}/../a.png`]) {
      await expect(service.setProfileImage(OWNER, key)).rejects.toBeInstanceOf(ValidationError);
    }
  });

  it('reports the replaced picture so the caller can remove it', async () => {
    const previous = `/api/users/${OWNER}/profile-image/old.png`;
    const service = new UsersService(
      strictRepository({
        replaceProfileImage: (_id, url) =>
          Promise.resolve({ user: row({ profileImageUrl: url }), previousUrl: previous }),
        findBadges: () => Promise.resolve([]),
      }),
    );
    const change = await service.setProfileImage(OWNER, `profile-images/${OWNER}/new.png`);
    expect(change.user.profileImageUrl).toBe(`/api/users/${OWNER}/profile-image/new.png`);
    expect(change.replacedImageKey).toBe(`profile-images/${OWNER}/old.png`);
  });

  it('changes the password only with the right current one, and not to a common one', async () => {
    const stored = row({ password: await hashPassword('current passphrase') });
    const updates: [string, string][] = [];
    const service = new UsersService(
      strictRepository({
        findById: () => Promise.resolve(stored),
        updatePassword: (id, hash) => (updates.push([id, hash]), Promise.resolve()),
      }),
    );
    const change = (currentPassword: string, newPassword: string) =>
      service.changePassword({ userId: OWNER, currentPassword, newPassword }).catch((e: unknown) => e);

    expect(await change('wrong passphrase', 'next passphrase')).toMatchObject({
      code: ERROR_CODES.validation,
      message: 'Current password is incorrect',
    });
    expect(await change('current passphrase', 'iloveyou')).toMatchObject({
      message: 'This password is too common. Please choose another one.',
    });
    expect(updates).toEqual([]);

    expect(await change('current passphrase', 'next passphrase')).toEqual({ userId: OWNER });
    expect(updates).toHaveLength(1);
    expect(await verifyPassword('next passphrase', updates[0]![1])).toBe(true);
  });

  it('replaces a hash made at the former cost when its owner signs in', async () => {
    configurePasswordHashing({ costLog2: OWASP_COST_LOG2 });
    const salt = randomBytes(16);
    const key = scryptSync('old passphrase', salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    const stored = row({ password: ['scrypt', 15, 8, 1, salt.toString('base64'), key.toString('base64')].join('$') });
    const updates: string[] = [];
    const service = new UsersService(
      strictRepository({
        findByEmail: () => Promise.resolve(stored),
        updatePassword: (_id, hash) => (updates.push(hash), Promise.resolve()),
        findBadges: () => Promise.resolve([]),
      }),
    );
    await service.verifyCredentials({ email: stored.email, password: 'old passphrase' });
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatch(/^scrypt\$17\$8\$1\$/);
    expect(await verifyPassword('old passphrase', updates[0]!)).toBe(true);
  });

  it('toggles the admin flag only for an admin of record, never their own', async () => {
    const accounts: Record<string, UserEntity> = {
      [OWNER]: row({ isAdmin: false }),
      [OTHER]: row({ id: OTHER, email: 'other@example.com' }),
      [ADMIN]: row({ id: ADMIN, email: 'admin@example.com', isAdmin: true }),
    };
    const toggled: string[] = [];
    const service = new UsersService(
      strictRepository({
        findById: (id) => Promise.resolve(accounts[id] ?? null),
        toggleAdmin: (id) => (toggled.push(id), Promise.resolve({ ...accounts[id]!, isAdmin: true })),
        findBadges: () => Promise.resolve([]),
      }),
    );
    await expect(service.toggleAdmin(OWNER, OTHER)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(service.toggleAdmin(MISSING, OTHER)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(service.toggleAdmin(ADMIN, ADMIN)).rejects.toBeInstanceOf(ValidationError);
    expect(toggled).toEqual([]);
    expect(await service.toggleAdmin(ADMIN, OTHER)).toMatchObject({ id: OTHER, isAdmin: true });
    expect(toggled).toEqual([OTHER]);
  });

  it('answers the admin flag of record, false for an unknown account', async () => {
    const service = new UsersService(
      strictRepository({
        findById: (id) => Promise.resolve(id === ADMIN ? row({ id: ADMIN, isAdmin: true }) : null),
      }),
    );
    expect(await service.adminOfRecord(ADMIN)).toEqual({ isAdmin: true });
    expect(await service.adminOfRecord(MISSING)).toEqual({ isAdmin: false });
  });

  it('lists the members for an admin of record only, each with their email and their own badges', async () => {
    const member = row({ id: OTHER, email: 'other@example.com' });
    const admin = row({ id: ADMIN, email: 'admin@example.com', isAdmin: true });
    const badge = (userId: string, badgeType: string) =>
      ({ id: 1, userId, badgeType, earnedAt: new Date('2026-02-01T00:00:00Z') }) as UserBadgeEntity;
    const service = new UsersService(
      strictRepository({
        findById: (id) => Promise.resolve([member, admin].find((user) => user.id === id) ?? null),
        listActive: () =>
          Promise.resolve([
            { user: member, cursorKey: '2026-02-02T00:00:00.000001Z' },
            { user: admin, cursorKey: '2026-02-01T00:00:00.000001Z' },
          ]),
        findBadgesOf: () => Promise.resolve([badge(OTHER, 'first_video'), badge(ADMIN, 'pro')]),
      }),
    );
    const listed = (await service.listUsers(ADMIN, { limit: 100, cursor: null, q: null })).items;
    expect(listed.map((user) => [user.email, user.badges.map((b) => b.badgeType)])).toEqual([
      ['other@example.com', ['first_video']],
      ['admin@example.com', ['pro']],
    ]);
    const refused = await service.listUsers(OTHER, { limit: 100, cursor: null, q: null }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ForbiddenError);
  });

  it('names the next page after the last account of a full one', async () => {
    const [first, second] = [row({ id: OTHER }), row({ id: ADMIN, isAdmin: true })];
    const service = new UsersService(
      strictRepository({
        findById: () => Promise.resolve(second),
        listActive: () =>
          Promise.resolve([
            { user: first, cursorKey: '2026-02-02T00:00:00.000001Z' },
            { user: second, cursorKey: '2026-02-01T00:00:00.000001Z' },
          ]),
        findBadgesOf: () => Promise.resolve([]),
      }),
    );
    const page = await service.listUsers(ADMIN, { limit: 1, cursor: null, q: null });
    expect(page.items.map((user) => user.id)).toEqual([OTHER]);
    expect(decodePageCursor(page.nextCursor!, z.unknown())).toEqual({ k: '2026-02-02T00:00:00.000001Z', id: OTHER });
  });
});
