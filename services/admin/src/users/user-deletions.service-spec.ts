import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { TestingModule } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { AdminOfRecord, DomainError, NotFoundError, RpcClient, serviceUnavailableMessage } from '@app/common';
import {
  ADMIN_MESSAGES,
  AUTH_RPC,
  ERROR_CODES,
  USER_CLEANUP_RPC,
  USER_DELETION_STEPS,
  type RpcContract,
  type UserDto,
} from '@app/contracts';
import {
  eventually,
  serviceDatabase,
  serviceModule,
  stubServices,
  type ServiceTestDatabase,
  type StubbedReply,
} from '@app/testing/service';
import { AppModule } from '../app.module.js';
import { ADMIN_DATABASE } from '../db/admin-database.js';
import { AdminUsersHandler } from './admin-users.handler.js';
import { AdminUsersRepository } from './admin-users.repository.js';
import { UserDeletionSaga } from './user-deletion.saga.js';

// The admin service's module in this process, on a PostgreSQL database of its own (its role, its
// schema, migrated at boot): the user_deletions ledger the saga keeps, as requests, failures,
// dead runners and a second replica leave it. Auth, video, feedback and catalog are stubbed at
// the RpcClient; the saga's timer is not started, so each test drives it as a request does.
const ADMIN = { id: randomUUID(), isAdmin: true };
const MARK = AUTH_RPC.deletionRequested.pattern;

let database: ServiceTestDatabase;
const running: TestingModule[] = [];

beforeAll(async () => {
  database = await serviceDatabase(ADMIN_DATABASE);
});

afterEach(async () => {
  // Each test starts from an empty ledger.
  await running[0]?.get(DataSource).query('DELETE FROM user_deletions');
  await Promise.all(running.splice(0).map((app) => app.close()));
});

afterAll(async () => {
  await database?.drop();
});

/**
 * The services the admin service asks, as the contracts describe them: auth knows `members` and,
 * once told of a deletion, answers NOT_FOUND for that account; each cleanup step answers what it
 * removed. A pattern in `down` answers UNAVAILABLE, as a service that is not answering does.
 */
function otherServices(...members: string[]) {
  const accounts = new Set(members);
  const beingDeleted = new Set<string>();
  const down = new Set<string>();
  const services = stubServices();
  const serve = <C extends RpcContract>(contract: C, reply: StubbedReply<C>) =>
    services.answer(contract, (request) => {
      if (down.has(contract.pattern))
        throw new DomainError(ERROR_CODES.unavailable, serviceUnavailableMessage(contract.service));
      return reply(request);
    });
  serve(AUTH_RPC.getUser, ({ userId }) => {
    if (!accounts.has(userId) || beingDeleted.has(userId)) throw new NotFoundError('user', userId);
    return memberDto(userId);
  });
  serve(AUTH_RPC.deletionRequested, ({ userId }) => (beingDeleted.add(userId), { removed: 0 }));
  serve(USER_CLEANUP_RPC.videos, () => ({ removed: 2 }));
  serve(USER_CLEANUP_RPC.feedback, () => ({ removed: 3 }));
  serve(USER_CLEANUP_RPC.bookmarks, () => ({ removed: 1 }));
  serve(USER_CLEANUP_RPC.account, ({ userId }) => ({ removed: accounts.delete(userId) ? 1 : 0 }));
  return {
    services,
    down,
    /** The commands each member's deletion sent, in order, as patterns. */
    commandsFor: (userId: string) =>
      services
        .calls()
        .filter(([, request]) => (request as { userId?: string }).userId === userId)
        .map(([pattern]) => pattern),
  };
}

const memberDto = (id: string): UserDto => ({
  id,
  firstName: 'Mia',
  lastName: 'Member',
  profileImageUrl: null,
  isAdmin: false,
  description: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  points: 0,
  badges: [],
});

