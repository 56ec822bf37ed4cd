import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DOMAIN_EVENT_QUEUES, DOMAIN_EVENTS } from '@app/contracts';
import { JobQueues } from '@app/common';
import { idsOf } from '@app/database';
import { VideoDeletionsRepository } from './video-deletions.repository.js';

/**
 * Consumer of `video.deleted`: a video's feedback lives in this service's schema, where no
 * foreign key can reach it from the video service's, so the deletion arrives as an event.
 */
@Injectable()
export class VideoDeletionsProcessor implements OnModuleInit {
  constructor(
    private readonly queues: JobQueues,
    private readonly deletions: VideoDeletionsRepository,
  ) {}

  onModuleInit(): void {
    this.queues.registerWorker(DOMAIN_EVENT_QUEUES.feedbackVideoDeletions, async (job) => {
      const deleted = job.data.events.filter((event) => event.type === DOMAIN_EVENTS.videoDeleted);
      await this.deletions.deleteFeedbackOf(idsOf(deleted, 'videoId'));
    });
  }
}
