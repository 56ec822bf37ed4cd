import { Controller } from '@nestjs/common';
import { VIDEO_RPC, type RpcPayload } from '@app/contracts';
import { Rpc } from '@app/common';
import { VideosService } from '../videos/videos.service.js';

@Controller()
export class MediaHandler {
  constructor(private readonly videos: VideosService) {}

  /** Asked by the cleanup worker before it deletes stored objects. */
  @Rpc(VIDEO_RPC.referencedKeys)
  async referencedKeys({ keys }: RpcPayload<typeof VIDEO_RPC.referencedKeys>) {
    return { referenced: await this.videos.referencedKeys(keys) };
  }
}
