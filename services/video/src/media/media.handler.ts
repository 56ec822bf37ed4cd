import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import { MAX_REFERENCE_QUERY_KEYS, MEDIA_REFERENCE_PATTERNS, type ReferencedKeysResponse } from '@app/contracts';
import { parsePayload } from '@app/common';
import { VideosService } from '../videos/videos.service.js';

const referencedKeysSchema = z.object({
  keys: z.array(z.string().min(1).max(1024)).max(MAX_REFERENCE_QUERY_KEYS),
});

@Controller()
export class MediaHandler {
  constructor(private readonly videos: VideosService) {}

  /** Asked by the cleanup worker before it deletes stored objects. */
  @MessagePattern(MEDIA_REFERENCE_PATTERNS.videoKeys)
  async referencedKeys(@Payload() payload: unknown): Promise<ReferencedKeysResponse> {
    const { keys } = parsePayload(referencedKeysSchema, payload);
    return { referenced: await this.videos.referencedKeys(keys) };
  }
}
