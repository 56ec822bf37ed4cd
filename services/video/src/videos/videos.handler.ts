import { Controller } from '@nestjs/common';
import { VIDEO_RPC, type RpcPayload } from '@app/contracts';
import { Rpc } from '@app/common';
import { VideosService } from './videos.service.js';

@Controller()
export class VideosHandler {
  constructor(private readonly videos: VideosService) {}

  @Rpc(VIDEO_RPC.create)
  create(request: RpcPayload<typeof VIDEO_RPC.create>) {
    return this.videos.create(request);
  }

  @Rpc(VIDEO_RPC.update)
  update({ videoId, actor, request }: RpcPayload<typeof VIDEO_RPC.update>) {
    return this.videos.update(videoId, actor, request);
  }

  @Rpc(VIDEO_RPC.delete)
  delete({ videoId, actor }: RpcPayload<typeof VIDEO_RPC.delete>) {
    return this.videos.delete(videoId, actor);
  }

  @Rpc(VIDEO_RPC.moderationSubject)
  moderationSubject({ videoId }: RpcPayload<typeof VIDEO_RPC.moderationSubject>) {
    return this.videos.moderationSubject(videoId);
  }

  @Rpc(VIDEO_RPC.setHidden)
  setHidden({ videoId, hidden }: RpcPayload<typeof VIDEO_RPC.setHidden>) {
    return this.videos.setHidden(videoId, hidden);
  }

  @Rpc(VIDEO_RPC.moderationDelete)
  moderationDelete({ videoId }: RpcPayload<typeof VIDEO_RPC.moderationDelete>) {
    return this.videos.moderationDelete(videoId);
  }

  @Rpc(VIDEO_RPC.getState)
  async getState({ videoId }: RpcPayload<typeof VIDEO_RPC.getState>) {
    return { video: await this.videos.getState(videoId) };
  }

  @Rpc(VIDEO_RPC.deleteAllOfUploader)
  deleteAllOfUploader({ userId }: RpcPayload<typeof VIDEO_RPC.deleteAllOfUploader>) {
    return this.videos.deleteAllOfUploader(userId);
  }

  @Rpc(VIDEO_RPC.recordView)
  recordView({ videoId, viewerKey }: RpcPayload<typeof VIDEO_RPC.recordView>) {
    return this.videos.recordView(videoId, viewerKey);
  }

  @Rpc(VIDEO_RPC.recordViews)
  async recordViews({ views }: RpcPayload<typeof VIDEO_RPC.recordViews>) {
    return { recorded: await this.videos.recordViews(views) };
  }

  @Rpc(VIDEO_RPC.playback)
  playback({ videoId, viewerId }: RpcPayload<typeof VIDEO_RPC.playback>) {
    return this.videos.playback(videoId, viewerId ?? null);
  }
}
