import { Controller } from '@nestjs/common';
import { CATALOG_RPC, type RpcPayload } from '@app/contracts';
import { Rpc } from '@app/common';
import { VideosService } from './videos.service.js';

@Controller()
export class VideosHandler {
  constructor(private readonly videos: VideosService) {}

  @Rpc(CATALOG_RPC.listVideos)
  list(request: RpcPayload<typeof CATALOG_RPC.listVideos>) {
    return this.videos.list(request);
  }

  @Rpc(CATALOG_RPC.getVideo)
  get({ id, minRevision, viewerId }: RpcPayload<typeof CATALOG_RPC.getVideo>) {
    return this.videos.get(id, minRevision, viewerId ?? null);
  }

  @Rpc(CATALOG_RPC.getVideos)
  async getMany({ videos }: RpcPayload<typeof CATALOG_RPC.getVideos>) {
    return {
      videos: await this.videos.getMany(videos.map(({ id, viewerId }) => ({ id, viewerId: viewerId ?? null }))),
    };
  }

  @Rpc(CATALOG_RPC.awaitVideo)
  async awaitVideo({ videoId, revision }: RpcPayload<typeof CATALOG_RPC.awaitVideo>) {
    return { caughtUp: await this.videos.awaitRevision(videoId, revision) };
  }
}
