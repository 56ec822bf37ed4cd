import { Logger } from '@nestjs/common';
import { firstValueFrom, timeout } from 'rxjs';
import {
  AUTH_PATTERNS,
  ERROR_CODES,
  type Actor,
  type AdminOfRecordAnswer,
  type AdminOfRecordRequest,
  type AppName,
} from '@app/contracts';
import { DomainError } from '../errors/domain-errors.js';
import { NamespacedNatsClient } from '../transport/namespaced-nats.js';
import { natsConnectionOptions, type NatsConnectionConfig } from '../transport/nats-connection.js';
import { requireAdmin } from './require-admin.js';

/** Well under the gateway's deadline for the whole call (SERVICE_TIMEOUT_MS, 3 s by default). */
const ASK_TIMEOUT_MS = 2000;

/**
 * Whether an actor is an admin, asked of the auth service (owner of `users`) before every
 * privileged action. The `isAdmin` an actor carries in a message is only the gateway's claim:
 * anything that can publish on the bus could send it, so it is never the authority. Fails
 * closed: no answer from the auth service is a 503, never a yes.
 */
export class AdminOfRecord {
  private readonly logger = new Logger('AdminOfRecord');
  private readonly client: NamespacedNatsClient;

  /** Connects as the app's own NATS user (its permissions allow exactly this question). */
  constructor(config: NatsConnectionConfig & { NATS_SUBJECT_PREFIX: string }, app: AppName) {
    this.client = new NamespacedNatsClient(config.NATS_SUBJECT_PREFIX, natsConnectionOptions(config, app));
  }

  async isAdmin(userId: string): Promise<boolean> {
    try {
      const answer = await firstValueFrom(
        this.client
          .send<AdminOfRecordAnswer, AdminOfRecordRequest>(AUTH_PATTERNS.isAdmin, { userId })
          .pipe(timeout(ASK_TIMEOUT_MS)),
      );
      return answer.isAdmin === true;
    } catch (error) {
      this.logger.warn({ msg: 'admin check failed', error: error instanceof Error ? error.message : String(error) });
      throw new DomainError(
        ERROR_CODES.unavailable,
        'The auth service is temporarily unavailable. Please try again shortly.',
      );
    }
  }

  /** Throws FORBIDDEN unless the actor is an admin of record (requireAdmin, asking the auth service). */
  require(actor: Actor, forbiddenMessage: string, action: string): Promise<void> {
    return requireAdmin(actor, (userId) => this.isAdmin(userId), { message: forbiddenMessage, action }, this.logger);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}
