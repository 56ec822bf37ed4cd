import { describe, expect, it, jest } from '@jest/globals';
import { ERROR_CODES } from '@app/contracts';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '@app/common';
import type { UserEntity } from '@app/database';
import { hashPassword } from '../passwords/password-hasher.js';
import type { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

const OWNER = '0d4f8a9e-1111-4c3b-9a7e-2b5f0c1d2e3f';
const OTHER = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

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
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-01T00:00:00Z'),
  ...overrides,
});

/** A repository whose every method fails unless the test gives it an answer. */
function strictRepository(answers: Partial<Record<keyof UsersRepository, (...args: never[]) => unknown>>) {
  return new Proxy({} as UsersRepository, {
    get: (_, name: string) => {
      const answer = answers[name as keyof UsersRepository];
      if (!answer) return () => Promise.reject(new Error(`unexpected call: ${name}`));
      return jest.fn(answer);
    },
  });
}

describe('UsersService', () => {
  it('registers the ADMIN_EMAIL account as an admin and anyone else as a member', async () => {
    const inserted: unknown[] = [];
    const repository = strictRepository({
      findByEmail: () => Promise.resolve(null),
      insert: (user: never) => (inserted.push(user), Promise.resolve(row(user))),
      findBadges: () => Promise.resolve([]),
    });
    const service = new UsersService(repository, 'boss@example.com');
    const fields = { password: 'secret1', firstName: 'A', lastName: 'B', description: null };
    await service.register({ ...fields, email: 'boss@example.com' });
    await service.register({ ...fields, email: 'member@example.com' });
    expect(inserted).toEqual([
      expect.objectContaining({ email: 'boss@example.com', isAdmin: true }),
      expect.objectContaining({ email: 'member@example.com', isAdmin: false }),
    ]);
  });

  it('answers a taken email with a conflict, also when the insert loses a race', async () => {
    const taken = new UsersService(strictRepository({ findByEmail: () => Promise.resolve(row()) }), undefined);
    const raced = new UsersService(
      strictRepository({ findByEmail: () => Promise.resolve(null), insert: () => Promise.resolve(null) }),
      undefined,
    );
    const request = {
      email: 'owner@example.com',
      password: 'secret1',
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
      strictRepository({ findByEmail: (email: never) => Promise.resolve(email === stored.email ? stored : null) }),
      undefined,
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
        findById: (id: never) => Promise.resolve(viewers[id] ?? null),
        findBadges: () => Promise.resolve([]),
      }),
      undefined,
    );
    expect((await service.getUser(OWNER, OWNER)).email).toBe('owner@example.com');
    expect((await service.getUser(OWNER, 'admin')).email).toBe('owner@example.com');
    expect(await service.getUser(OWNER, OTHER)).not.toHaveProperty('email');
    expect(await service.getUser(OWNER, null)).not.toHaveProperty('email');
    await expect(service.getUser('missing', null)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('only accepts a picture key under the user’s own prefix', async () => {
    const service = new UsersService(strictRepository({}), undefined);
    for (const key of [`profile-images/${OTHER}/a.png`, `videos/${OWNER}/a.png`, `profile-images/${OWNER}/../a.png`]) {
      await expect(service.setProfileImage(OWNER, key)).rejects.toBeInstanceOf(ValidationError);
    }
  });

  it('reports the replaced picture so the caller can remove it', async () => {
    const previous = `/api/users/${OWNER}/profile-image/old.png`;
    const service = new UsersService(
      strictRepository({
        replaceProfileImage: (_id: never, url: never) =>
          Promise.resolve({ user: row({ profileImageUrl: url }), previousUrl: previous }),
        findBadges: () => Promise.resolve([]),
      }),
      undefined,
    );
    const change = await service.setProfileImage(OWNER, `profile-images/${OWNER}/new.png`);
    expect(change.user.profileImageUrl).toBe(`/api/users/${OWNER}/profile-image/new.png`);
    expect(change.replacedImageKey).toBe(`profile-images/${OWNER}/old.png`);
  });
});
