import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DOMAIN_EVENT_QUEUES } from '@app/contracts';
import { JobQueues } from '@app/common';
import { latestStates } from '@app/database';
import { VideoFeedbackStatsRepository } from './video-feedback-stats.repository.js';

/** Consumer of the feedback numbers of videos (`videoStats`) that the feedback service's events carry. */
@Injectable()
export class VideoFeedbackStatsProcessor implements OnModuleInit {
  constructor(
    private readonly queues: JobQueues,
    private readonly stats: VideoFeedbackStatsRepository,
  ) {}

  onModuleInit(): void {
    this.queues.registerWorker(DOMAIN_EVENT_QUEUES.videoFeedbackStats, (job) =>
      this.stats.apply(
        latestStates(
          job.data.events.flatMap((event) => event.videoStats ?? []),
          (stats) => stats.videoId,
        ),
      ),
    );
  }
}
