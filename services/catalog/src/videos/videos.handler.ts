import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CATALOG_PATTERNS, getVideoRequestSchema, listVideosRequestSchema, type VideoDto } from '@app/contracts';
import { parsePayload } from '@app/common';
import { VideosService } from './videos.service.js';

@Controller()
export class VideosHandler {
  constructor(private readonly videos: VideosService) {}

  @MessagePattern(CATALOG_PATTERNS.listVideos)
  list(@Payload() payload: unknown): Promise<VideoDto[]> {
    return this.videos.list(parsePayload(listVideosRequestSchema, payload));
  }

  @MessagePattern(CATALOG_PATTERNS.getVideo)
  get(@Payload() payload: unknown): Promise<VideoDto> {
    return this.videos.get(parsePayload(getVideoRequestSchema, payload).id);
  }
}
