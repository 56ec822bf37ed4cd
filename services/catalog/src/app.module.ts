import { Module, type OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { DOMAIN_EVENT_QUEUES } from '@app/contracts';
import { AdminOfRecord, HealthModule, LiveSignals, QueueModule, RpcClient } from '@app/common';
import { config } from './config.js';
import { CATALOG_DATABASE } from './db/catalog-database.js';
import { DatabaseModule, OutboxModule } from '@app/database';
import { BookmarksHandler } from './bookmarks/bookmarks.handler.js';
import { BookmarksRepository } from './bookmarks/bookmarks.repository.js';
import { BookmarksService } from './bookmarks/bookmarks.service.js';
import { BookmarkVideoDeletionsProcessor } from './bookmarks/video-deletions.processor.js';
import { CategoriesHandler } from './categories/categories.handler.js';
import { CategoriesService } from './categories/categories.service.js';
import { CategoriesRepository } from './categories/categories.repository.js';
import { ListingProjectionProcessor } from './listings/listing-projection.processor.js';
import { ListingProjectionRepository } from './listings/listing-projection.repository.js';
import { ListingProjectionService } from './listings/listing-projection.service.js';
import { PeopleOfRecord } from './listings/people-of-record.js';
import { VideosHandler } from './videos/videos.handler.js';
import { VideosService } from './videos/videos.service.js';
import { VideosRepository } from './videos/videos.repository.js';

/**
 * The catalog service: owns categories and bookmarks, and answers every list of videos from its
 * own listing projection, fed by the video and auth services' events.
 */
@Module({
  imports: [
    DatabaseModule.forRoot({ url: config.DATABASE_URL, applicationName: 'catalog', database: CATALOG_DATABASE }),
    QueueModule.forRoot({
      app: 'catalog',
      redisUrl: config.REDIS_URL,
      prefix: config.QUEUE_PREFIX,
      consumes: [DOMAIN_EVENT_QUEUES.catalogListings, DOMAIN_EVENT_QUEUES.catalogVideoDeletions],
    }),
    // Its relay delivers the category events it records.
    OutboxModule,
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
    ListingProjectionRepository,
    ListingProjectionService,
    ListingProjectionProcessor,
    PeopleOfRecord,
    {
      provide: AdminOfRecord,
      useFactory: () => new AdminOfRecord(config, 'catalog'),
    },
    {
      // Who an uploader is, asked of auth when the projection has not heard of them (AUTH_RPC.getUser).
      provide: RpcClient,
      useFactory: () => RpcClient.overNats(config, 'catalog', { deadlineMs: 2000 }),
    },
    // Tells every gateway that the public lists changed (CATALOG_LIVE_SUBJECT), so none serves a cached one.
    { provide: LiveSignals, useFactory: () => LiveSignals.open(config, 'catalog') },
  ],
})
export class AppModule implements OnApplicationShutdown {
  constructor(private readonly moduleRef: ModuleRef) {}

  async onApplicationShutdown(): Promise<void> {
    await this.moduleRef.get(LiveSignals).close();
  }
}
