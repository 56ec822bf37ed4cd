import { Module, type OnApplicationShutdown, Inject } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { HealthModule, createRedisConnection } from '@app/common';
import { config } from './config.js';
import { DatabaseModule } from '@app/database';
import { MEDIA_QUEUE_PREFIX, MEDIA_REDIS, MediaJobsService } from './media/media-jobs.service.js';
import { MediaHandler } from './media/media.handler.js';

@Module({
  imports: [
    DatabaseModule.forRoot({ url: config.DATABASE_URL, applicationName: 'video' }),
    HealthModule.forApp('video'),
  ],
  controllers: [MediaHandler],
  providers: [
    { provide: MEDIA_REDIS, useFactory: () => createRedisConnection(config.REDIS_URL, 'video-service') },
    { provide: MEDIA_QUEUE_PREFIX, useValue: config.QUEUE_PREFIX },
    MediaJobsService,
  ],
})
export class AppModule implements OnApplicationShutdown {
  constructor(@Inject(MEDIA_REDIS) private readonly redis: Redis) {}

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
