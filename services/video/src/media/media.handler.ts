import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { VIDEO_PATTERNS, type ProbeObjectRequest, type ProbeObjectResponse } from '@app/contracts';
import { MediaJobsService } from './media-jobs.service.js';
import { config } from '../config.js';

@Controller()
export class MediaHandler {
  constructor(private readonly media: MediaJobsService) {}

  @MessagePattern(VIDEO_PATTERNS.probeObject)
  probe(@Payload() request: ProbeObjectRequest): Promise<ProbeObjectResponse> {
    const waitMs = Math.max(0, Math.min(Number(request?.waitMs) || 0, config.PROBE_WAIT_MAX_MS));
    return this.media.probe(String(request?.objectKey ?? ''), waitMs);
  }
}
