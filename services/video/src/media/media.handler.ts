import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  VIDEO_PATTERNS,
  VIDEO_RPC,
  type ProbeObjectRequest,
  type ProbeObjectResponse,
  type RpcPayload,
} from '@app/contracts';
import { Rpc } from '@app/common';
import { VideosService } from '../videos/videos.service.js';
import { MediaJobsService } from './media-jobs.service.js';
import { config } from '../config.js';

@Controller()
export class MediaHandler {
  constructor(
    private readonly media: MediaJobsService,
    private readonly videos: VideosService,
  ) {}

  @MessagePattern(VIDEO_PATTERNS.probeObject)
  probe(@Payload() request: ProbeObjectRequest): Promise<ProbeObjectResponse> {
    const waitMs = Math.max(0, Math.min(Number(request?.waitMs) || 0, config.PROBE_WAIT_MAX_MS));
    return this.media.probe(String(request?.objectKey ?? ''), waitMs);
  }

  /** Asked by the cleanup worker before it deletes stored objects. */
  @Rpc(VIDEO_RPC.referencedKeys)
  async referencedKeys({ keys }: RpcPayload<typeof VIDEO_RPC.referencedKeys>) {
    return { referenced: await this.videos.referencedKeys(keys) };
  }
}
