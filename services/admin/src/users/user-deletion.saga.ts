import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { AUTH_RPC, USER_CLEANUP_RPC, USER_DELETION_STEPS, type UserDeletionStep } from '@app/contracts';
import { CoalescingPoller, RpcClient } from '@app/common';
import { config } from '../config.js';
import { AdminUsersRepository, type PendingDeletion } from './admin-users.repository.js';

const POLL_MS = 1000;
const MAX_BACKOFF_SECONDS = 60;

/**
 * Deletes a member step by step, each step an idempotent command to the service that owns the
 * rows (videos with their files → feedback, votes, ratings → bookmarks → the account). The next
 * step is recorded after each one, so a runner that crashes half-way is replaced (once its lease
 * runs out, by any replica or by this process restarted) and the deletion resumes where it
 * stopped, rather than leaving orphans. A failing step is retried with backoff.
 */
@Injectable()
export class UserDeletionSaga implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(UserDeletionSaga.name);
  private readonly poller = new CoalescingPoller(() => this.drain(), {
    intervalMs: POLL_MS,
    onError: (error) => this.logger.warn({ msg: 'user deletions deferred', error: String(error) }),
  });

  constructor(
    private readonly repository: AdminUsersRepository,
    private readonly services: RpcClient,
  ) {}

  onApplicationBootstrap(): void {
    this.poller.start();
  }

  /** Runs pending deletions now (called after a request); overlapping calls coalesce. */
  kick(): Promise<void> {
    return this.poller.kick();
  }

  private async drain(): Promise<void> {
    for (let deletion = await this.repository.claimNext(); deletion; deletion = await this.repository.claimNext()) {
      if (this.poller.isStopped) return;
      await this.run(deletion);
    }
  }

  private async run(deletion: PendingDeletion): Promise<void> {
    const { userId } = deletion;
    let step = deletion.step;
    try {
      // Idempotent, so repeated on every run: the account stops acting even if the request's own
      // call to auth failed, or the deletion was pending before auth kept the mark itself.
      await this.services.call(AUTH_RPC.deletionRequested, { userId });
      while (step !== 'done') {
        const result = await this.services.call(USER_CLEANUP_RPC[step], { userId });
        const next = nextStep(step);
        await this.repository.advance(userId, next);
        this.logger.log({ msg: 'user deletion step done', userId, step, removed: result.removed, next });
        if (config.USER_DELETION_HANG_AFTER === step) {
          this.logger.warn({ msg: 'USER_DELETION_HANG_AFTER: hanging (test only)', userId, step });
          await new Promise(() => undefined);
        }
        step = next;
      }
    } catch (error) {
      const retryIn = Math.min(MAX_BACKOFF_SECONDS, 2 ** deletion.attempts);
      await this.repository.recordFailure(userId, errorText(error), retryIn);
      this.logger.warn({
        msg: 'user deletion step failed; retried',
        userId,
        step,
        retryInSeconds: retryIn,
        error: errorText(error),
      });
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.poller.stop();
  }
}

function nextStep(step: UserDeletionStep): UserDeletionStep | 'done' {
  return USER_DELETION_STEPS[USER_DELETION_STEPS.indexOf(step) + 1] ?? 'done';
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error && typeof error === 'object' && 'message' in error) return String(error.message);
  return String(error);
}
