import { Injectable } from '@nestjs/common';
import {
  encodePageCursor,
  type ListVideosRequest,
  type Page,
  type VideoDto,
  type VideoListCursor,
} from '@app/contracts';
import { NotFoundError } from '@app/common';
import { VideosRepository } from './videos.repository.js';
import { toVideoDto } from './video.mapper.js';
import { holdsRevision, pollUntil } from './listing-catch-up.js';

@Injectable()
export class VideosService {
  constructor(private readonly videos: VideosRepository) {}

  /**
   * Public: anyone may browse. An unknown category or uploader simply has no videos. The cursor of
   * the next page names the last video served, when more follow.
   */
  async list(request: ListVideosRequest & { viewerId?: string | null }): Promise<Page<VideoDto>> {
    const rows = await this.videos.findPageForListing(request);
    const items = rows.slice(0, request.limit);
    const last = items.at(-1);
    const more = rows.length > request.limit && last !== undefined;
    const position = more ? ({ o: request.sort, k: last.cursorKey, id: last.id } as VideoListCursor) : null;
    return { items: items.map(toVideoDto), nextCursor: position && encodePageCursor(position) };
  }

  /**
   * Public. The list item's shape, with the base64 thumbnail when the video has one. With
   * `minRevision`, first waits a short while for the projection to hold that revision; then
   * answers what it holds either way.
   */
  /** A video hidden pending review is not found, except by its uploader, who is told it is hidden. */
  async get(id: number, minRevision?: number, viewerId: string | null = null): Promise<VideoDto> {
    if (minRevision !== undefined) await this.awaitRevision(id, minRevision);
    const [video] = await this.getMany([{ id, viewerId }]);
    if (!video) throw new NotFoundError('video');
    return video;
  }

  /** Several readers' videos in one statement, in their order; null where `get` finds none (a hidden video for all but its uploader). */
  async getMany(requests: { id: number; viewerId: string | null }[]): Promise<(VideoDto | null)[]> {
    const rows = await this.videos.findDetailsByIds([...new Set(requests.map((request) => request.id))]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return requests.map(({ id, viewerId }) => {
      const row = byId.get(id);
      return !row || (row.hidden && row.uploaderId !== viewerId) ? null : toVideoDto(row);
    });
  }

  /** Whether the projection came to hold the video at `revision` or later (its removal included) in time. */
  awaitRevision(id: number, revision: number): Promise<boolean> {
    return pollUntil(
      () => this.videos.findRevision(id),
      (held) => holdsRevision(held, revision),
    );
  }
}
