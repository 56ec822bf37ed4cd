import { Controller } from '@nestjs/common';
import { FEEDBACK_RPC, type RpcPayload } from '@app/contracts';
import { Rpc } from '@app/common';
import { ConversationsService } from './conversations.service.js';

@Controller()
export class ConversationsHandler {
  constructor(private readonly conversations: ConversationsService) {}

  @Rpc(FEEDBACK_RPC.reply)
  reply({ actor, id, content, mentions }: RpcPayload<typeof FEEDBACK_RPC.reply>) {
    return this.conversations.reply(actor, id, { content, mentions });
  }

  @Rpc(FEEDBACK_RPC.editReply)
  editReply({ actor, replyId, content, mentions }: RpcPayload<typeof FEEDBACK_RPC.editReply>) {
    return this.conversations.editReply(actor, replyId, { content, mentions });
  }

  @Rpc(FEEDBACK_RPC.markApplied)
  markApplied({ actor, id, applied }: RpcPayload<typeof FEEDBACK_RPC.markApplied>) {
    return this.conversations.markApplied(actor, id, applied);
  }
}
