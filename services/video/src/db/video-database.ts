import { OutboxEventEntity, type ServiceDatabase } from '@app/database';
import { UploaderStatsEntity } from './entities/uploader-stats.entity.js';
import { VideoEntity } from './entities/video.entity.js';
import { VideoSchema1764000000000 } from './migrations/1764000000000-video-schema.js';
import { VideoStateRevisions1764000000001 } from './migrations/1764000000001-video-state-revisions.js';
import { VideoStateBackfill1764000000002 } from './migrations/1764000000002-video-state-backfill.js';
import { PlaybackFrames1764000000003 } from './migrations/1764000000003-playback-frames.js';
import { VideoModeration1764000000170 } from './migrations/1764000000170-video-moderation.js';
import { PendingViews1764000000180 } from './migrations/1764000000180-pending-views.js';

/** video's schema: videos, their views not yet published, their uploaders' numbers, upload intents and its outbox (media jobs and video events). */
export const VIDEO_DATABASE: ServiceDatabase = {
  schema: 'video',
  entities: [VideoEntity, UploaderStatsEntity, OutboxEventEntity],
  migrations: [
    VideoSchema1764000000000,
    VideoStateRevisions1764000000001,
    VideoStateBackfill1764000000002,
    PlaybackFrames1764000000003,
    VideoModeration1764000000170,
    PendingViews1764000000180,
  ],
};
