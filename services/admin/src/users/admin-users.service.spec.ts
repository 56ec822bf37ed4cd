import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import {
  ADMIN_MESSAGES,
  AUTH_RPC,
  ERROR_CODES,
  type Actor,
  type RpcContract,
  type RpcRequest,
  type UserDto,
} from '@app/contracts';
import { AdminOfRecord, DomainError, ForbiddenError, NotFoundError, RpcClient } from '@app/common';
import { callsTo, strictMock, type StrictAnswers } from '@app/testing/unit';
import type { AdminUsersRepository } from './admin-users.repository.js';
import { AdminUsersService } from './admin-users.service.js';
import type { UserDeletionSaga } from './user-deletion.saga.js';

const ADMIN: Actor = { id: '3b241101-e2bb-4255-8caf-4136c566a962', isAdmin: true };
const MEMBER_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const MISSING_ID = '9f1d1e2a-4a5b-4c6d-8e7f-0a1b2c3d4e5f';

const userDto = (overrides: Partial<UserDto> = {}): UserDto => ({
  id: MEMBER_ID,
  email: 'member@example.com',
  firstName: 'Mia',
  lastName: 'Member',
  profileImageUrl: null,
  isAdmin: false,
  description: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  points: 0,
  badges: [],
  ...overrides,
});

/** The auth service as this spec answers it: one reply per contract it may be asked. */
type AuthAnswers = Partial<Record<string, (request: never) => Promise<unknown>>>;

/**
 * The service with strict collaborators: the auth service behind the RpcClient (a known member,
 * unless a test says otherwise), an admin of record who confirms admins only, the ledger and the
 * saga. Anything a test did not answer fails the call it was asked in.
 */
function serviceWith(
  options: {
    auth?: AuthAnswers;
    ledger?: StrictAnswers<AdminUsersRepository>;
    adminOfRecord?: (actor: Actor, message: string) => Promise<void>;
  } = {},
) {
  const auth: AuthAnswers = {
    [AUTH_RPC.getUser.pattern]: () => Promise.resolve(userDto()),
    ...options.auth,
  };
  const services = strictMock<RpcClient>('RpcClient', {
    call: ((contract: RpcContract, request: never) => {
      const answer = auth[contract.pattern];
      return answer
        ? answer(request)
        : Promise.reject(new Error(`auth was not expected to be asked ${contract.pattern}`));
    }) as RpcClient['call'],
  });
  const ledger = strictMock<AdminUsersRepository>('AdminUsersRepository', options.ledger);
  const saga = strictMock<UserDeletionSaga>('UserDeletionSaga', { kick: () => Promise.resolve() });
  const admins = strictMock<AdminOfRecord>('AdminOfRecord', {
    require:
      options.adminOfRecord ??
      ((actor, message) => (actor.id === ADMIN.id ? Promise.resolve() : Promise.reject(new ForbiddenError(message)))),
  });
  return {
    service: new AdminUsersService(ledger, services, saga, admins),
    /** What was asked of other services, as [pattern, request]. */
    asked: () =>
      callsTo(services).map(([, [contract, request]]) => [(contract as RpcContract).pattern, request as unknown]),
    recorded: () => callsTo(ledger),
    sagaKicks: () => callsTo(saga).length,
    adminChecks: () => callsTo(admins).map(([, [actor, message, action]]) => ({ actor, message, action })),
  };
}

const asked = <C extends RpcContract>(contract: C, request: RpcRequest<C>) => [contract.pattern, request];

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  const { code, message } = error as DomainError;
  return { code, message };
};

// Auth's own words for it; the admin service answers with the spec's.
const authNotFound = () => Promise.reject(new NotFoundError('user', MISSING_ID));

// A member claiming to be an admin, and one who does not: both fail the admin of record.
const NOT_ADMINS: Array<[string, Actor]> = [
  ['a member', { id: MEMBER_ID, isAdmin: false }],
  ['a member claiming to be an admin', { id: MEMBER_ID, isAdmin: true }],
];

const FIRST_PAGE = { limit: 100, cursor: null, q: null };

