import { Controller } from '@nestjs/common';
import { FEEDBACK_RPC, type RpcPayload } from '@app/contracts';
import { NotFoundError, Rpc } from '@app/common';
import { SerialVotingSweeper } from '../integrity/serial-voting.sweeper.js';
import { FeedbackModerationRepository } from './feedback-moderation.repository.js';

/** Asked by the admin service only (its NATS user alone may send these: infra/nats/nats-server.conf). */
@Controller()
export class FeedbackModerationHandler {
  constructor(
    private readonly moderation: FeedbackModerationRepository,
    private readonly serialVoting: SerialVotingSweeper,
  ) {}

  @Rpc(FEEDBACK_RPC.moderationSubject)
  subject({ subjectType, id }: RpcPayload<typeof FEEDBACK_RPC.moderationSubject>) {
    return this.moderation.findSubject({ subjectType, id });
  }

  @Rpc(FEEDBACK_RPC.setHidden)
  async setHidden({ subjectType, id, hidden }: RpcPayload<typeof FEEDBACK_RPC.setHidden>) {
    const result = await this.moderation.setHidden({ subjectType, id }, hidden);
    if (result === null) throw new NotFoundError(subjectType);
    return { hidden, changed: result.changed };
  }

  @Rpc(FEEDBACK_RPC.checkSerialVoting)
  async checkSerialVoting() {
    return { reversed: await this.serialVoting.sweep() };
  }

  @Rpc(FEEDBACK_RPC.moderationDelete)
  async delete({ subjectType, id }: RpcPayload<typeof FEEDBACK_RPC.moderationDelete>) {
    return { removed: await this.moderation.delete({ subjectType, id }) };
  }
}
