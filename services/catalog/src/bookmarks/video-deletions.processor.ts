import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DOMAIN_EVENT_QUEUES, DOMAIN_EVENTS } from '@app/contracts';
import { JobQueues } from '@app/common';
import { idsOf } from '@app/database';
import { BookmarksRepository } from './bookmarks.repository.js';

/**
 * Consumer of `video.deleted`: bookmarks live in the catalog's schema, where no foreign key can
 * reach them from the video service's, so a deleted video's bookmarks go when its event arrives
 * (lists never show them meanwhile: they only list videos that exist).
 */
@Injectable()
export class BookmarkVideoDeletionsProcessor implements OnModuleInit {
  constructor(
    private readonly queues: JobQueues,
    private readonly bookmarks: BookmarksRepository,
  ) {}

  onModuleInit(): void {
    this.queues.registerWorker(DOMAIN_EVENT_QUEUES.catalogVideoDeletions, async (job) => {
      const deleted = job.data.events.filter((event) => event.type === DOMAIN_EVENTS.videoDeleted);
      await this.bookmarks.removeAllForVideos(idsOf(deleted, 'videoId'));
    });
  }
}