describe('AdminUsersService: admins only', () => {
  it.each(NOT_ADMINS)(
    'refuses %s every action with the spec’s message, before asking or recording anything',
    async (_who, actor) => {
      const { service, asked, recorded, sagaKicks, adminChecks } = serviceWith();
      const refused = { code: ERROR_CODES.forbidden, message: ADMIN_MESSAGES.adminRequired };
      expect(await failure(service.list(actor, FIRST_PAGE))).toEqual(refused);
      expect(await failure(service.delete(actor, MISSING_ID))).toEqual(refused);
      expect(await failure(service.toggleAdmin(actor, MISSING_ID))).toEqual(refused);
      expect(asked()).toEqual([]);
      expect(recorded()).toEqual([]);
      expect(sagaKicks()).toBe(0);
      // Each refusal names its action for the security log.
      expect(adminChecks().map(({ action }) => action)).toEqual(['list-users', 'delete-user', 'toggle-admin']);
    },
  );

  it('asks the admin of record before any other rule, so a just-demoted admin hears “Admin access required”', async () => {
    const demoted = serviceWith({ adminOfRecord: (_actor, message) => Promise.reject(new ForbiddenError(message)) });
    expect(await failure(demoted.service.toggleAdmin(ADMIN, ADMIN.id))).toEqual({
      code: ERROR_CODES.forbidden,
      message: ADMIN_MESSAGES.adminRequired,
    });
    expect(demoted.adminChecks()).toEqual([
      { actor: ADMIN, message: ADMIN_MESSAGES.adminRequired, action: 'toggle-admin' },
    ]);
  });

  it('fails closed when the admin of record cannot be asked: the refusal reaches the caller, nothing is done', async () => {
    const unreachable = serviceWith({
      adminOfRecord: () => Promise.reject(new DomainError(ERROR_CODES.unavailable, 'The auth service is down')),
    });
    expect(await failure(unreachable.service.delete(ADMIN, MEMBER_ID))).toEqual({
      code: ERROR_CODES.unavailable,
      message: 'The auth service is down',
    });
    expect(unreachable.asked()).toEqual([]);
    expect(unreachable.recorded()).toEqual([]);
  });
});

describe('AdminUsersService.list', () => {
  it('answers auth’s list of accounts, asked in the admin’s name', async () => {
    const list = [userDto(), userDto({ id: ADMIN.id, email: 'admin@example.com', isAdmin: true })];
    const { service, asked: askedOf } = serviceWith({
      auth: { [AUTH_RPC.listUsers.pattern]: () => Promise.resolve({ items: list, nextCursor: 'next' }) },
    });
    const search = { limit: 2, cursor: null, q: 'example' };
    expect(await service.list(ADMIN, search)).toEqual({ items: list, nextCursor: 'next' });
    expect(askedOf()).toEqual([asked(AUTH_RPC.listUsers, { actorId: ADMIN.id, ...search })]);
  });
});

