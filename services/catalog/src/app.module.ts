import { Module } from '@nestjs/common';
import { DOMAIN_EVENT_QUEUES } from '@app/contracts';
import { AdminOfRecord, HealthModule, QueueModule } from '@app/common';
import { config } from './config.js';
import { CATALOG_DATABASE } from './db/catalog-database.js';
import { DatabaseModule } from '@app/database';
import { BookmarksHandler } from './bookmarks/bookmarks.handler.js';
import { BookmarksRepository } from './bookmarks/bookmarks.repository.js';
import { BookmarksService } from './bookmarks/bookmarks.service.js';
import { BookmarkVideoDeletionsProcessor } from './bookmarks/video-deletions.processor.js';
import { CategoriesHandler } from './categories/categories.handler.js';
import { CategoriesService } from './categories/categories.service.js';
import { CategoriesRepository } from './categories/categories.repository.js';
import { VideosHandler } from './videos/videos.handler.js';
import { VideosService } from './videos/videos.service.js';
import { VideosRepository } from './videos/videos.repository.js';

@Module({
  imports: [
    DatabaseModule.forRoot({ url: config.DATABASE_URL, applicationName: 'catalog', database: CATALOG_DATABASE }),
    // It records nothing in its outbox yet, so it runs no relay; it consumes a deleted video's event.
    QueueModule.forRoot({
      app: 'catalog',
      redisUrl: config.REDIS_URL,
      prefix: config.QUEUE_PREFIX,
      consumes: [DOMAIN_EVENT_QUEUES.catalogVideoDeletions],
    }),
    HealthModule.forApp('catalog'),
  ],
  controllers: [CategoriesHandler, VideosHandler, BookmarksHandler],
  providers: [
    CategoriesService,
    CategoriesRepository,
    VideosService,
    VideosRepository,
    BookmarksService,
    BookmarksRepository,
    BookmarkVideoDeletionsProcessor,
    {
      provide: AdminOfRecord,
      useFactory: () => new AdminOfRecord(config, 'catalog'),
    },
  ],
})
export class AppModule {}
