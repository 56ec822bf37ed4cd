import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DOMAIN_EVENT_QUEUES } from '@app/contracts';
import { JobQueues } from '@app/common';
import { idsOf } from '@app/database';
import { VideoFeedbackStatsRepository } from './video-feedback-stats.repository.js';

/** Consumer of the domain events that change a video's feedback numbers. */
@Injectable()
export class VideoFeedbackStatsProcessor implements OnModuleInit {
  constructor(
    private readonly queues: JobQueues,
    private readonly stats: VideoFeedbackStatsRepository,
  ) {}

  onModuleInit(): void {
    this.queues.registerWorker(DOMAIN_EVENT_QUEUES.videoFeedbackStats, (job) =>
      this.stats.deriveFor(
        idsOf(
          job.data.events.filter((event) => event.type.startsWith('feedback.')),
          'videoId',
        ),
      ),
    );
  }
}
