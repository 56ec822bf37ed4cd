import { Module } from '@nestjs/common';
import { AdminOfRecord, HealthModule } from '@app/common';
import { config } from './config.js';
import { CATALOG_DATABASE } from './db/catalog-database.js';
import { DatabaseModule, DomainEventsModule } from '@app/database';
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
    DomainEventsModule.forRoot({ redisUrl: config.REDIS_URL, queuePrefix: config.QUEUE_PREFIX, appName: 'catalog' }),
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