/** One replica of the admin service, booted on the test's database. */
async function bootAdmin(services: ReturnType<typeof otherServices>['services']) {
  const app = await serviceModule(AppModule, database)
    .overrideProvider(RpcClient)
    .useValue(services.client)
    // The admin check is AdminOfRecord's own NATS question to auth, with the service's rules in
    // its unit spec; every actor here is the admin.
    .overrideProvider(AdminOfRecord)
    .useValue({ require: () => Promise.resolve() })
    .compile();
  running.push(app);
  return {
    handler: app.get(AdminUsersHandler),
    saga: app.get(UserDeletionSaga),
    ledger: app.get(AdminUsersRepository),
    sql: <T>(text: string, values: unknown[] = []) => app.get(DataSource).query<T[]>(text, values),
  };
}

interface LedgerRow {
  requestedBy: string;
  step: string;
  attempts: number;
  lastError: string | null;
  completed: boolean;
}

const ledgerRows = async (admin: Awaited<ReturnType<typeof bootAdmin>>, userId: string) =>
  admin.sql<LedgerRow>(
    `SELECT "requestedBy", step, attempts, "lastError", "completedAt" IS NOT NULL AS completed
       FROM user_deletions WHERE "userId" = $1`,
    [userId],
  );

const ALL_STEPS = USER_DELETION_STEPS.map((step) => USER_CLEANUP_RPC[step].pattern);

