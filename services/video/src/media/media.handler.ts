import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import {
  MAX_REFERENCE_QUERY_KEYS,
  MEDIA_REFERENCE_PATTERNS,
  VIDEO_PATTERNS,
  type ProbeObjectRequest,
  type ProbeObjectResponse,
  type ReferencedKeysResponse,
} from '@app/contracts';
import { parsePayload } from '@app/common';
import { VideosService } from '../videos/videos.service.js';
import { MediaJobsService } from './media-jobs.service.js';
import { config } from '../config.js';

const referencedKeysSchema = z.object({
  keys: z.array(z.string().min(1).max(1024)).max(MAX_REFERENCE_QUERY_KEYS),
});

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
  @MessagePattern(MEDIA_REFERENCE_PATTERNS.videoKeys)
  async referencedKeys(@Payload() payload: unknown): Promise<ReferencedKeysResponse> {
    const { keys } = parsePayload(referencedKeysSchema, payload);
    return { referenced: await this.videos.referencedKeys(keys) };
  }
}
