import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DOMAIN_EVENT_QUEUES } from '@app/contracts';
import { DomainEvents, idsOf } from '@app/database';
import { VideoFeedbackStatsRepository } from './video-feedback-stats.repository.js';

/** Consumer of the domain events that change a video's feedback numbers. */
@Injectable()
export class VideoFeedbackStatsProcessor implements OnModuleInit {
  constructor(
    private readonly events: DomainEvents,
    private readonly stats: VideoFeedbackStatsRepository,
  ) {}

  onModuleInit(): void {
    this.events.consume(DOMAIN_EVENT_QUEUES.videoFeedbackStats, (events) =>
      this.stats.deriveFor(
        idsOf(
          events.filter((event) => event.type.startsWith('feedback.')),
          'videoId',
        ),
      ),
    );
  }
}