describe('the user_deletions ledger', () => {
  it('records a requested deletion and carries it out step by step until it says done', async () => {
    const victim = randomUUID();
    const world = otherServices(victim);
    const admin = await bootAdmin(world.services);

    expect(await admin.handler.delete({ actor: ADMIN, userId: victim })).toEqual({ userId: victim });
    await admin.saga.kick(); // joins the run the request started

    expect(await ledgerRows(admin, victim)).toEqual([
      { requestedBy: ADMIN.id, step: 'done', attempts: 0, lastError: null, completed: true },
    ]);
    // Auth checked the account and hid it before the answer; the saga told auth again, then
    // sent each step once, in order.
    expect(world.commandsFor(victim)).toEqual([AUTH_RPC.getUser.pattern, MARK, MARK, ...ALL_STEPS]);
    // Asked again, the account is gone: “User not found”, and no second deletion.
    await expect(admin.handler.delete({ actor: ADMIN, userId: victim })).rejects.toMatchObject({
      code: ERROR_CODES.notFound,
      message: ADMIN_MESSAGES.userNotFound,
    });
    expect(await ledgerRows(admin, victim)).toHaveLength(1);
  });

  it('keeps one deletion when the admin asks again after auth did not answer, and marks the account before any step', async () => {
    const victim = randomUUID();
    const world = otherServices(victim);
    const admin = await bootAdmin(world.services);

    world.down.add(MARK);
    await expect(admin.handler.delete({ actor: ADMIN, userId: victim })).rejects.toMatchObject({
      code: ERROR_CODES.unavailable,
      message: serviceUnavailableMessage('auth'),
    });
    // Recorded before auth was asked: nothing is lost if the admin never asks again.
    expect(await ledgerRows(admin, victim)).toEqual([
      { requestedBy: ADMIN.id, step: 'videos', attempts: 0, lastError: null, completed: false },
    ]);

    world.down.delete(MARK);
    expect(await admin.handler.delete({ actor: ADMIN, userId: victim })).toEqual({ userId: victim });
    await admin.saga.kick();

    expect(await ledgerRows(admin, victim)).toEqual([
      { requestedBy: ADMIN.id, step: 'done', attempts: 0, lastError: null, completed: true },
    ]);
    expect(world.commandsFor(victim)).toEqual([
      AUTH_RPC.getUser.pattern,
      MARK, // not answered
      AUTH_RPC.getUser.pattern,
      MARK,
      MARK,
      ...ALL_STEPS,
    ]);
  });

  it('records a failed step with its error, and resumes at that step once the backoff has passed', async () => {
    const victim = randomUUID();
    const world = otherServices(victim);
    const admin = await bootAdmin(world.services);
    const feedback = USER_CLEANUP_RPC.feedback.pattern;

    world.down.add(feedback);
    await admin.handler.delete({ actor: ADMIN, userId: victim });
    await admin.saga.kick();
    expect(await ledgerRows(admin, victim)).toEqual([
      {
        requestedBy: ADMIN.id,
        step: 'feedback',
        attempts: 1,
        lastError: serviceUnavailableMessage('feedback'),
        completed: false,
      },
    ]);

    // The feedback service answers again; the next run after the backoff (1 s) finishes the job.
    world.down.delete(feedback);
    const finished = await eventually(
      async () => (await admin.saga.kick(), (await ledgerRows(admin, victim))[0]),
      (row) => row?.completed === true,
      10_000,
    );
    expect(finished).toEqual({ requestedBy: ADMIN.id, step: 'done', attempts: 1, lastError: null, completed: true });
    // The videos step, done before the failure, was not sent again.
    const [videos, feedbackStep, bookmarks, account] = ALL_STEPS;
    expect(world.commandsFor(victim)).toEqual([
      AUTH_RPC.getUser.pattern,
      MARK,
      MARK,
      videos,
      feedbackStep, // not answered
      MARK,
      feedbackStep,
      bookmarks,
      account,
    ]);
  });

  it('leaves a deletion to the runner holding its lease, and resumes it at its recorded step once the lease runs out', async () => {
    const victim = randomUUID();
    // A first replica takes the deletion, finishes the videos and feedback steps, then dies.
    const dying = await bootAdmin(otherServices(victim).services);
    await dying.ledger.request(victim, ADMIN.id);
    expect(await dying.ledger.claimNext()).toEqual({ userId: victim, step: 'videos', attempts: 0 });
    await dying.ledger.advance(victim, 'feedback');
    await dying.ledger.advance(victim, 'bookmarks');

    const world = otherServices(victim);
    const survivor = await bootAdmin(world.services);
    await survivor.saga.kick();
    expect(world.services.calls()).toEqual([]);

    // The dead runner's lease runs out (LEASE_SECONDS; moved on here rather than waited for).
    await survivor.sql(`UPDATE user_deletions SET "leaseUntil" = now() - interval '1 second' WHERE "userId" = $1`, [
      victim,
    ]);
    await survivor.saga.kick();
    expect(world.commandsFor(victim)).toEqual([
      MARK,
      USER_CLEANUP_RPC.bookmarks.pattern,
      USER_CLEANUP_RPC.account.pattern,
    ]);
    expect(await ledgerRows(survivor, victim)).toEqual([
      { requestedBy: ADMIN.id, step: 'done', attempts: 0, lastError: null, completed: true },
    ]);
  });

  it('gives each pending deletion to one replica only when two drain the ledger at once', async () => {
    const victims = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const [worldA, worldB] = [otherServices(...victims), otherServices(...victims)];
    const [replicaA, replicaB] = [await bootAdmin(worldA.services), await bootAdmin(worldB.services)];
    for (const victim of victims) await replicaA.ledger.request(victim, ADMIN.id);

    await Promise.all([replicaA.saga.kick(), replicaB.saga.kick()]);

    for (const victim of victims) {
      expect(await ledgerRows(replicaA, victim)).toEqual([
        { requestedBy: ADMIN.id, step: 'done', attempts: 0, lastError: null, completed: true },
      ]);
      const sentByA = worldA.commandsFor(victim);
      const sentByB = worldB.commandsFor(victim);
      // All of a deletion's commands from one replica, each once.
      expect([sentByA, sentByB]).toContainEqual([MARK, ...ALL_STEPS]);
      expect([sentByA, sentByB]).toContainEqual([]);
    }
  });
});
