import { Injectable } from '@nestjs/common';
import type { ListVideosRequest, VideoDto } from '@app/contracts';
import { NotFoundError } from '@app/common';
import { VideosRepository } from './videos.repository.js';
import { toVideoDto } from './video.mapper.js';

@Injectable()
export class VideosService {
  constructor(private readonly videos: VideosRepository) {}

  /** Public: anyone may browse. An unknown category or uploader simply has no videos. */
  async list(request: ListVideosRequest): Promise<VideoDto[]> {
    const rows = await this.videos.findPageForListing(request);
    return rows.map(toVideoDto);
  }

  /** Public. The list item's shape, with the base64 thumbnail when the row has one. */
  async get(id: number): Promise<VideoDto> {
    const row = await this.videos.findDetailById(id);
    if (!row) throw new NotFoundError('video');
    return toVideoDto(row);
  }
}
