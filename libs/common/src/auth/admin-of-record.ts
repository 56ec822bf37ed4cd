import { Logger } from '@nestjs/common';
import { AUTH_RPC, ERROR_CODES, type Actor, type AppName } from '@app/contracts';
import { DomainError } from '../errors/domain-errors.js';
import { RpcClient } from '../rpc/rpc-client.js';
import { rpcFailureDetail, serviceUnavailableMessage } from '../rpc/rpc-failure.js';
import type { NatsConnectionConfig } from '../transport/nats-connection.js';
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
  private readonly rpc: RpcClient;

  /** Connects as the app's own NATS user (its permissions allow exactly this question). */
  constructor(config: NatsConnectionConfig & { NATS_SUBJECT_PREFIX: string }, app: AppName) {
    this.rpc = RpcClient.overNats(config, app, { deadlineMs: ASK_TIMEOUT_MS });
  }

  async isAdmin(userId: string): Promise<boolean> {
    try {
      const answer = await this.rpc.call(AUTH_RPC.isAdmin, { userId });
      return answer.isAdmin === true;
    } catch (error) {
      // Whatever the reason (no answer, or an id the auth service refused), never a yes.
      this.logger.warn({ msg: 'admin check failed', error: rpcFailureDetail(error) });
      throw new DomainError(ERROR_CODES.unavailable, serviceUnavailableMessage(AUTH_RPC.isAdmin.service));
    }
  }

  /** Throws FORBIDDEN unless the actor is an admin of record (requireAdmin, asking the auth service). */
  require(actor: Actor, forbiddenMessage: string, action: string): Promise<void> {
    return requireAdmin(actor, (userId) => this.isAdmin(userId), { message: forbiddenMessage, action }, this.logger);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.rpc.onApplicationShutdown();
  }
}
