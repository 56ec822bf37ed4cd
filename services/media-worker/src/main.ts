import { bootstrapService, JobQueues } from '@app/common';
import type { ObjectStorage } from '@app/storage';
import { AppModule } from './app.module.js';
import { config } from './config.js';
import { OBJECT_STORAGE } from './worker.tokens.js';
import { ffmpegVersion } from './ffmpeg/ffmpeg.js';
import { ffprobeVersion } from './ffmpeg/ffprobe.js';

void bootstrapService({
  app: 'media-worker',
  module: AppModule,
  healthPort: config.HEALTH_PORT,
  logging: config,
  indicators: (app) => [
    { name: 'redis', check: () => app.get(JobQueues).ping() },
    { name: 's3', check: () => app.get<ObjectStorage>(OBJECT_STORAGE).ping() },
    { name: 'ffprobe', check: async () => void (await ffprobeVersion(config.FFPROBE_PATH)) },
    { name: 'ffmpeg', check: async () => void (await ffmpegVersion(config.FFMPEG_PATH)) },
  ],
});
