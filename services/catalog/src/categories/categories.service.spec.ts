import { describe, expect, it } from '@jest/globals';
import { CATEGORY_MESSAGES, ERROR_CODES } from '@app/contracts';
import { DomainError, ForbiddenError, type AdminOfRecord } from '@app/common';
import type { CategoryEntity } from '../db/entities/category.entity.js';
import { callsTo, strictMock, type StrictAnswers } from '@app/testing/unit';
import type { CategoriesRepository } from './categories.repository.js';
import { CategoriesService } from './categories.service.js';

const ADMIN = { id: '0d4f8a9e-1111-4c3b-9a7e-2b5f0c1d2e3f', isAdmin: true };
const MEMBER = { id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', isAdmin: false };

const row = (overrides: Partial<CategoryEntity> = {}): CategoryEntity => ({
  id: 13,
  name: 'Climbing',
  icon: '🧗',
  createdAt: new Date('2026-01-01T00:00:00Z'),
  ...overrides,
});

/** A repository whose every method fails the test unless the test gives it an answer. */
function strictRepository(answers: StrictAnswers<CategoriesRepository>) {
  const repository = strictMock<CategoriesRepository>('CategoriesRepository', answers);
  return { repository, calls: () => callsTo(repository) };
}

/**
 * The auth service's answer, as AdminOfRecord gives it: only ADMIN is an admin of record (a
 * member claiming isAdmin gets no further than one who does not).
 */
const adminsOfRecord = {
  require: (actor: { id: string; isAdmin: boolean }, message: string) =>
    actor.isAdmin && actor.id === ADMIN.id ? Promise.resolve() : Promise.reject(new ForbiddenError(message)),
} as unknown as AdminOfRecord;

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  const { code, message } = error as DomainError;
  return { code, message };
};

describe('CategoriesService', () => {
  it('lets an admin create a category and answers it in the screens’ shape', async () => {
    const { repository, calls } = strictRepository({ insert: () => Promise.resolve(row()) });
    const created = await new CategoriesService(repository, adminsOfRecord).create(ADMIN, {
      name: 'Climbing',
      icon: '🧗',
    });
    expect(created).toEqual({ id: 13, name: 'Climbing', icon: '🧗' });
    expect(calls()).toEqual([['insert', [{ name: 'Climbing', icon: '🧗' }]]]);
  });

  it('answers a taken name (the insert found a clash) with a conflict', async () => {
    const { repository } = strictRepository({ insert: () => Promise.resolve(null) });
    expect(
      await failure(new CategoriesService(repository, adminsOfRecord).create(ADMIN, { name: 'golf', icon: '⛳' })),
    ).toEqual({
      code: ERROR_CODES.conflict,
      message: CATEGORY_MESSAGES.nameTaken,
    });
  });

  it('refuses non-admins, also one whose message claims isAdmin, before touching the table', async () => {
    const { repository, calls } = strictRepository({});
    const service = new CategoriesService(repository, adminsOfRecord);
    const forbidden = { code: ERROR_CODES.forbidden, message: CATEGORY_MESSAGES.adminRequired };
    expect(await failure(service.create(MEMBER, { name: 'Climbing', icon: '🧗' }))).toEqual(forbidden);
    expect(await failure(service.delete(MEMBER, 13))).toEqual(forbidden);
    const claimingAdmin = { ...MEMBER, isAdmin: true };
    expect(await failure(service.create(claimingAdmin, { name: 'Climbing', icon: '🧗' }))).toEqual(forbidden);
    expect(await failure(service.delete(claimingAdmin, 13))).toEqual(forbidden);
    expect(calls()).toEqual([]);
  });

  it('lets an admin delete a category, and answers 404 for one that does not exist', async () => {
    const { repository, calls } = strictRepository({
      deleteById: (id) => Promise.resolve(id === 13 ? row() : null),
    });
    const service = new CategoriesService(repository, adminsOfRecord);
    expect(await service.delete(ADMIN, 13)).toEqual({ id: 13, name: 'Climbing', icon: '🧗' });
    expect(await failure(service.delete(ADMIN, 14))).toEqual({
      code: ERROR_CODES.notFound,
      message: CATEGORY_MESSAGES.notFound,
    });
    expect(calls()).toEqual([
      ['deleteById', [13]],
      ['deleteById', [14]],
    ]);
  });
});
