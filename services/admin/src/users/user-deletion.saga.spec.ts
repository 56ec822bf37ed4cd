import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { AUTH_RPC, ERROR_CODES, USER_CLEANUP_RPC, type RpcContract } from '@app/contracts';
import { DomainError, RpcClient, serviceUnavailableMessage } from '@app/common';
import { strictMock } from '@app/testing/unit';
import type { AdminUsersRepository, PendingDeletion } from './admin-users.repository.js';
import { UserDeletionSaga } from './user-deletion.saga.js';

const MEMBER = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const OTHER = '0d4f8a9e-1111-4c3b-9a7e-2b5f0c1d2e3f';

const MARK = AUTH_RPC.deletionRequested.pattern;
const {
  videos: VIDEOS,
  feedback: FEEDBACK,
  bookmarks: BOOKMARKS,
  account: ACCOUNT,
} = Object.fromEntries(Object.entries(USER_CLEANUP_RPC).map(([step, contract]) => [step, contract.pattern])) as Record<
  keyof typeof USER_CLEANUP_RPC,
  string
>;

const feedbackDown = new DomainError(ERROR_CODES.unavailable, serviceUnavailableMessage('feedback'));

/**
 * The saga with a ledger holding `pending` (handed out in order, then nothing) and the other
 * services answering every command `{ removed: 1 }` unless `failing` names the pattern. Both write
 * to one story, so a spec reads the order of commands and of what the ledger recorded.
 */
function sagaWith(pending: PendingDeletion[], failing: Record<string, Error> = {}) {
  const story: string[] = [];
  const queue = [...pending];
  const ledger = strictMock<AdminUsersRepository>('AdminUsersRepository', {
    claimNext: () => {
      const next = queue.shift() ?? null;
      story.push(next ? `claimed ${next.userId} at ${next.step}` : 'claimed nothing');
      return Promise.resolve(next);
    },
    advance: (userId, next) => {
      story.push(`recorded ${userId} at ${next}`);
      return Promise.resolve();
    },
    recordFailure: (userId, error, retryInSeconds) => {
      story.push(`recorded ${userId} failed: ${error}; again in ${retryInSeconds} s`);
      return Promise.resolve();
    },
  });
  const services = strictMock<RpcClient>('RpcClient', {
    call: ((contract: RpcContract, request: { userId: string }) => {
      story.push(`asked ${contract.pattern} for ${request.userId}`);
      const failure = failing[contract.pattern];
      return failure ? Promise.reject(failure) : Promise.resolve({ removed: 1 });
    }) as unknown as RpcClient['call'],
  });
  return { saga: new UserDeletionSaga(ledger, services), story };
}

const pendingAt = (userId: string, step: PendingDeletion['step'], attempts = 0): PendingDeletion => ({
  userId,
  step,
  attempts,
});

describe('UserDeletionSaga', () => {
  // What the saga tells operators (its log lines), kept off the test output.
  let logged: unknown[];
  beforeEach(() => {
    logged = [];
    for (const level of ['log', 'warn'] as const)
      jest.spyOn(Logger.prototype, level).mockImplementation((line: unknown) => void logged.push(line));
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('has auth stop the account, then deletes videos, feedback, bookmarks and the account, recording each step before the next', async () => {
    const { saga, story } = sagaWith([pendingAt(MEMBER, 'videos')]);
    await saga.kick();
    expect(story).toEqual([
      `claimed ${MEMBER} at videos`,
      `asked ${MARK} for ${MEMBER}`,
      `asked ${VIDEOS} for ${MEMBER}`,
      `recorded ${MEMBER} at feedback`,
      `asked ${FEEDBACK} for ${MEMBER}`,
      `recorded ${MEMBER} at bookmarks`,
      `asked ${BOOKMARKS} for ${MEMBER}`,
      `recorded ${MEMBER} at account`,
      `asked ${ACCOUNT} for ${MEMBER}`,
      `recorded ${MEMBER} at done`,
      'claimed nothing',
    ]);
  });

  it('resumes a deletion at the step its ledger records: auth is told again, no finished step is repeated', async () => {
    const { saga, story } = sagaWith([pendingAt(MEMBER, 'bookmarks', 3)]);
    await saga.kick();
    expect(story).toEqual([
      `claimed ${MEMBER} at bookmarks`,
      `asked ${MARK} for ${MEMBER}`,
      `asked ${BOOKMARKS} for ${MEMBER}`,
      `recorded ${MEMBER} at account`,
      `asked ${ACCOUNT} for ${MEMBER}`,
      `recorded ${MEMBER} at done`,
      'claimed nothing',
    ]);
  });

  it('records a failed step with the service’s message and leaves it for later, then goes on with the next deletion', async () => {
    const { saga, story } = sagaWith([pendingAt(MEMBER, 'videos'), pendingAt(OTHER, 'account')], {
      [FEEDBACK]: feedbackDown,
    });
    await saga.kick();
    expect(story).toEqual([
      `claimed ${MEMBER} at videos`,
      `asked ${MARK} for ${MEMBER}`,
      `asked ${VIDEOS} for ${MEMBER}`,
      `recorded ${MEMBER} at feedback`,
      `asked ${FEEDBACK} for ${MEMBER}`,
      `recorded ${MEMBER} failed: ${feedbackDown.message}; again in 1 s`,
      `claimed ${OTHER} at account`,
      `asked ${MARK} for ${OTHER}`,
      `asked ${ACCOUNT} for ${OTHER}`,
      `recorded ${OTHER} at done`,
      'claimed nothing',
    ]);
    expect(logged).toContainEqual({
      msg: 'user deletion step failed; retried',
      userId: MEMBER,
      step: 'feedback',
      retryInSeconds: 1,
      error: feedbackDown.message,
    });
  });

  it('runs no step while auth cannot be told to stop the account', async () => {
    const authDown = new DomainError(ERROR_CODES.unavailable, serviceUnavailableMessage('auth'));
    const { saga, story } = sagaWith([pendingAt(MEMBER, 'feedback')], { [MARK]: authDown });
    await saga.kick();
    expect(story).toEqual([
      `claimed ${MEMBER} at feedback`,
      `asked ${MARK} for ${MEMBER}`,
      `recorded ${MEMBER} failed: ${authDown.message}; again in 1 s`,
      'claimed nothing',
    ]);
  });

  it.each([
    [0, 1],
    [1, 2],
    [3, 8],
    [5, 32],
    [6, 60],
    [40, 60],
  ])('after %i failed attempts, waits %i s before the next (doubling, at most a minute)', async (attempts, wait) => {
    const { saga, story } = sagaWith([pendingAt(MEMBER, 'feedback', attempts)], { [FEEDBACK]: feedbackDown });
    await saga.kick();
    expect(story).toContain(`recorded ${MEMBER} failed: ${feedbackDown.message}; again in ${wait} s`);
  });

  it('takes no deletion once stopped', async () => {
    const { saga, story } = sagaWith([pendingAt(MEMBER, 'videos')]);
    await saga.onModuleDestroy();
    await saga.kick();
    expect(story).toEqual([]);
  });
});
