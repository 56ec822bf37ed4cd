import { OutboxEventEntity, type ServiceDatabase } from '@app/database';
import { VideoEntity } from './entities/video.entity.js';
import { VideoSchema1764000000000 } from './migrations/1764000000000-video-schema.js';

/** video's schema: videos, upload intents and its outbox (media jobs and video events). */
export const VIDEO_DATABASE: ServiceDatabase = {
  schema: 'video',
  entities: [VideoEntity, OutboxEventEntity],
  migrations: [VideoSchema1764000000000],
};
