import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { createRedisConnection } from '@app/common';
import { objectStorageFromEnv, type ObjectStorage } from '@app/storage';
import { config } from './config.js';
import { gatewayRpcClient } from './clients/rpc.client.js';
import { CatalogClient } from './clients/catalog.client.js';
import { AuthClient } from './clients/auth.client.js';
import { FeedbackClient } from './clients/feedback.client.js';
import { AuthController } from './auth/auth.controller.js';
import { AuthThrottleService } from './auth/auth-throttle.service.js';
import { SessionSetup } from './auth/session.setup.js';
import { AdminGuard } from './auth/admin.guard.js';
import { SignedInGuard } from './auth/signed-in.guard.js';
import { SignedInUserCache } from './auth/signed-in-user-cache.js';
import { UsersController } from './users/users.controller.js';
import { ServiceHealthClient } from './clients/service-health.client.js';
import { CategoriesController } from './categories/categories.controller.js';
import { VideosController } from './videos/videos.controller.js';
import { VideoItemsController } from './videos/video-items.controller.js';
import { VideoClient } from './clients/video.client.js';
import { AdminUsersController } from './admin/admin-users.controller.js';
import { BookmarksController } from './bookmarks/bookmarks.controller.js';
import { AdminClient } from './clients/admin.client.js';
import { QueueBoard } from './queues/queue-board.js';
import { FeedbackController, VideoFeedbackController } from './feedback/feedback.controller.js';
import { GatewayHealthController } from './health/gateway-health.controller.js';
import { GATEWAY_REDIS, GATEWAY_STORAGE } from './health/gateway-health.tokens.js';
import { SpaController } from './spa/spa.controller.js';
import { ListingCache } from './videos/listing-cache.js';
import { AppShell } from './spa/app-shell.js';
import { PrecompressedAssets } from './spa/precompressed-assets.js';
import { HttpDrain } from './http/http-drain.js';
import { ThrottleModule } from './throttle/throttle.module.js';
import { LiveSignals } from '@app/common';
import { NotificationsClient } from './clients/notifications.client.js';
import { NotificationsController } from './notifications/notifications.controller.js';
import { NotificationStreams } from './notifications/notification-streams.js';
import { AdminReportsController, ReportsController } from './reports/reports.controller.js';
import { OpenApiController } from './openapi/openapi.controller.js';

@Module({
  imports: [ThrottleModule],
  // SpaController last: its catch-all must not shadow API routes.
  controllers: [
    GatewayHealthController,
    AuthController,
    UsersController,
    CategoriesController,
    VideosController,
    VideoItemsController,
    AdminUsersController,
    BookmarksController,
    FeedbackController,
    VideoFeedbackController,
    NotificationsController,
    ReportsController,
    AdminReportsController,
    OpenApiController,
    SpaController,
  ],
  providers: [
    HttpDrain,
    AppShell,
    PrecompressedAssets,
    gatewayRpcClient,
    AdminClient,
    QueueBoard,
    CatalogClient,
    ListingCache,
    AuthClient,
    FeedbackClient,
    VideoClient,
    NotificationsClient,
    NotificationStreams,
    // Every replica hears the notifications service's and the catalog's live signals (infra/nats/nats-server.conf).
    { provide: LiveSignals, useFactory: () => LiveSignals.open(config, 'gateway') },
    AuthThrottleService,
    SessionSetup,
    SignedInGuard,
    SignedInUserCache,
    AdminGuard,
    ServiceHealthClient,
    { provide: GATEWAY_REDIS, useFactory: () => createRedisConnection(config.REDIS_URL, 'gateway') },
    {
      provide: GATEWAY_STORAGE,
      useFactory: async () => {
        const storage = objectStorageFromEnv(config);
        await storage.ensureBucket();
        return storage;
      },
    },
  ],
})
export class AppModule implements OnApplicationShutdown {
  constructor(
    @Inject(GATEWAY_REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_STORAGE) private readonly storage: ObjectStorage,
    private readonly signals: LiveSignals,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    this.redis.disconnect();
    this.storage.destroy();
    await this.signals.close();
  }
}