describe('AdminUsersService.delete', () => {
  let securityLines: unknown[];
  beforeEach(() => {
    securityLines = [];
    jest.spyOn(Logger.prototype, 'log').mockImplementation((line: unknown) => {
      if ((line as { security?: boolean })?.security) securityLines.push(line);
    });
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('records the deletion, has auth stop the account before answering, then starts the saga', async () => {
    const {
      service,
      asked: askedOf,
      recorded,
      sagaKicks,
    } = serviceWith({
      auth: { [AUTH_RPC.deletionRequested.pattern]: () => Promise.resolve({ removed: 0 }) },
      ledger: { request: () => Promise.resolve() },
    });
    expect(await service.delete(ADMIN, MEMBER_ID)).toEqual({ userId: MEMBER_ID });
    expect(askedOf()).toEqual([
      asked(AUTH_RPC.getUser, { userId: MEMBER_ID, viewerId: null }),
      asked(AUTH_RPC.deletionRequested, { userId: MEMBER_ID }),
    ]);
    expect(recorded()).toEqual([['request', [MEMBER_ID, ADMIN.id]]]);
    expect(sagaKicks()).toBe(1);
    expect(securityLines).toEqual([
      expect.objectContaining({
        event: 'admin.user.deleted',
        outcome: 'success',
        actorId: ADMIN.id,
        target: { userId: MEMBER_ID },
      }),
    ]);
  });

  it('refuses the admin’s own account with the spec’s message, before asking or recording anything', async () => {
    const { service, asked: askedOf, recorded, sagaKicks } = serviceWith();
    expect(await failure(service.delete(ADMIN, ADMIN.id))).toEqual({
      code: ERROR_CODES.validation,
      message: ADMIN_MESSAGES.selfDelete,
    });
    expect(askedOf()).toEqual([]);
    expect(recorded()).toEqual([]);
    expect(sagaKicks()).toBe(0);
    expect(securityLines).toEqual([]);
  });

  it('answers “User not found” for an account auth does not know or is already deleting, recording nothing', async () => {
    const {
      service,
      asked: askedOf,
      recorded,
      sagaKicks,
    } = serviceWith({
      auth: { [AUTH_RPC.getUser.pattern]: authNotFound },
    });
    expect(await failure(service.delete(ADMIN, MISSING_ID))).toEqual({
      code: ERROR_CODES.notFound,
      message: ADMIN_MESSAGES.userNotFound,
    });
    expect(askedOf()).toEqual([asked(AUTH_RPC.getUser, { userId: MISSING_ID, viewerId: null })]);
    expect(recorded()).toEqual([]);
    expect(sagaKicks()).toBe(0);
  });

  it('passes on auth not answering whether the account exists, rather than guessing', async () => {
    const unavailable = new DomainError(ERROR_CODES.unavailable, 'The auth service is temporarily unavailable.');
    const { service, recorded } = serviceWith({
      auth: { [AUTH_RPC.getUser.pattern]: () => Promise.reject(unavailable) },
    });
    expect(await failure(service.delete(ADMIN, MEMBER_ID))).toEqual({
      code: ERROR_CODES.unavailable,
      message: unavailable.message,
    });
    expect(recorded()).toEqual([]);
  });

  it('keeps the recorded deletion when auth cannot be told at once (the saga tells it), and the admin hears of the failure', async () => {
    const unavailable = new DomainError(ERROR_CODES.unavailable, 'The auth service is temporarily unavailable.');
    const { service, recorded, sagaKicks } = serviceWith({
      auth: { [AUTH_RPC.deletionRequested.pattern]: () => Promise.reject(unavailable) },
      ledger: { request: () => Promise.resolve() },
    });
    expect(await failure(service.delete(ADMIN, MEMBER_ID))).toEqual({
      code: ERROR_CODES.unavailable,
      message: unavailable.message,
    });
    expect(recorded()).toEqual([['request', [MEMBER_ID, ADMIN.id]]]);
    expect(sagaKicks()).toBe(0);
    expect(securityLines).toEqual([]);
  });
});

describe('AdminUsersService.toggleAdmin', () => {
  it('has auth flip the flag in the admin’s name and answers the user auth returns', async () => {
    const promoted = userDto({ isAdmin: true });
    const {
      service,
      asked: askedOf,
      recorded,
    } = serviceWith({
      auth: { [AUTH_RPC.toggleAdmin.pattern]: () => Promise.resolve(promoted) },
    });
    expect(await service.toggleAdmin(ADMIN, MEMBER_ID)).toEqual(promoted);
    expect(askedOf()).toEqual([
      asked(AUTH_RPC.getUser, { userId: MEMBER_ID, viewerId: null }),
      asked(AUTH_RPC.toggleAdmin, { actorId: ADMIN.id, userId: MEMBER_ID }),
    ]);
    expect(recorded()).toEqual([]);
  });

  it('refuses the admin’s own flag with the spec’s message, before asking auth anything', async () => {
    const { service, asked: askedOf } = serviceWith();
    expect(await failure(service.toggleAdmin(ADMIN, ADMIN.id))).toEqual({
      code: ERROR_CODES.validation,
      message: ADMIN_MESSAGES.selfDemote,
    });
    expect(askedOf()).toEqual([]);
  });

  it('answers “User not found” for an account auth does not know or is deleting, flipping nothing', async () => {
    const { service, asked: askedOf } = serviceWith({ auth: { [AUTH_RPC.getUser.pattern]: authNotFound } });
    expect(await failure(service.toggleAdmin(ADMIN, MISSING_ID))).toEqual({
      code: ERROR_CODES.notFound,
      message: ADMIN_MESSAGES.userNotFound,
    });
    expect(askedOf()).toEqual([asked(AUTH_RPC.getUser, { userId: MISSING_ID, viewerId: null })]);
  });

  it('passes on auth’s own refusal (its table says the actor is no admin)', async () => {
    const { service } = serviceWith({
      auth: { [AUTH_RPC.toggleAdmin.pattern]: () => Promise.reject(new ForbiddenError('Forbidden')) },
    });
    expect(await failure(service.toggleAdmin(ADMIN, MEMBER_ID))).toEqual({
      code: ERROR_CODES.forbidden,
      message: 'Forbidden',
    });
  });
});
