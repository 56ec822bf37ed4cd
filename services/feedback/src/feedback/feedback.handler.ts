import { Controller } from '@nestjs/common';
import { FEEDBACK_RPC, type RpcPayload } from '@app/contracts';
import { Rpc } from '@app/common';
import { FeedbackService } from './feedback.service.js';

@Controller()
export class FeedbackHandler {
  constructor(private readonly feedback: FeedbackService) {}

  @Rpc(FEEDBACK_RPC.listByAuthor)
  listByAuthor({ userId, limit, cursor, viewerId }: RpcPayload<typeof FEEDBACK_RPC.listByAuthor>) {
    return this.feedback.listByAuthor(userId, { limit, cursor }, viewerId ?? null);
  }

  @Rpc(FEEDBACK_RPC.authorStats)
  authorStats({ userId }: RpcPayload<typeof FEEDBACK_RPC.authorStats>) {
    return this.feedback.authorStats(userId);
  }

  @Rpc(FEEDBACK_RPC.listByVideo)
  listByVideo({ videoId, viewerId, limit, cursor, status }: RpcPayload<typeof FEEDBACK_RPC.listByVideo>) {
    return this.feedback.listForVideo(videoId, viewerId ?? null, { limit, cursor, status });
  }

  @Rpc(FEEDBACK_RPC.create)
  create({ actor, videoId, content, timecode, drawing }: RpcPayload<typeof FEEDBACK_RPC.create>) {
    return this.feedback.create(actor, videoId, { content, timecode, drawing });
  }

  @Rpc(FEEDBACK_RPC.vote)
  vote({ actor, id }: RpcPayload<typeof FEEDBACK_RPC.vote>) {
    return this.feedback.vote(actor, id);
  }

  @Rpc(FEEDBACK_RPC.rate)
  rate({ actor, id, rating }: RpcPayload<typeof FEEDBACK_RPC.rate>) {
    return this.feedback.rate(actor, id, rating);
  }

  @Rpc(FEEDBACK_RPC.deleteAllOfMember)
  deleteAllOfMember({ userId }: RpcPayload<typeof FEEDBACK_RPC.deleteAllOfMember>) {
    return this.feedback.deleteAllOfMember(userId);
  }
}
