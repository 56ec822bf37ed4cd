import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { HealthModule, createRedisConnection } from '@app/common';
import { objectStorageFromEnv, type ObjectStorage } from '@app/storage';
import { config } from './config.js';
import { OBJECT_STORAGE, ProbeProcessor, WORKER_REDIS } from './probe/probe.processor.js';

@Module({
  imports: [HealthModule.forApp()],
  providers: [
    { provide: WORKER_REDIS, useFactory: () => createRedisConnection(config.REDIS_URL, 'media-worker') },
    {
      provide: OBJECT_STORAGE,
      useFactory: async () => {
        const storage = objectStorageFromEnv(config);
        await storage.ensureBucket();
        return storage;
      },
    },
    ProbeProcessor,
  ],
})
export class AppModule implements OnApplicationShutdown {
  constructor(
    @Inject(WORKER_REDIS) private readonly redis: Redis,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  onApplicationShutdown(): void {
    this.redis.disconnect();
    this.storage.destroy();
  }
}
