import { Injectable } from '@nestjs/common';
import type { ListVideosRequest, VideoDto } from '@app/contracts';
import { NotFoundError } from '@app/common';
import { VideosRepository } from './videos.repository.js';
import { toVideoDto } from './video.mapper.js';
import { holdsRevision, pollUntil } from './listing-catch-up.js';

@Injectable()
export class VideosService {
  constructor(private readonly videos: VideosRepository) {}

  /** Public: anyone may browse. An unknown category or uploader simply has no videos. */
  async list(request: ListVideosRequest): Promise<VideoDto[]> {
    const rows = await this.videos.findPageForListing(request);
    return rows.map(toVideoDto);
  }

  /**
   * Public. The list item's shape, with the base64 thumbnail when the video has one. With
   * `minRevision`, first waits a short while for the projection to hold that revision; then
   * answers what it holds either way.
   */
  async get(id: number, minRevision?: number): Promise<VideoDto> {
    if (minRevision !== undefined) await this.awaitRevision(id, minRevision);
    const row = await this.videos.findDetailById(id);
    if (!row) throw new NotFoundError('video');
    return toVideoDto(row);
  }

  /** Whether the projection came to hold the video at `revision` or later (its removal included) in time. */
  awaitRevision(id: number, revision: number): Promise<boolean> {
    return pollUntil(
      () => this.videos.findRevision(id),
      (held) => holdsRevision(held, revision),
    );
  }
}
